import { loadStartupMemoryContext, seedBootstrapTemplates } from "@promptstack/bootstrap";
import type { Diagnostic } from "@promptstack/core";
import type { DisplayPaths } from "./create-display-paths.js";

/** Options of `loadTurnStart`. */
export interface LoadTurnStartOptions {
  /** The configured agent workspace (never the execution folder). */
  readonly workspaceDir: string;
  /** Seed the missing bootstrap templates (the assembler's first turn with `seedWorkspace`). */
  readonly seed: boolean;
  /** What the user wrote; a bare `/new` or `/reset` loads the start-up block. */
  readonly userText?: string;
  /** The user's local date (`facts.time.date`); the start-up block reads no clock. */
  readonly today: string;
  /** `contextLimits.startupContextMaxChars`. */
  readonly startupMaxChars: number;
  readonly paths: DisplayPaths;
}

/** What the start of a turn did: templates seeded, the start-up block, diagnostics. */
export interface TurnStart {
  /** At least one template was written (cached folder listings are stale). */
  readonly seeded: boolean;
  readonly startup?: string;
  readonly diagnostics: readonly Diagnostic[];
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The turn-start work that writes or reads outside the cached bootstrap path: seeding the
 * configured workspace's missing templates, and the one-time start-up block of recent daily
 * memory on a bare `/new` or `/reset` (bounded by `startupContextMaxChars`).
 */
export async function loadTurnStart(options: LoadTurnStartOptions): Promise<TurnStart> {
  const diagnostics: Diagnostic[] = [];
  let seeded = false;
  if (options.seed) {
    const result = await seedBootstrapTemplates(options.workspaceDir);
    seeded = result.created.length > 0;
    if (seeded) {
      diagnostics.push({
        code: "AGENT_WORKSPACE_SEEDED",
        severity: "info",
        message: `Seeded ${result.created.join(", ")} into the new workspace ${options.paths.show(options.workspaceDir)}.`,
        path: options.paths.show(options.workspaceDir),
        hint: "Fill in the seeded files; BOOTSTRAP.md guides the first conversation.",
      });
    }
  }
  const command = options.userText?.trim().toLowerCase();
  if (command !== "/new" && command !== "/reset") return { seeded, diagnostics };
  if (!ISO_DATE.test(options.today)) {
    diagnostics.push({
      code: "AGENT_STARTUP_CONTEXT_SKIPPED",
      severity: "warning",
      message: `No start-up memory block: facts.time.date is ${JSON.stringify(options.today)}, not a YYYY-MM-DD date.`,
      path: "time.date",
      hint: "Send the user's local date as YYYY-MM-DD in the run facts.",
    });
    return { seeded, diagnostics };
  }
  const startup = await loadStartupMemoryContext({
    workspaceDir: options.workspaceDir,
    command,
    today: options.today,
    maxChars: options.startupMaxChars,
  });
  diagnostics.push(...startup.diagnostics.map(options.paths.showDiagnostic));
  return {
    seeded,
    ...(startup.block === null ? {} : { startup: startup.block }),
    diagnostics,
  };
}
