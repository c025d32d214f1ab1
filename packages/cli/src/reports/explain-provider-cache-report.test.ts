import { describe, expect, it } from "vitest";
import { markingStyler as TAGS } from "../../test/marking-styler.js";
import { formatProviderCacheReport } from "./explain-provider-cache-report.js";
import type { ProviderCacheReport } from "./explain-provider-cache-report.js";

const REPORT: ProviderCacheReport = {
  version: 1,
  estimate: true,
  before: "old.json",
  after: "new.json",
  provider: "anthropic",
  model: "claude-sonnet-4-5",
  layout: "turn-context",
  firstChange: "system.workspace",
  toolChanges: { added: [], removed: [], changed: [] },
  prefixTokens: { before: 2000, after: 2100 },
  reusedTokens: 1500,
  rebilledTokens: 600,
  historyReused: false,
  tokenCounter: { name: "o200k_base", estimate: false },
  lines: ["The prefix changes at system.workspace."],
  diagnostics: [],
};

const HEAD = "<bold>anthropic (claude-sonnet-4-5), turn-context layout: old.json → new.json</bold>";

describe("formatProviderCacheReport", () => {
  it("a partial hit: no full-miss line; an exact counter says no estimate", () => {
    expect(formatProviderCacheReport(REPORT, TAGS)).toBe(
      [
        HEAD,
        "The prefix changes at system.workspace.",
        "Prefix (tools + system): 2,000 tokens before, 2,100 after; 1,500 read from cache, 600 billed again.",
        "<dim>Token counts: o200k_base. An estimate under SPEC §11 rules, not a bill.</dim>",
        "",
      ].join("\n"),
    );
  });

  it("nothing reused after a change is a full miss; tool changes are listed by kind", () => {
    const report: ProviderCacheReport = {
      ...REPORT,
      firstChange: "tools[read]",
      toolChanges: { added: ["cron", "browse"], removed: ["exec"], changed: ["read"] },
      reusedTokens: 0,
      rebilledTokens: 2100,
      tokenCounter: { name: "chars/4", estimate: true },
      lines: [],
    };
    expect(formatProviderCacheReport(report, TAGS)).toBe(
      [
        HEAD,
        "<red>Full miss: nothing of the prefix is read from cache.</red>",
        "Tools added: cron, browse.",
        "Tools removed: exec.",
        "Tools changed: read.",
        "Prefix (tools + system): 2,000 tokens before, 2,100 after; 0 read from cache, 2,100 billed again.",
        "<dim>Token counts: chars/4, an estimate for this model. An estimate under SPEC §11 rules, not a bill.</dim>",
        "",
      ].join("\n"),
    );
  });

  it("an empty prefix with no change reuses nothing, and is no miss", () => {
    const report: ProviderCacheReport = {
      ...REPORT,
      firstChange: undefined,
      prefixTokens: { before: 0, after: 0 },
      reusedTokens: 0,
      rebilledTokens: 0,
      lines: [],
    };
    expect(formatProviderCacheReport(report, TAGS).split("\n")[1]).toBe(
      "Prefix (tools + system): 0 tokens before, 0 after; 0 read from cache, 0 billed again.",
    );
  });
});
