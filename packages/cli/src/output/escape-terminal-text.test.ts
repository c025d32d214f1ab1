import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeTerminalText } from "./escape-terminal-text.js";
import { formatDiagnostics } from "./format-diagnostics.js";

const plain = { red: (t: string) => t, yellow: (t: string) => t, dim: (t: string) => t };

describe("escapeTerminalText", () => {
  it("neutralizes clipboard writes, title changes and line erasure from a skill folder name", () => {
    const name = "skill\u001b]52;c;ZXZpbA==\u0007\u001b]0;pwned\u0007\u001b[2K\r";
    const out = formatDiagnostics(
      [{ code: "X", severity: "warning", message: `bad ${name}`, path: `/s/${name}` }],
      plain as never,
    );
    // oxlint-disable-next-line no-control-regex -- the test looks for control characters
    expect(out).not.toMatch(/[\u001b\u0007\r]/u);
    expect(out).toContain("\\x1b]52;c;");
  });

  it("writes a C0 or C1 control as \\x with two hex digits and a bidi control as \\u with four", () => {
    expect(escapeTerminalText("a\u0007b\u0085c\u061cd\u202ee")).toBe(
      "a\\x07b\\x85c\\u061cd\\u202ee",
    );
  });

  it("fuzz: no control character but line feed and tab survives; plain text is unchanged", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (text) => {
        const escaped = escapeTerminalText(text);
        // oxlint-disable-next-line no-control-regex -- the test looks for control characters
        expect(escaped).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/u);
        if (
          // oxlint-disable-next-line no-control-regex -- the test looks for control characters
          !/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u.test(
            text,
          )
        ) {
          expect(escaped).toBe(text);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe("formatTable", () => {
  it("shows control and bidi characters of a cell escaped, and pads the escaped text", async () => {
    const { formatTable } = await import("./format-table.js");
    const table = formatTable(
      [{ header: "NAME" }, { header: "N", align: "right" }],
      [["evil\u001b]0;pwned\u0007\u202e", "1"]],
    );
    for (const raw of ["\u001b", "\u0007", "\u202e"]) expect(table).not.toContain(raw);
    expect(table).toContain("evil\\x1b]0;pwned\\x07\\u202e  1");
  });
});
