import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestTurns } from "@promptstack-tools/test-utils";
import type { TestTurns } from "@promptstack-tools/test-utils";
import type { AgentTurn } from "@promptstack/agent";
import { buildCodexTurn } from "../src/build-codex-turn.js";
import type { BuildCodexTurnOptions } from "../src/build-codex-turn.js";
import type { CodexModelCatalog } from "../src/parse-codex-model-catalog.js";

// How buildCodexTurn maps the assembled turn and its options onto the plan: each option passed
// or defaulted, the turn kind from the session, the effort from the turn's own catalog entry,
// the memory tools, the folders, and the diagnostics it adds.

const CATALOG: CodexModelCatalog = {
  source: "/home/u/.codex/models_cache.json",
  shape: "models_cache",
  models: [
    {
      slug: "other",
      baseInstructions: "OTHER",
      instructionsVariables: {},
      supportedReasoningEfforts: ["minimal"],
    },
    {
      slug: "gpt-5.5",
      instructionsTemplate: "BASE{{ personality }}",
      instructionsVariables: { personality_default: "-DEFAULT", personality_: "-EMPTY" },
      supportedReasoningEfforts: ["low", "high"],
    },
  ],
};

let turns: TestTurns;

beforeAll(async () => {
  turns = await createTestTurns({
    files: { "AGENTS.md": "AGENTS-BODY\n", "SOUL.md": "SOUL-BODY\n", "MEMORY.md": "MEMORY-BODY\n" },
  });
});

afterAll(async () => {
  await turns.close();
});

function options(overrides: Partial<BuildCodexTurnOptions> = {}): BuildCodexTurnOptions {
  return {
    connection: "managed-stdio",
    threadId: "t-1",
    userText: "hi",
    catalog: CATALOG,
    ...overrides,
  };
}

describe("buildCodexTurn options and defaults", () => {
  it("passes approval, sandbox, service name and config through to the plan", async () => {
    const { plan } = buildCodexTurn(
      await turns.turn(),
      options({
        approvalPolicy: "untrusted",
        sandbox: "danger-full-access",
        serviceName: "svc",
        config: { k: 1 },
      }),
    );
    expect(plan).toMatchObject({
      approvalPolicy: "untrusted",
      sandbox: "danger-full-access",
      serviceName: "svc",
      config: { k: 1 },
    });
  });

  it("defaults approval and sandbox and sends no service name or config", async () => {
    const { plan } = buildCodexTurn(await turns.turn(), options());
    expect(plan).toMatchObject({
      approvalPolicy: "never",
      sandbox: "workspace-write",
      turnKind: "normal",
    });
    expect(Object.keys(plan)).not.toContain("serviceName");
    expect(Object.keys(plan)).not.toContain("config");
  });

  it("takes the effort from the turn's own catalog entry, not the first one", async () => {
    const built = buildCodexTurn(await turns.turn({ thinkingLevel: "high" }), options());
    expect(built.plan.effort).toBe("high");
    const low = buildCodexTurn(await turns.turn({ thinkingLevel: "minimal" }), options());
    expect(low.plan.effort).toBe("low");
  });

  it("selects the model's instructions without a personality, labelled by the catalog file", async () => {
    const built = buildCodexTurn(await turns.turn(), options());
    expect(built.layers[0]).toStrictEqual({
      role: "system",
      source: "codex model prompt gpt-5.5 (models_cache.json)",
      text: "BASE",
    });
    const labelled = buildCodexTurn(await turns.turn(), options({ catalogLabel: "my catalog" }));
    expect(labelled.layers[0]?.source).toBe("codex model prompt gpt-5.5 (my catalog)");
  });

  it.each([
    [["memory_search", "memory_get"], "memory-note"],
    [["memory_search"], "turn-context"],
    [["memory_get"], "turn-context"],
  ])("with tools %j, MEMORY.md goes to %s", async (names, surface) => {
    const tools = names.map((name) => ({ name, description: `The ${name} tool.` }));
    const { plan } = buildCodexTurn(await turns.turn({ tools }), options());
    expect(plan.routing.find((decision) => decision.file === "MEMORY.md")?.surface).toBe(surface);
  });

  it("uses the execution folder for the params and its display path for the layers", async () => {
    const turn = await turns.turn();
    const elsewhere: AgentTurn = { ...turn, execution: { dir: "/abs/repo", shown: "~/repo" } };
    const built = buildCodexTurn(elsewhere, options());
    expect(built.plan.cwd).toBe("/abs/repo");
    expect(built.threadStart.cwd).toBe("/abs/repo");
    const shownHere = buildCodexTurn(
      { ...turn, workspace: { dir: turn.workspace.dir, shown: "~/ws" } },
      options(),
    );
    expect(shownHere.plan.cwd).toBe(turn.workspace.dir);
    const permissions = (layers: typeof built.layers) =>
      layers.find((layer) => layer.source === "codex-permissions (reconstructed)")?.text ?? "";
    expect(permissions(built.layers)).toContain("Writable root: ~/repo.");
    expect(permissions(shownHere.layers)).toContain("Writable root: ~/ws.");
  });

  it("derives the turn kind from the session: main is normal, cron is cron, light cron is cron-light", async () => {
    expect(buildCodexTurn(await turns.turn({ sessionKind: "main" }), options()).plan.turnKind).toBe(
      "normal",
    );
    expect(buildCodexTurn(await turns.turn({ sessionKind: "cron" }), options()).plan.turnKind).toBe(
      "cron",
    );
    expect(
      buildCodexTurn(await turns.turn({ sessionKind: "cron", lightContext: true }), options()).plan
        .turnKind,
    ).toBe("cron-light");
  });

  it("sends an empty user text when neither the options nor the turn have one", async () => {
    const turn = await turns.turn({ sessionKind: "cron", lightContext: true });
    const built = buildCodexTurn(
      { ...turn, turnInput: {} },
      options({ userText: undefined as never }),
    );
    expect(built.plan.turnInputText).toBe("");
  });

  it("routes the injected files, a missing one as omitted, one without injected text not at all", async () => {
    const turn = await turns.turn();
    const { injectedText: _dropped, ...agents } = turn.bootstrap.files[0]!;
    const notInjected = { ...agents, name: "TOOLS.md" };
    const { plan } = buildCodexTurn(
      { ...turn, bootstrap: { ...turn.bootstrap, files: [...turn.bootstrap.files, notInjected] } },
      options(),
    );
    expect(plan.routing.map(({ file, surface }) => [file, surface])).toStrictEqual([
      ["IDENTITY.md", "omitted"],
      ["USER.md", "omitted"],
      ["AGENTS.md", "codex-native"],
      ["SOUL.md", "parent-request-instructions"],
      ["MEMORY.md", "turn-context"],
    ]);
  });

  it("keeps the plan's diagnostics and adds an exact warning when the thread params changed", async () => {
    const first = buildCodexTurn(await turns.turn(), options({ connection: "external" }));
    expect(first.diagnostics.map((d) => d.code)).toStrictEqual(["BOOTSTRAP_COLLABORATION_CARRIER"]);
    const changed = buildCodexTurn(
      await turns.turn(),
      options({ connection: "external", thread: { ...first.threadStart, model: "other" } }),
    );
    expect(changed.diagnostics).toStrictEqual([
      first.diagnostics[0],
      {
        code: "CODEX_THREAD_PARAMS_CHANGED",
        severity: "warning",
        message:
          "this turn's thread-level params (stable policy, tools, model, folders) differ from the thread's; the turn still runs on the old thread",
        hint: "Start a new thread to apply the changed configuration.",
      },
    ]);
  });
});
