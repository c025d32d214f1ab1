import { describe, expect, it, vi } from "vitest";
import { createTestIo } from "../../test/create-test-io.js";
import { formatJsonOutput, printJsonOutput } from "./format-json-output.js";

const LONE = "\uD800";
const HINT =
  "Find the escape (such as \\uD800) in the input the text came from: a SKILL.md, the facts or the config.";

describe("formatJsonOutput", () => {
  it("leaves well-formed output as JSON.stringify writes it, with nothing to report", () => {
    const value = { name: "Ada \u{1F600}", list: [1, "two"], nested: { ok: null } };
    expect(formatJsonOutput(value)).toStrictEqual({
      text: `${JSON.stringify(value, null, 2)}\n`,
    });
  });

  it("repairs a lone surrogate in a key and names the key by its repaired spelling", () => {
    const output = formatJsonOutput({ env: { [`A${LONE}`]: "x", plain: "y" } });
    expect(JSON.parse(output.text)).toEqual({ env: { "A\uFFFD": "x", plain: "y" } });
    expect(output.unplaced).toStrictEqual({
      code: "CLI_JSON_LONE_SURROGATE",
      severity: "warning",
      message:
        '1 string held a lone surrogate (half of a UTF-16 pair), written as U+FFFD: env["A\uFFFD"] (its key).',
      hint: HINT,
    });
  });

  it("names paths through arrays and odd keys, and a bare string as the value", () => {
    const output = formatJsonOutput({ skills: [{ "the name": `x${LONE}` }] });
    expect(output.unplaced?.message).toContain(': skills[0]["the name"].');
    expect(formatJsonOutput(`x${LONE}`).unplaced?.message).toContain(": (the value).");
    expect(formatJsonOutput({ a: { b: LONE } }).unplaced?.message).toMatch(/: a\.b\.$/);
    // Under a repaired key, the value's path spells the key repaired too.
    expect(formatJsonOutput({ [`k${LONE}`]: `v${LONE}` }).unplaced?.message).toMatch(
      /: \["k\uFFFD"\] \(its key\), \["k\uFFFD"\]\.$/,
    );
  });

  it("shows the first five paths and counts the rest", () => {
    const output = formatJsonOutput({ list: Array.from({ length: 7 }, () => LONE) });
    expect(output.unplaced?.message).toBe(
      "7 strings held a lone surrogate (half of a UTF-16 pair), written as U+FFFD: list[0], list[1], list[2], list[3], list[4] and 2 more.",
    );
    const five = formatJsonOutput({ list: Array.from({ length: 5 }, () => LONE) });
    expect(five.unplaced?.message).toMatch(/list\[4\]\.$/);
  });

  it("appends the warning to the output's own diagnostics when it has them", () => {
    const output = formatJsonOutput({ text: LONE, diagnostics: [{ code: "X" }] });
    expect(output.unplaced).toBeUndefined();
    const parsed = JSON.parse(output.text) as { diagnostics: { code: string }[] };
    expect(parsed.diagnostics.map((diagnostic) => diagnostic.code)).toEqual([
      "X",
      "CLI_JSON_LONE_SURROGATE",
    ]);
  });

  it("keeps a key named __proto__ as a key", () => {
    const output = formatJsonOutput(JSON.parse(`{"__proto__": "${"\\ud800"}", "a": 1}`));
    expect(output.text).toBe('{\n  "__proto__": "\uFFFD",\n  "a": 1\n}\n');
  });
});

describe("formatJsonOutput's surrogate patterns", () => {
  it("replace only the lone surrogates of a value and a key, and leave a pair and a well-formed value alone", async () => {
    // The patterns are built when the module loads: a fresh copy runs them inside this test
    // (what Stryker's per-test coverage needs).
    vi.resetModules();
    const fresh = await import("./format-json-output.js");
    const output = fresh.formatJsonOutput({
      [`ok${LONE}`]: `a${LONE}b\u{1F600}c`,
      fine: "plain \u{1F600}",
    });
    expect(JSON.parse(output.text)).toEqual({
      "ok\uFFFD": "a\uFFFDb\u{1F600}c",
      fine: "plain \u{1F600}",
    });
    expect(output.unplaced?.message).toMatch(/: \["ok\uFFFD"\] \(its key\), \["ok\uFFFD"\]\.$/);
  });
});

describe("printJsonOutput", () => {
  it("prints the JSON on stdout and nothing on stderr when every string is well-formed", () => {
    const io = createTestIo();
    printJsonOutput(io, { ok: true });
    expect(io.out).toBe('{\n  "ok": true\n}\n');
    expect(io.err).toBe("");
  });

  it("prints the repaired JSON on stdout and the warning it could not place on stderr", () => {
    const io = createTestIo();
    printJsonOutput(io, { name: LONE });
    expect(io.out).toBe('{\n  "name": "\uFFFD"\n}\n');
    expect(io.err).toBe(
      "warning CLI_JSON_LONE_SURROGATE: 1 string held a lone surrogate (half of a UTF-16 pair), written as U+FFFD: name.\n" +
        `  fix: ${HINT}\n`,
    );
  });
});
