import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createPromptAssembler } from "@promptstack/agent";
import type { AgentTurn, PromptAssemblerOptions } from "@promptstack/agent";
import type { RunFactsInput } from "@promptstack/config";

/** Run facts every test turn starts from (a Telegram direct chat on gpt-5.5). */
export const TEST_TURN_FACTS: RunFactsInput = {
  sessionKind: "main",
  model: { id: "gpt-5.5", provider: "openai" },
  channel: { id: "telegram", chatType: "direct" },
  sender: "Sam (@sam)",
  time: { timeZone: "Europe/Lisbon", date: "2026-11-30", time: "09:15" },
  runtime: { host: "h1", os: "linux 6.8", node: "v20.19.0" },
  tools: [
    { name: "exec", description: "Run a shell command." },
    { name: "message", description: "Send a message on a channel." },
  ],
};

/** Options of `createTestTurns`. */
export interface TestTurnsOptions extends Omit<PromptAssemblerOptions, "workspaceDir"> {
  /** Workspace files by relative path. Default: an AGENTS.md and a SOUL.md. */
  readonly files?: Readonly<Record<string, string>>;
}

/** A temp workspace and an assembler over it; `close` removes both. */
export interface TestTurns {
  readonly workspaceDir: string;
  /** One assembled turn: `TEST_TURN_FACTS` with `facts` merged over it (top-level keys). */
  turn(facts?: Partial<RunFactsInput>): Promise<AgentTurn>;
  close(): Promise<void>;
}

/**
 * Test helper: real assembled turns (the adapters take nothing else) over a temp workspace, for
 * the providers, Codex and CLI tests. Skills are confined to the workspace; nothing of the
 * machine's home is read.
 */
export async function createTestTurns(options: TestTurnsOptions = {}): Promise<TestTurns> {
  const workspaceDir = await mkdtemp(join(tmpdir(), "promptstack-turns-"));
  const { files, ...assemblerOptions } = options;
  const contents = files ?? {
    "AGENTS.md": "# Agents\n\nAnswer in the user's language.\n",
    "SOUL.md": "# Soul\n\nCalm and precise.\n",
  };
  for (const [path, text] of Object.entries(contents)) {
    const file = join(workspaceDir, path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, text);
  }
  const assembler = await createPromptAssembler({
    skillRoots: [],
    skillEnvironment: { platform: "linux", env: {}, hasBin: () => false },
    ...assemblerOptions,
    workspaceDir,
  });
  return {
    workspaceDir,
    turn: (facts = {}) => assembler.turn({ ...TEST_TURN_FACTS, ...facts }),
    close: async () => {
      await assembler.close();
      await rm(workspaceDir, { recursive: true, force: true });
    },
  };
}
