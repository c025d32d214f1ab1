import { readdir, realpath } from "node:fs/promises";
import { isAbsolute, join } from "node:path";
import { BUDGET_DEFAULTS } from "@promptstack/core";
import type { Diagnostic } from "@promptstack/core";
import { BootstrapError } from "./bootstrap-error.js";
import { BOOTSTRAP_MIN_REMAINING_CHARS } from "./bootstrap-file-names.js";
import { readBootstrapFile } from "./read-bootstrap-file.js";
import { isInsideRoot } from "@promptstack/safe-read";
import { truncateBootstrapContent } from "./truncate-bootstrap-content.js";

/** Options of `loadStartupMemoryContext`. */
export interface LoadStartupMemoryContextOptions {
  /** The configured agent workspace (absolute). */
  readonly workspaceDir: string;
  /** The turn's text; only a bare `/new` or `/reset` gets startup context. */
  readonly command: string;
  /** Today's date as `YYYY-MM-DD`, from the caller's clock in the user's time zone. */
  readonly today: string;
  /** Size of the whole block, headings included. Default 8000. */
  readonly maxChars?: number;
  /** Most daily files to include, newest first. Default 3. */
  readonly maxFiles?: number;
}

/** One daily memory file in the startup block. */
export interface StartupMemoryFile {
  readonly path: string;
  readonly rawChars: number;
  readonly injectedChars: number;
  readonly truncated: boolean;
}

/** Result of `loadStartupMemoryContext`. `block` is `null` when there is nothing to add. */
export interface StartupMemoryContext {
  readonly block: string | null;
  readonly files: readonly StartupMemoryFile[];
  readonly diagnostics: readonly Diagnostic[];
}

const DAILY_FILE = /^\d{4}-\d{2}-\d{2}\.md$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const BLOCK_HEADING = "[Startup context: recent daily memory, included once for this first turn]";
const BARE_COMMANDS: ReadonlySet<string> = new Set(["/new", "/reset"]);

function invalid(message: string, path: string, hint: string): BootstrapError {
  return new BootstrapError("BOOTSTRAP_INVALID_OPTIONS", message, { path, hint });
}

/**
 * On a bare `/new` or `/reset` turn, loads the most recent daily `memory/YYYY-MM-DD.md` files
 * (newest first by name, none after `today`) into one bounded block for that first turn only.
 * Uses the same safe reader as bootstrap files. Reads no clock.
 */
export async function loadStartupMemoryContext(
  options: LoadStartupMemoryContextOptions,
): Promise<StartupMemoryContext> {
  const { workspaceDir, today } = options;
  const { maxChars, maxFiles } = resolveStartupLimits(options);
  const none: StartupMemoryContext = { block: null, files: [], diagnostics: [] };
  if (!BARE_COMMANDS.has(options.command.trim().toLowerCase())) return none;
  const listed = await listDailyMemoryFiles(workspaceDir, today, maxFiles);
  if (listed.kind === "none") return { ...none, diagnostics: listed.diagnostics };
  return readDailyMemoryBlock(workspaceDir, listed.workspaceReal, listed.daily, maxChars);
}

/** Checks the options and applies the defaults; a bad option throws `BOOTSTRAP_INVALID_OPTIONS`. */
function resolveStartupLimits(options: LoadStartupMemoryContextOptions): {
  readonly maxChars: number;
  readonly maxFiles: number;
} {
  const { workspaceDir, today } = options;
  const maxChars = options.maxChars ?? BUDGET_DEFAULTS.startupContextMaxChars;
  const maxFiles = options.maxFiles ?? 3;
  if (typeof workspaceDir !== "string" || !isAbsolute(workspaceDir)) {
    throw invalid("workspaceDir must be an absolute path.", "workspaceDir", "Resolve it first.");
  }
  if (!DATE.test(today)) {
    throw invalid(
      `today must be a YYYY-MM-DD date, got ${JSON.stringify(String(today))}.`,
      "today",
      "Format the user's local date as YYYY-MM-DD.",
    );
  }
  if (!Number.isSafeInteger(maxChars) || maxChars < 1) {
    throw invalid("maxChars must be a positive integer.", "maxChars", "Pass a whole number.");
  }
  if (typeof options.command !== "string") {
    throw invalid(
      "command must be the turn's text.",
      "command",
      "Pass the user's message as a string.",
    );
  }
  if (!Number.isSafeInteger(maxFiles) || maxFiles < 0) {
    throw invalid("maxFiles must be a whole number.", "maxFiles", "Pass 0 or more.");
  }
  return { maxChars, maxFiles };
}

