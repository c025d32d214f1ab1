import { buildAgentSystemPrompt } from "@promptstack/renderer";
import { describe, expect, it } from "vitest";
import { createTokenCounter, ESTIMATE_TOKEN_COUNTER } from "./create-token-counter.js";
import { explainProviderCache } from "./explain-provider-cache.js";
import { toTestTurn } from "../test/fixture-conversation.js";
import type { Tool } from "@promptstack/renderer";

const perChar = createTokenCounter("chars", (text) => text.length, true);
const render = (memory: string, time = "09:12") =>
  buildAgentSystemPrompt({
    identityLine: "x".repeat(3000),
    runtimeFactsLocation: "user-message",
    contextFiles: [{ path: "MEMORY.md", content: memory }],
    volatile: { time: { date: "2026-11-29", timeZone: "UTC" }, runtime: { host: `host-${time}` } },
  });
const tools: Tool[] = [{ name: "read", description: "r".repeat(1500) }];

describe("explainProviderCache", () => {
  it("Anthropic: an added tool is a full miss, because tools come first", () => {
    const result = explainProviderCache(
      toTestTurn(render("- tea"), { layout: "turn-context", tools }),
      toTestTurn(render("- tea"), { layout: "turn-context", tools: [...tools, { name: "cron" }] }),
      { provider: "anthropic", model: "claude-sonnet-4-5", countTokens: perChar },
    );
    expect(result.firstChange).toBe("tools[cron]");
    expect(result.toolChanges.added).toEqual(["cron"]);
    expect(result.reusedTokens).toBe(0);
    expect(result.historyReused).toBe(false);
    expect(result.lines.join(" ")).toContain("tools come first");
  });

  it("Anthropic: a MEMORY.md edit keeps the tools and, with a workspace boundary, the rules", () => {
    const options = {
      provider: "anthropic" as const,
      model: "claude-sonnet-4-5",
      countTokens: perChar,
    };
    const plain = explainProviderCache(
      toTestTurn(render("- tea"), { layout: "turn-context", tools }),
      toTestTurn(render("- coffee"), { layout: "turn-context", tools }),
      options,
    );
    const split = explainProviderCache(
      toTestTurn(render("- tea"), { layout: "turn-context", tools }),
      toTestTurn(render("- coffee"), { layout: "turn-context", tools }),
      { ...options, workspaceBoundary: ["workspace_files"] },
    );
    expect(plain.firstChange).toBe("system.rules");
    expect(split.firstChange).toBe("system.workspace");
    expect(plain.reusedTokens).toBeGreaterThan(1024);
    expect(split.reusedTokens).toBeGreaterThan(plain.reusedTokens + 3000);
  });

  it("turn-context: per-turn facts change nothing before the conversation", () => {
    const result = explainProviderCache(
      toTestTurn(render("- tea", "09:12"), { layout: "turn-context", tools }),
      toTestTurn(render("- tea", "17:45"), { layout: "turn-context", tools }),
      { provider: "openai", model: "gpt-5.5", countTokens: perChar },
    );
    expect(result.firstChange).toBeUndefined();
    expect(result.historyReused).toBe(true);
  });

  it("system-tail: per-turn facts sit before the history and re-bill it", () => {
    const result = explainProviderCache(
      toTestTurn(render("- tea", "09:12"), { layout: "system-tail", tools }),
      toTestTurn(render("- tea", "17:45"), { layout: "system-tail", tools }),
      { provider: "openai", model: "gpt-5.5", countTokens: perChar },
    );
    expect(result.firstChange).toBe("system.volatile");
    expect(result.historyReused).toBe(false);
    expect((result.reusedTokens - 1024) % 128).toBe(0);
  });

  // A counter that gives every block (and OpenAI's shared prefix) the same count.
  const flat = (tokens: number) => createTokenCounter("flat", (text) => (text === "" ? 0 : tokens));

  it("OpenAI: a changed tool list re-bills the prefix after it, in plain sentences", () => {
    const result = explainProviderCache(
      toTestTurn(render("- tea"), { layout: "turn-context", tools }),
      toTestTurn(render("- tea"), { layout: "turn-context", tools: [...tools, { name: "cron" }] }),
      { provider: "openai", countTokens: flat(1) },
    );
    expect(result).toEqual({
      provider: "openai",
      model: "gpt-5.5",
      layout: "turn-context",
      firstChange: "tools[cron]",
      toolChanges: { added: ["cron"], removed: [], changed: [] },
      prefixTokens: { before: 2, after: 3 },
      reusedTokens: 0,
      rebilledTokens: 3,
      historyReused: false,
      tokenCounter: { name: "flat", estimate: false },
      lines: [
        "The first change is in tools[cron].",
        "On OpenAI tools precede the instructions: the prefix after the change is re-billed.",
        "About 0 of 3 prefix tokens are reused; 3 are billed again, and so is the history after them.",
      ],
      diagnostics: [],
    });
  });

  it("Anthropic: a removed tool and a changed one, named; the whole prompt is re-billed", () => {
    const two: Tool[] = [...tools, { name: "write", description: "w" }];
    const result = explainProviderCache(
      toTestTurn(render("- tea"), { layout: "turn-context", tools: two }),
      toTestTurn(render("- tea"), {
        layout: "turn-context",
        tools: [{ name: "read", description: "changed" }],
      }),
      { provider: "anthropic", model: "claude-sonnet-4-5", countTokens: flat(600) },
    );
    expect(result).toMatchObject({
      firstChange: "tools[read]",
      toolChanges: { added: [], removed: ["write"], changed: ["read"] },
      prefixTokens: { before: 1800, after: 1200 },
      reusedTokens: 0,
      rebilledTokens: 1200,
      tokenCounter: { name: "flat", estimate: true },
      lines: [
        "The first change is in tools[read].",
        "On Anthropic tools come first (tools → system → messages): a changed tool list re-bills the whole prompt, system text and history included.",
        "About 0 of 1200 prefix tokens are reused; 1200 are billed again, and so is the history after them.",
      ],
    });
  });

  it("Anthropic: a workspace edit reads what the breakpoints before it hold, from exactly the minimum", () => {
    const explain = (tokensPerBlock: number) =>
      explainProviderCache(
        toTestTurn(render("- tea"), { layout: "turn-context", tools }),
        toTestTurn(render("- coffee"), { layout: "turn-context", tools }),
        {
          provider: "anthropic",
          model: "claude-sonnet-4-5",
          countTokens: flat(tokensPerBlock),
          workspaceBoundary: ["workspace_files"],
        },
      );
    // tools[read] and system.rules are read; system.workspace changed.
    expect(explain(512)).toMatchObject({
      firstChange: "system.workspace",
      prefixTokens: { before: 1536, after: 1536 },
      reusedTokens: 1024,
      rebilledTokens: 512,
      lines: [
        "The first change is in system.workspace.",
        "Entries at breakpoints before the change stay valid: the tools (and the rules, with a workspace boundary) are read from cache.",
        "About 1024 of 1536 prefix tokens are reused; 512 are billed again, and so is the history after them.",
      ],
    });
    expect(explain(511).reusedTokens).toBe(0);
  });

  it("nothing changed: the whole prefix is reused from exactly the minimum, none below it", () => {
    const explain = (tokensPerBlock: number, provider: "openai" | "anthropic") =>
      explainProviderCache(
        toTestTurn(render("- tea", "09:12"), { layout: "turn-context", tools }),
        toTestTurn(render("- tea", "17:45"), { layout: "turn-context", tools }),
        {
          provider,
          model: provider === "openai" ? "gpt-5.5" : "claude-sonnet-4-5",
          countTokens: flat(tokensPerBlock),
        },
      );
    for (const provider of ["openai", "anthropic"] as const) {
      expect(explain(512, provider)).toMatchObject({
        firstChange: undefined,
        reusedTokens: 1024,
        rebilledTokens: 0,
        historyReused: true,
        lines: ["Nothing before the conversation changed: the prefix and the history stay cached."],
      });
      expect(explain(511, provider)).toMatchObject({ reusedTokens: 0, rebilledTokens: 1022 });
    }
  });

  it("OpenAI: the shared prefix counts from exactly the minimum, in 128-token steps, at most the new prefix", () => {
    const explain = (tokens: number) =>
      explainProviderCache(
        toTestTurn(render("- tea"), { layout: "turn-context", tools }),
        toTestTurn(render("- coffee"), { layout: "turn-context", tools }),
        { provider: "openai", countTokens: flat(tokens) },
      ).reusedTokens;
    // The shared text and each block count `tokens` alike: the new prefix is 2 × tokens.
    expect(explain(1023)).toBe(0);
    expect(explain(1024)).toBe(1024);
    expect(explain(1024 + 127)).toBe(1024);
    expect(explain(1024 + 128)).toBe(1152);
    expect(explain(1024 + 300)).toBe(1280);
  });

  it("system-tail: a per-turn change says the history is re-billed, and how to avoid it", () => {
    const result = explainProviderCache(
      toTestTurn(render("- tea", "09:12"), { layout: "system-tail", tools }),
      toTestTurn(render("- tea", "17:45"), { layout: "system-tail", tools }),
      { provider: "anthropic", model: "claude-sonnet-4-5", countTokens: flat(600) },
    );
    expect(result.lines).toEqual([
      "The first change is in system.volatile.",
      "Only per-turn facts changed, but in the system-tail layout they sit before the history: the history is re-billed. The turn-context layout avoids this.",
      "Entries at breakpoints before the change stay valid: the tools (and the rules, with a workspace boundary) are read from cache.",
      "About 1200 of 1800 prefix tokens are reused; 600 are billed again, and so is the history after them.",
    ]);
  });

  it("labels the counter: its name, else `unnamed`; Claude counts are always estimates", () => {
    const turn = toTestTurn(render("- tea"), { layout: "turn-context", tools });
    const bare = {
      countTokens: (text: string) => text.length,
      isWithinLimit: (text: string, limit: number) => text.length <= limit,
    };
    expect(
      explainProviderCache(turn, turn, { provider: "openai", countTokens: bare }).tokenCounter,
    ).toEqual({
      name: "unnamed",
      estimate: false,
    });
    expect(
      explainProviderCache(turn, turn, { provider: "anthropic", countTokens: bare }).tokenCounter,
    ).toEqual({
      name: "unnamed",
      estimate: true,
    });
    expect(explainProviderCache(turn, turn, { provider: "openai" }).tokenCounter).toEqual({
      name: ESTIMATE_TOKEN_COUNTER.name,
      estimate: true,
    });
  });

  it("an unknown model: the rules' diagnostic, and the model defaults to the later turn's", () => {
    const turn = toTestTurn(render("- tea"), { layout: "turn-context", tools });
    const result = explainProviderCache(turn, turn, {
      provider: "anthropic",
      model: "claude-opus-9",
    });
    expect(result.model).toBe("claude-opus-9");
    expect(result.diagnostics.map((d) => d.code)).toEqual(["PROVIDERS_UNKNOWN_MODEL"]);
    expect(
      explainProviderCache(turn, { ...turn, modelId: "gpt-5.6" }, { provider: "openai" }).model,
    ).toBe("gpt-5.6");
  });

  it("OpenAI: a memory edit names the change without Anthropic's breakpoint sentence", () => {
    const result = explainProviderCache(
      toTestTurn(render("- tea"), { layout: "turn-context", tools }),
      toTestTurn(render("- coffee"), { layout: "turn-context", tools }),
      { provider: "openai", countTokens: flat(1024) },
    );
    expect(result.lines).toEqual([
      "The first change is in system.rules.",
      "About 1024 of 2048 prefix tokens are reused; 1024 are billed again, and so is the history after them.",
    ]);
  });

  it("Anthropic: a change in the second tool reads nothing, the first tool has no breakpoint", () => {
    const two: Tool[] = [...tools, { name: "write", description: "w" }];
    const result = explainProviderCache(
      toTestTurn(render("- tea"), { layout: "turn-context", tools: two }),
      toTestTurn(render("- tea"), {
        layout: "turn-context",
        tools: [...tools, { name: "write", description: "changed" }],
      }),
      { provider: "anthropic", model: "claude-sonnet-4-5", countTokens: flat(1100) },
    );
    expect(result).toMatchObject({ firstChange: "tools[write]", reusedTokens: 0 });
  });

  it("a later turn whose prefix is the start of the earlier one's: changed where it ends, reuse capped", () => {
    // system-tail → turn-context: the same tools and rules, without the per-turn block.
    const result = explainProviderCache(
      toTestTurn(render("- tea"), { layout: "system-tail", tools }),
      toTestTurn(render("- tea"), { layout: "turn-context", tools }),
      { provider: "openai", model: "gpt-5.6", countTokens: perChar },
    );
    expect(result.firstChange).toBe("system.volatile");
    expect(result.historyReused).toBe(false);
    // The shared text also holds the separator between blocks; never more than the new prefix.
    expect(result.reusedTokens).toBe(result.prefixTokens.after);
    expect(result.rebilledTokens).toBe(0);
  });

  it("a later turn that adds a block after the earlier prefix: changed at the added block", () => {
    const result = explainProviderCache(
      toTestTurn(render("- tea"), { layout: "turn-context", tools }),
      toTestTurn(render("- tea"), { layout: "system-tail", tools }),
      { provider: "anthropic", model: "claude-sonnet-4-5", countTokens: flat(600) },
    );
    expect(result).toMatchObject({
      firstChange: "system.volatile",
      historyReused: false,
      prefixTokens: { before: 1200, after: 1800 },
      reusedTokens: 1200,
    });
  });

  it("OpenAI counts only the text both prefixes share, not the whole new prefix", () => {
    const result = explainProviderCache(
      toTestTurn(render("- tea"), { layout: "turn-context", tools }),
      toTestTurn(render("- coffee"), { layout: "turn-context", tools }),
      { provider: "openai", model: "gpt-5.6", countTokens: perChar },
    );
    // gpt-5.6 counts every token (no steps): the reuse ends at the edit, so the edited
    // memory line and the blocks after it are billed again.
    const edit = result.prefixTokens.after - result.reusedTokens;
    expect(edit).toBeGreaterThan("coffee".length);
    expect(result.reusedTokens).toBeGreaterThan(3000);
  });

  it("a workspace section missing from the prompt text is reported for both turns", () => {
    const rendered = render("- tea");
    // As after a hook that rewrote the text: the section no longer appears in it.
    const rewritten = {
      ...rendered,
      sections: rendered.sections.map((section) =>
        section.id === "workspace_files" ? { ...section, text: "rewritten" } : section,
      ),
    };
    const turn = toTestTurn(rewritten, { layout: "turn-context", tools });
    const result = explainProviderCache(turn, turn, {
      provider: "anthropic",
      model: "claude-sonnet-4-5",
      workspaceBoundary: ["workspace_files"],
    });
    expect(result.diagnostics.map((d) => d.code)).toEqual([
      "PROVIDERS_WORKSPACE_BOUNDARY_NOT_FOUND",
      "PROVIDERS_WORKSPACE_BOUNDARY_NOT_FOUND",
    ]);
  });
});
