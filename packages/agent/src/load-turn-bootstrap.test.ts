import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createTempDir } from "@promptstack-tools/test-utils";
import { parseConfig, parseRunFacts, resolveAgentSystemPromptConfig } from "@promptstack/config";
import type { AgentPromptSettings } from "@promptstack/config";
import type { TokenCounter } from "@promptstack/core";
import { NEUTRAL_PRODUCT_PROFILE, OPENCLAW_PRODUCT_PROFILE } from "@promptstack/renderer";
import { describe, expect, it } from "vitest";
import { createDisplayPaths } from "./create-display-paths.js";
import { createFolderCache } from "./create-folder-cache.js";
import { loadTurnBootstrap } from "./load-turn-bootstrap.js";
import type { TurnBootstrapRequest } from "./load-turn-bootstrap.js";

const FACTS = fileURLToPath(
  new URL("../../../fixtures/workspaces/demo/facts.json", import.meta.url),
);

/** One token per character: easy to reason about at a budget. */
const charTokens: TokenCounter = {
  countTokens: (text) => text.length,
  isWithinLimit: (text, limit) => text.length <= limit,
};

async function request(
  workspaceDir: string,
  settings: AgentPromptSettings,
  extra: Partial<TurnBootstrapRequest> = {},
): Promise<TurnBootstrapRequest> {
  const resolved = resolveAgentSystemPromptConfig(
    parseConfig({ agents: { defaults: settings } }).config,
    { agentId: "main", sessionKind: "main", promptMode: "full" },
  );
  return {
    workspaceDir,
    facts: parseRunFacts(JSON.parse(await readFile(FACTS, "utf8"))),
    profile: OPENCLAW_PRODUCT_PROFILE,
    budgets: resolved.budgets,
    tokenCounter: () => Promise.resolve(charTokens),
    folders: createFolderCache(),
    cache: new Map(),
    reads: { reads: 0 },
    paths: createDisplayPaths([]),
    ...extra,
  };
}

describe("loadTurnBootstrap", () => {
  it("loads the workspace, the execution folder and the hooks' files; raw text only of whole reads", async () => {
    const root = createTempDir("promptstack-turn-bootstrap-");
    const workspaceDir = join(root, "ws");
    const executionDir = join(root, "exec");
    await mkdir(workspaceDir);
    await mkdir(executionDir);
    await writeFile(join(workspaceDir, "AGENTS.md"), "Workspace rules.\n");
    await writeFile(join(workspaceDir, "MEMORY.md"), "x".repeat(10_000));
    await writeFile(join(executionDir, "AGENTS.md"), "Execution folder rules.\n");
    const { bootstrap, rawByPath } = await loadTurnBootstrap(
      await request(
        workspaceDir,
        { bootstrapMaxChars: 300 },
        {
          executionDir,
          hooks: {
            "agent:bootstrap": [
              (event) => {
                event.files.push({
                  name: "USER.md",
                  path: join(workspaceDir, "USER.md"),
                  origin: "workspace",
                  content: "Added by a hook.",
                });
              },
            ],
          },
        },
      ),
    );
    const stat = (
      path: string,
      origin: string,
      status: string,
      rawChars: number,
      injectedChars: number,
      limitedBy: string | null = null,
    ) => ({
      name: path.split("/").pop(),
      path,
      origin,
      status,
      rawChars,
      injectedChars,
      limitedBy,
    });
    expect(bootstrap.stats).toEqual([
      stat(join(workspaceDir, "AGENTS.md"), "workspace", "ok", 16, 16),
      stat(join(workspaceDir, "SOUL.md"), "workspace", "missing", 0, 72),
      stat(join(workspaceDir, "IDENTITY.md"), "workspace", "missing", 0, 76),
      stat(join(workspaceDir, "USER.md"), "workspace", "ok", 16, 16),
      stat(join(workspaceDir, "MEMORY.md"), "workspace", "truncated", 10_000, 300, "per-file"),
      stat(join(executionDir, "AGENTS.md"), "execution", "ok", 23, 23),
    ]);
    // MEMORY.md was read as a head-and-tail window, the missing files not at all.
    expect(rawByPath).toEqual(
      new Map([
        [join(workspaceDir, "AGENTS.md"), "Workspace rules.\n"],
        [join(executionDir, "AGENTS.md"), "Execution folder rules.\n"],
      ]),
    );
  });

  it.each([
    [{ bootstrapMaxTokens: 10 }, { status: "truncated", injectedChars: 9, limitedBy: "per-file" }],
    [
      { bootstrapTotalMaxTokens: 10 },
      { status: "skipped", injectedChars: 0, limitedBy: "total", reason: "total budget exhausted" },
    ],
  ])("applies the token budget %j with the counter", async (settings, outcome) => {
    const workspaceDir = createTempDir("promptstack-turn-bootstrap-");
    await writeFile(join(workspaceDir, "AGENTS.md"), "Workspace rules, more than ten tokens.\n");
    const { bootstrap } = await loadTurnBootstrap(
      await request(workspaceDir, settings, { profile: NEUTRAL_PRODUCT_PROFILE }),
    );
    expect(bootstrap.stats).toEqual([
      {
        name: "AGENTS.md",
        path: join(workspaceDir, "AGENTS.md"),
        origin: "workspace",
        rawChars: 38,
        ...outcome,
      },
    ]);
  });

  it("loads no token counter without a token budget", async () => {
    const workspaceDir = createTempDir("promptstack-turn-bootstrap-");
    await writeFile(join(workspaceDir, "AGENTS.md"), "Workspace rules.\n");
    const { bootstrap } = await loadTurnBootstrap(
      await request(
        workspaceDir,
        {},
        {
          profile: NEUTRAL_PRODUCT_PROFILE,
          tokenCounter: () => Promise.reject(new Error("no counter wanted")),
        },
      ),
    );
    expect(bootstrap.stats.map((stat) => stat.status)).toEqual(["ok"]);
  });
});
