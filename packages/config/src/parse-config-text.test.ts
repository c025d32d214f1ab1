import { describe, expect, it } from "vitest";
import { ConfigError } from "./config-error.js";
import { parseConfigText } from "./parse-config-text.js";
import { thrownBy } from "@promptstack-tools/test-utils";

describe("parseConfigText", () => {
  it("parses JSON5 after a byte-order mark", () => {
    expect(parseConfigText("\uFEFF{ a: 1, // note\n b: [2,], }", "c.json5")).toEqual({
      a: 1,
      b: [2],
    });
  });

  it("strips only a leading byte-order mark, not one inside the text", () => {
    expect(parseConfigText('{ "a\uFEFF": "\uFEFF" }', "c.json5")).toEqual({
      "a\uFEFF": "\uFEFF",
    });
  });

  it("throws CONFIG_SYNTAX naming the file, line, column and reason, with no issues list", () => {
    const error = thrownBy(() => parseConfigText('{\n  "a": 1,\n  "b" 2\n}', "/cfg/p.json"));
    expect(ConfigError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      name: "ConfigError",
      code: "CONFIG_SYNTAX",
      message: "/cfg/p.json:3:7: not valid JSON or JSON5 (invalid character '2')",
      path: "/cfg/p.json",
      hint: "Fix the syntax at that line and column.",
      issues: [],
    });
    expect((error as ConfigError).cause).toBeInstanceOf(SyntaxError);
  });

  it("says the text was unreadable when reading it throws something that is not an Error", () => {
    // A caller past the types can hand over any value; what it throws is reported, never lost.
    const text = {
      replace: () => {
        // oxlint-disable-next-line typescript/only-throw-error -- a thrown non-Error is the case under test
        throw "not an error";
      },
    } as unknown as string;
    expect(thrownBy(() => parseConfigText(text, "odd.json"))).toMatchObject({
      code: "CONFIG_SYNTAX",
      message: "odd.json:1:1: not valid JSON or JSON5 (unreadable text)",
    });
  });
});

describe("parseConfigText positions past one digit (issue 36)", () => {
  it("reports a two-digit line and column and drops only the parser's own position suffix", () => {
    const text = `{\n${'  "k": 1,\n'.repeat(10)}  "long_key_name" 2\n}`;
    expect(thrownBy(() => parseConfigText(text, "p.json"))).toMatchObject({
      message: "p.json:12:19: not valid JSON or JSON5 (invalid character '2')",
    });
  });
});