/**
 * The daily files to read (newest first, none after `today`, at most `maxFiles`) and the
 * workspace's real path; none when the workspace or its `memory/` folder is missing, unreadable
 * or outside the workspace (that one with a warning).
 */
async function listDailyMemoryFiles(
  workspaceDir: string,
  today: string,
  maxFiles: number,
): Promise<
  | { readonly kind: "listed"; readonly workspaceReal: string; readonly daily: readonly string[] }
  | { readonly kind: "none"; readonly diagnostics: readonly Diagnostic[] }
> {
  let workspaceReal: string;
  let memoryReal: string;
  try {
    workspaceReal = await realpath(workspaceDir);
    memoryReal = await realpath(join(workspaceDir, "memory"));
  } catch {
    return { kind: "none", diagnostics: [] };
  }
  // Even listing a folder outside the workspace is a read outside it: check before readdir.
  if (!isInsideRoot(workspaceReal, memoryReal)) {
    return {
      kind: "none",
      diagnostics: [
        {
          code: "BOOTSTRAP_FILE_OUTSIDE_WORKSPACE",
          severity: "warning",
          message: `memory resolves to ${memoryReal}, outside ${workspaceReal}; no startup context.`,
          path: join(workspaceDir, "memory"),
          hint: "Keep daily memory files in a real memory/ folder inside the workspace.",
        },
      ],
    };
  }
  let names: string[];
  try {
    names = await readdir(memoryReal);
  } catch {
    return { kind: "none", diagnostics: [] };
  }
  const daily = names
    .filter((name) => DAILY_FILE.test(name) && name.slice(0, 10) <= today)
    .sort()
    .reverse()
    .slice(0, maxFiles);
  return { kind: "listed", workspaceReal, daily };
}

/**
 * Reads the daily files in order into one block of at most `maxChars` (headings included),
 * through the safe reader, stopping when too little room is left for another file.
 */
async function readDailyMemoryBlock(
  workspaceDir: string,
  workspaceReal: string,
  daily: readonly string[],
  maxChars: number,
): Promise<StartupMemoryContext> {
  const diagnostics: Diagnostic[] = [];
  const files: StartupMemoryFile[] = [];
  const parts: string[] = [BLOCK_HEADING];
  let used = BLOCK_HEADING.length;
  for (const name of daily) {
    const display = `memory/${name}`;
    const heading = `\n\n## ${display}\n`;
    const room = maxChars - used - heading.length;
    if (room < BOOTSTRAP_MIN_REMAINING_CHARS) break;
    const filePath = join(workspaceDir, "memory", name);
    const read = await readBootstrapFile({ filePath, rootRealPath: workspaceReal, maxChars: room });
    if (read.kind === "missing") continue;
    if (read.kind === "skipped") {
      diagnostics.push(read.diagnostic);
      continue;
    }
    diagnostics.push(...read.diagnostics);
    const content = read.content.trimEnd();
    if (content === "") continue;
    const rawChars = read.window?.rawChars ?? content.length;
    const cut = truncateBootstrapContent(content, {
      name: display,
      limit: room,
      rawChars,
      ...(read.window === undefined ? {} : { gapAt: Math.min(read.window.gapAt, content.length) }),
    });
    parts.push(heading, cut.text);
    used += heading.length + cut.text.length;
    files.push({
      path: filePath,
      rawChars,
      injectedChars: cut.text.length,
      truncated: cut.truncated,
    });
  }
  if (files.length === 0) return { block: null, files, diagnostics };
  return { block: parts.join(""), files, diagnostics };
}
