import { buildAgentSystemPrompt } from "@promptstack/renderer";
import { describe, expect, it } from "vitest";
import { createTokenCounter } from "./create-token-counter.js";
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
});
