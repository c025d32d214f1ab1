import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createPromptAssembler } from "@promptstack/agent";
import type { AgentTurn, AgentTurnOptions, PromptAssemblerOptions } from "@promptstack/agent";
import { parseRunFacts } from "@promptstack/config";
import type { RunFacts } from "@promptstack/config";

/** The demo workspace of the README and the CLI. */
export const DEMO_WORKSPACE = fileURLToPath(
  new URL("../../../fixtures/workspaces/demo", import.meta.url),
);
const DEMO_SHOWN = "fixtures/workspaces/demo";

/** The demo, behind one assembler: turn `n` is the demo's facts dated n - 1 days later. */
export interface DemoTurns {
  readonly facts: RunFacts;
  /** Turn `n` (1-based): the demo facts with `time.date` 2026-11-29 plus n - 1 days. */
  turn(n: number, options?: AgentTurnOptions): Promise<AgentTurn>;
  close(): Promise<void>;
}

/**
 * The skill environment the demo is rendered under (its `.demo-roots/environment.json`: platform,
 * binaries on the PATH, environment variables), read from `workspaceDir` (a copy keeps it).
 */
export async function readDemoSkillEnvironment(
  workspaceDir: string = DEMO_WORKSPACE,
): Promise<NonNullable<PromptAssemblerOptions["skillEnvironment"]>> {
  const environment = JSON.parse(
    await readFile(join(workspaceDir, ".demo-roots", "environment.json"), "utf8"),
  ) as { platform: string; bins: string[]; env: Record<string, string> };
  return {
    platform: environment.platform,
    env: environment.env,
    hasBin: (name) => environment.bins.includes(name),
  };
}

/**
 * The assembler options of the demo as the CLI sets it up: the demo config, its side skill roots
 * and hermetic skill environment, the workspace shown as `fixtures/workspaces/demo`. `workspaceDir`
 * may be a copy of the demo (for a test or bench that edits its files).
 */
export async function createDemoAssemblerOptions(
  workspaceDir: string = DEMO_WORKSPACE,
): Promise<PromptAssemblerOptions> {
  const roots = join(DEMO_WORKSPACE, ".demo-roots");
  return {
    config: join(workspaceDir, "config.json5"),
    workspaceDir,
    extraSkillRoots: [
      {
        tier: "plugin",
        dir: join(roots, "plugins", "voice-call", "skills"),
        pluginId: "voice-call",
      },
      { tier: "bundled", dir: join(roots, "bundled") },
      { tier: "managed", dir: join(roots, "managed") },
    ],
    skillEnvironment: await readDemoSkillEnvironment(),
    homeDir: "/home/demo",
    displayPaths: [{ real: workspaceDir, shown: DEMO_SHOWN }],
  };
}

/**
 * Test and bench helper: the demo workspace through `createPromptAssembler`, set up as the CLI
 * sets it up (the demo config, its side skill roots and hermetic skill environment, the
 * workspace shown as `fixtures/workspaces/demo`). Time Context shows the date only, so the
 * per-turn fact that moves from turn to turn is the date.
 */
export async function createDemoTurns(
  options: Pick<PromptAssemblerOptions, "factsLocation" | "product" | "prefixPolicy"> & {
    /** A copy of the demo workspace to use instead (a test that edits its files). */
    readonly workspaceDir?: string;
  } = {},
): Promise<DemoTurns> {
  const { workspaceDir = DEMO_WORKSPACE, ...assemblerOptions } = options;
  const facts = parseRunFacts(
    JSON.parse(await readFile(join(DEMO_WORKSPACE, "facts.json"), "utf8")),
  );
  const assembler = await createPromptAssembler({
    ...assemblerOptions,
    ...(await createDemoAssemblerOptions(workspaceDir)),
  });
  return {
    facts,
    turn: (n, turnOptions) => {
      const date = new Date(Date.UTC(2026, 10, 29 + (n - 1))).toISOString().slice(0, 10);
      return assembler.turn({ ...facts, time: { ...facts.time, date } }, turnOptions);
    },
    close: () => assembler.close(),
  };
}
