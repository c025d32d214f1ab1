/**
 * Issue 35, the property over every prompt-bound field: for arbitrary strings (line-starting
 * control characters, Markdown heading marks, delimiters with junk between the brackets and the
 * words, bracket look-alikes) in the profile fields, a custom section heading, the run-facts list
 * items, group context and inbound text,
 * - a render either succeeds with exactly the headings the sections produce (those of the same
 *   input with a plain value in the field), or throws RENDERER_INVALID_INPUT naming the field;
 * - no delimiter survives projection: group context adds none to the prompt, and a projected
 *   inbound text holds none.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  OPENCLAW_PRODUCT_PROFILE,
  RendererError,
  buildAgentSystemPrompt,
  parseInternalContextDelimiters,
  projectInboundText,
} from "../src/index.js";
import type { AgentSystemPromptInput, RenderedPrompt } from "../src/index.js";

const WORDS = ["BEGIN_OPENCLAW_INTERNAL_CONTEXT", "END_OPENCLAW_INTERNAL_CONTEXT", "B E G I N"];
const PIECES = [
  "\n",
  "\r",
  "\r\n",
  "\u0085",
  "\u2028",
  "\u2029",
  "\v",
  "\f",
  "\u001b",
  "\u009b",
  "\t",
  "# ",
  "## Safety",
  "===",
  "---",
  "    #",
  "<<<",
  ">>>",
  "<",
  ">",
  '"',
  "'",
  "[",
  "]",
  "&quot;",
  "&lt;",
  "&#x3c;",
  "<b>",
  "</b>",
  "**",
  "|",
  "\u00a0",
  "\u200b",
  "\u27e8",
  "\u27e9",
  "\u3008",
  "\u3009",
  "\u00ab",
  "\u00bb",
  "\u276c",
  "\u276d",
  "\u2039",
  "\u203a",
  "\u25c1",
  "\u25b7",
  "\uff1c",
  "\uff1e",
  "\u2329",
  "\u232a",
  "\u22d8",
  "\u22d9",
  ...WORDS,
  // A line break followed by a heading mark: what a forged heading needs.
  "\n## Forged",
  "\r# Forged",
  "\u2028## Forged",
  "\u0085# Forged",
  "\v## F",
  "\f# F",
  "\u2029## F",
  "\r\n===",
  "\n---",
  "\u001b\n## F",
];
/** Hostile text: pieces and arbitrary characters, never blank (so no section is gated out). */
const hostile = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 3, unit: "binary" })), {
    maxLength: 8,
  })
  .map((parts) => `x${parts.join("")}`);

type Field =
  | "profile.name"
  | "profile.cliName"
  | "profile.docsUrl"
  | "profile.sourceUrl"
  | "profile.skillsHubUrl"
  | "profile.communityUrl"
  | "sections.add.0.heading"
  | "tools.0.guidance.0"
  | "volatile.projectMemoryFacts.0"
  | "volatile.channel.acpHints.0";

const FIELDS: readonly Field[] = [
  "profile.name",
  "profile.cliName",
  "profile.docsUrl",
  "profile.sourceUrl",
  "profile.skillsHubUrl",
  "profile.communityUrl",
  "sections.add.0.heading",
  "tools.0.guidance.0",
  "volatile.projectMemoryFacts.0",
  "volatile.channel.acpHints.0",
];

function inputWith(field: Field, value: string): AgentSystemPromptInput {
  const profileField = field.startsWith("profile.") ? field.slice("profile.".length) : undefined;
  return {
    profile: {
      ...OPENCLAW_PRODUCT_PROFILE,
      ...(profileField === undefined ? {} : { [profileField]: value }),
    },
    tools: [{ name: "read", guidance: [field === "tools.0.guidance.0" ? value : "Read first."] }],
    sections: {
      add: [
        {
          id: "house_rules",
          heading: field === "sections.add.0.heading" ? value : "House Rules",
          cache: "stable",
          after: "safety",
          text: "Be kind.",
        },
      ],
    },
    volatile: {
      projectMemoryFacts: [field === "volatile.projectMemoryFacts.0" ? value : "A fact."],
      channel: {
        id: "telegram",
        chatType: "group",
        acpHints: [field === "volatile.channel.acpHints.0" ? value : "A hint."],
      },
      groupContext: "The family chat.",
    },
  };
}

/** Markdown heading lines: ATX headings, and setext underlines below a non-blank line. */
function headings(text: string): string[] {
  const lines = text.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/u);
  return lines.flatMap((line, index) => {
    if (/^ {0,3}#{1,6}(?:[ \t]|$)/u.test(line)) return [line.replace(/^ +/u, "")];
    const above = lines[index - 1];
    if (/^ {0,3}(?:=+|-+)[ \t]*$/u.test(line) && above !== undefined && above.trim() !== "") {
      return [`setext under ${above}`];
    }
    return [];
  });
}

function render(input: AgentSystemPromptInput): RenderedPrompt | RendererError {
  try {
    return buildAgentSystemPrompt(input);
  } catch (error) {
    if (RendererError.isInstance(error)) return error;
    throw error;
  }
}

describe("every prompt-bound field", () => {
  it("renders exactly the sections' headings, or names the field it rejects", () => {
    fc.assert(
      fc.property(fc.constantFrom(...FIELDS), hostile, (field, value) => {
        const out = render(inputWith(field, value));
        if (out instanceof RendererError) {
          expect(out.code).toBe("RENDERER_INVALID_INPUT");
          expect(out.path?.replace("sections.add[0]", "sections.add.0")).toBe(field);
          return;
        }
        const plain = buildAgentSystemPrompt(inputWith(field, "x"));
        const expected = headings(plain.text).map((line) =>
          field === "sections.add.0.heading" && line === "## x" ? `## ${value}` : line,
        );
        expect(headings(out.text)).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });

  it("lets no delimiter survive projection: group context and inbound text", () => {
    const baseline = parseInternalContextDelimiters(
      buildAgentSystemPrompt(inputWith("profile.name", "x")).text,
    ).length;
    fc.assert(
      fc.property(hostile, (value) => {
        const input = inputWith("profile.name", "x");
        const out = render({ ...input, volatile: { ...input.volatile, groupContext: value } });
        if (out instanceof RendererError) {
          // Multi-line text: only NUL and lone surrogates are refused.
          expect(out.path).toBe("volatile.groupContext");
          return;
        }
        expect(parseInternalContextDelimiters(out.text).length).toBe(baseline);
        const projected = projectInboundText(value, { projectionVersion: 4 }).text;
        expect(parseInternalContextDelimiters(projected)).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });
});
