import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyBootstrapBudgets, formatMissingFileMarker } from "./apply-bootstrap-budgets.js";
import { BootstrapError } from "./bootstrap-error.js";
import type { RawBootstrapFile } from "./bootstrap-types.js";
import type { TokenCounter } from "@promptstack/core";
import { loadO200kTokenCounter } from "@promptstack/o200k";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function file(name: string, content: string | null): RawBootstrapFile {
  return { name, path: `/ws/${name}`, origin: "workspace", content };
}

/** One token per word-ish chunk: predictable for tests. */
const wordCounter: TokenCounter = {
  countTokens: (text) => text.split(/\s+/).filter(Boolean).length,
  isWithinLimit: (text, limit) => text.split(/\s+/).filter(Boolean).length <= limit,
};

describe("applyBootstrapBudgets", () => {
  it("injects files that fit as they are", () => {
    const result = applyBootstrapBudgets([file("AGENTS.md", "hello\n\n  ")]);
    expect(result.files).toEqual([
      {
        name: "AGENTS.md",
        path: "/ws/AGENTS.md",
        origin: "workspace",
        content: "hello",
        status: "ok",
      },
    ]);
    expect(result.truncated).toBe(false);
    expect(result.stats[0]).toMatchObject({
      status: "ok",
      rawChars: 5,
      injectedChars: 5,
      limitedBy: null,
    });
  });

  it("cuts a file to the per-file budget and reports it as data and as a diagnostic line", () => {
    const result = applyBootstrapBudgets([file("AGENTS.md", "x".repeat(51_800))]);
    const [stat] = result.stats;
    expect(stat).toMatchObject({ status: "truncated", rawChars: 51_800, limitedBy: "per-file" });
    expect(stat?.injectedChars).toBeLessThanOrEqual(20_000);
    expect(result.truncated).toBe(true);
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({
        code: "BOOTSTRAP_FILE_TRUNCATED",
        message: `AGENTS.md: 51800 -> ${stat?.injectedChars} (~61% removed; per-file limit)`,
      }),
    );
  });

  it("charges each file to the remaining total and cuts by the total limit", () => {
    const result = applyBootstrapBudgets(
      [file("AGENTS.md", "a".repeat(600)), file("SOUL.md", "b".repeat(600))],
      { maxChars: 1000, totalMaxChars: 1000 },
    );
    expect(result.stats.map((s) => [s.status, s.injectedChars, s.limitedBy])).toEqual([
      ["ok", 600, null],
      ["truncated", 400, "total"],
    ]);
  });

  it("reports per-file when the per-file budget equals what is left of the total", () => {
    const chars = applyBootstrapBudgets([file("AGENTS.md", "a".repeat(1500))], {
      maxChars: 1000,
      totalMaxChars: 1000,
    });
    expect(chars.stats[0]).toMatchObject({ status: "truncated", limitedBy: "per-file" });
    expect(chars.diagnostics[0]?.message).toMatch(/\(~\d+% removed; per-file limit\)$/);
    const words = Array.from({ length: 100 }, (_, i) => `w${i}`).join(" ");
    const tokens = applyBootstrapBudgets(
      [file("AGENTS.md", words)],
      { maxTokens: 50, totalMaxTokens: 50 },
      wordCounter,
    );
    expect(tokens.stats[0]).toMatchObject({ status: "truncated", limitedBy: "per-file" });
    expect(tokens.diagnostics[0]?.message).toMatch(/per-file token limit\)$/);
  });

  it("stops once fewer than 64 chars remain, with a diagnostic naming what was left out", () => {
    const result = applyBootstrapBudgets(
      [file("AGENTS.md", "a".repeat(950)), file("SOUL.md", "b"), file("USER.md", null)],
      { maxChars: 1000, totalMaxChars: 1000 },
    );
    expect(result.files.map((f) => f.name)).toEqual(["AGENTS.md"]);
    expect(result.stats.slice(1).map((s) => [s.status, s.reason])).toEqual([
      ["skipped", "total budget exhausted"],
      ["skipped", "total budget exhausted"],
    ]);
    expect(result.truncated).toBe(true);
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({
        code: "BOOTSTRAP_TOTAL_BUDGET_EXHAUSTED",
        message: "Total bootstrap budget exhausted; not injected: SOUL.md, USER.md.",
      }),
    );
  });

  it("still injects a file when exactly 64 chars remain", () => {
    const result = applyBootstrapBudgets(
      [file("AGENTS.md", "a".repeat(936)), file("SOUL.md", "b".repeat(10))],
      { maxChars: 1000, totalMaxChars: 1000 },
    );
    expect(result.files.map((f) => f.name)).toEqual(["AGENTS.md", "SOUL.md"]);
  });

  it("injects a missing-file marker and charges it to the total", () => {
    const marker = formatMissingFileMarker("/ws/SOUL.md");
    expect(marker).toBe("[MISSING] Expected at: /ws/SOUL.md");
    const result = applyBootstrapBudgets(
      [file("SOUL.md", null), file("USER.md", "u".repeat(200))],
      { totalMaxChars: 100 + marker.length },
    );
    expect(result.files[0]).toMatchObject({ status: "missing", content: marker });
    expect(result.files[1]?.content.length).toBe(100);
    expect(result.stats[0]).toMatchObject({
      status: "missing",
      rawChars: 0,
      injectedChars: marker.length,
    });
  });

  it("skips empty and whitespace-only files without charging them", () => {
    const result = applyBootstrapBudgets([file("SOUL.md", " \n\t\n"), file("USER.md", "")]);
    expect(result.files).toEqual([]);
    expect(result.stats.map((s) => [s.status, s.reason])).toEqual([
      ["skipped", "empty"],
      ["skipped", "empty"],
    ]);
    expect(result.truncated).toBe(false);
  });

  it("uses the whole-file size of a windowed read in counts and markers", () => {
    const content = "a".repeat(60_016) + "b".repeat(60_016);
    const result = applyBootstrapBudgets([
      { ...file("MEMORY.md", content), window: { rawChars: 5_000_000, gapAt: 60_016 } },
    ]);
    expect(result.stats[0]).toMatchObject({ rawChars: 5_000_000, status: "truncated" });
    expect(result.files[0]?.content).toMatch(
      /^a+\n\[\.\.\. truncated MEMORY\.md: kept \d+ of 5000000 chars \.\.\.\]\nb+$/,
    );
  });

  it("applies token budgets on top of char budgets", () => {
    const words = Array.from({ length: 400 }, (_, i) => `w${i}`).join(" ");
    const result = applyBootstrapBudgets(
      [file("AGENTS.md", words)],
      { maxTokens: 50 },
      wordCounter,
    );
    const [stat] = result.stats;
    expect(stat?.status).toBe("truncated");
    expect(wordCounter.countTokens(result.files[0]?.content ?? "")).toBeLessThanOrEqual(50);
    expect(result.diagnostics[0]?.message).toMatch(/per-file token limit\)$/);
  });

  it("re-cuts a file over its token budget in proportion, 3% under the limit", () => {
    // One token per char: the first re-cut fits, at 97% of the budget.
    const measured: number[] = [];
    const charCounter: TokenCounter = {
      countTokens: (text) => text.length,
      isWithinLimit: (text, limit) => {
        measured.push(text.length);
        return text.length <= limit;
      },
    };
    const result = applyBootstrapBudgets(
      [file("AGENTS.md", "a".repeat(500) + "b".repeat(500))],
      { maxTokens: 500 },
      charCounter,
    );
    const content = `${"a".repeat(322)}\n[... truncated AGENTS.md: kept 430 of 1000 chars ...]\n${"b".repeat(108)}`;
    expect(content).toHaveLength(485);
    expect(measured).toEqual([1000, 485]);
    expect(result).toEqual({
      files: [
        {
          name: "AGENTS.md",
          path: "/ws/AGENTS.md",
          origin: "workspace",
          content,
          status: "truncated",
        },
      ],
      stats: [
        {
          name: "AGENTS.md",
          path: "/ws/AGENTS.md",
          origin: "workspace",
          status: "truncated",
          rawChars: 1000,
          injectedChars: 485,
          limitedBy: "per-file",
        },
      ],
      truncated: true,
      diagnostics: [
        {
          code: "BOOTSTRAP_FILE_TRUNCATED",
          severity: "warning",
          message: "AGENTS.md: 1000 -> 485 (~52% removed; per-file token limit)",
          path: "/ws/AGENTS.md",
          hint: "The file on disk is untouched. Condense it, or raise the bootstrap budgets.",
        },
      ],
    });
  });

  it("names the char limit when chars cut a file that the token budget would allow", () => {
    const result = applyBootstrapBudgets(
      [file("AGENTS.md", "x".repeat(2000))],
      { maxChars: 1000, maxTokens: 50 },
      wordCounter,
    );
    expect(result.stats[0]).toMatchObject({ status: "truncated", limitedBy: "per-file" });
    expect(result.diagnostics[0]?.message).toMatch(/; per-file limit\)$/);
  });

  it("charges tokens to the total token budget", () => {
    const text = Array.from({ length: 30 }, () => "word").join(" ");
    const result = applyBootstrapBudgets(
      [file("AGENTS.md", text), file("SOUL.md", text), file("USER.md", text)],
      { totalMaxTokens: 50 },
      wordCounter,
    );
    expect(result.stats.map((s) => [s.status, s.limitedBy])).toEqual([
      ["ok", null],
      ["truncated", "total"],
      ["skipped", "total"],
    ]);
    expect(result.diagnostics[0]?.message).toMatch(/total token limit\)$/);
    const total = result.files.reduce((sum, f) => sum + wordCounter.countTokens(f.content), 0);
    expect(total).toBeLessThanOrEqual(50);
  });

  it("counts real o200k_base tokens when asked", async () => {
    const counter = await loadO200kTokenCounter();
    const text = "The quick brown fox jumps over the lazy dog. <|endoftext|> ".repeat(200);
    const result = applyBootstrapBudgets([file("MEMORY.md", text)], { maxTokens: 300 }, counter);
    expect(counter.countTokens(result.files[0]?.content ?? "")).toBeLessThanOrEqual(300);
    expect(result.files[0]?.status).toBe("truncated");
  });

  it("names the bad budget in the error's path and hint", () => {
    for (const key of ["maxChars", "totalMaxChars", "maxTokens", "totalMaxTokens"] as const) {
      try {
        applyBootstrapBudgets([], { [key]: 1.5 }, wordCounter);
        expect.unreachable();
      } catch (error) {
        expect(error).toMatchObject({
          name: "BootstrapError",
          code: "BOOTSTRAP_INVALID_OPTIONS",
          message: `Bootstrap budget ${key} must be a positive integer, got 1.5.`,
          path: `budgets.${key}`,
          hint: `Pass a whole number of at least 1, or leave ${key} unset.`,
        });
      }
    }
  });

  it("still injects a file when exactly the minimum of tokens remains", () => {
    const words = (count: number) => Array.from({ length: count }, (_, i) => `w${i}`).join(" ");
    const result = applyBootstrapBudgets(
      [file("AGENTS.md", words(20)), file("SOUL.md", words(40))],
      { totalMaxTokens: 36 },
      wordCounter,
    );
    expect(result.stats.map((s) => [s.name, s.status])).toEqual([
      ["AGENTS.md", "ok"],
      ["SOUL.md", "truncated"],
    ]);
  });

  it("cuts to a single char when only that fits the token budget, and skips a file when none does", () => {
    // Ten tokens per char.
    const heavy: TokenCounter = {
      countTokens: (text) => text.length * 10,
      isWithinLimit: (text, limit) => text.length * 10 <= limit,
    };
    const one = applyBootstrapBudgets([file("AGENTS.md", "abc")], { maxTokens: 16 }, heavy);
    expect(one.files.map((f) => f.content)).toEqual(["a"]);
    const none = applyBootstrapBudgets([file("AGENTS.md", "abc")], { maxTokens: 9 }, heavy);
    expect(none.files).toEqual([]);
    expect(none.truncated).toBe(true);
    expect(none.stats).toEqual([
      {
        name: "AGENTS.md",
        path: "/ws/AGENTS.md",
        origin: "workspace",
        status: "skipped",
        rawChars: 3,
        injectedChars: 0,
        limitedBy: "per-file",
        reason: "token budget too small",
      },
    ]);
    expect(none.diagnostics.map((d) => d.code)).toEqual(["BOOTSTRAP_TOTAL_BUDGET_EXHAUSTED"]);
  });

  it("rejects bad budgets and token budgets without a counter", () => {
    expect(() => applyBootstrapBudgets([], { maxChars: 0 })).toThrow(BootstrapError);
    expect(() => applyBootstrapBudgets([], { totalMaxChars: Number.NaN })).toThrow(
      /totalMaxChars must be a positive integer, got NaN/,
    );
    try {
      applyBootstrapBudgets([], { maxTokens: 10 });
      expect.unreachable();
    } catch (error) {
      expect(BootstrapError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({
        code: "BOOTSTRAP_INVALID_OPTIONS",
        message: "Token budgets are set but no token counter was given to applyBootstrapBudgets.",
        path: "tokenCounter",
        hint: "Pass tokenCounter: await loadO200kTokenCounter() from @promptstack/o200k, or budget in chars only.",
      });
    }
  });

  it("never exceeds any budget, never leaves a lone surrogate, and is deterministic", () => {
    const names = ["AGENTS.md", "SOUL.md", "IDENTITY.md", "USER.md", "BOOTSTRAP.md", "MEMORY.md"];
    const files = fc.array(
      fc.record({
        name: fc.constantFrom(...names),
        content: fc.option(fc.string({ unit: "binary", maxLength: 3000 }), { freq: 5 }),
      }),
      { maxLength: 7 },
    );
    fc.assert(
      fc.property(
        files,
        fc.integer({ min: 1, max: 2500 }),
        fc.integer({ min: 1, max: 6000 }),
        (entries, maxChars, totalMaxChars) => {
          const raw = entries.map((e) => file(e.name, e.content));
          const a = applyBootstrapBudgets(raw, { maxChars, totalMaxChars });
          expect(applyBootstrapBudgets(raw, { maxChars, totalMaxChars })).toEqual(a);
          const total = a.files.reduce((sum, f) => sum + f.content.length, 0);
          expect(total).toBeLessThanOrEqual(totalMaxChars);
          for (const f of a.files) {
            expect(f.content.length).toBeLessThanOrEqual(maxChars);
            expect(LONE_SURROGATE.test(f.content)).toBe(false);
          }
          expect(a.stats).toHaveLength(raw.length);
        },
      ),
      { numRuns: 300 },
    );
  });
});
