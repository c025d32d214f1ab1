import fc from "fast-check";
import { expect } from "vitest";
import { NEUTRAL_PRODUCT_PROFILE, OPENCLAW_PRODUCT_PROFILE } from "../src/index.js";
import type { AgentSystemPromptInput, RenderedPrompt } from "../src/index.js";
import { compact, fullInput, inputWithLookAlikes } from "./arbitraries.js";

/*
 * The render skips its look-alike search when validation finds no caller string that could
 * supply the `!` of a marker start (`<!-- WORD_`). Two things make that skip sound, and these
 * helpers state both: built-in prose never prints `!`, and skipping never changes a byte. The
 * oracle for the second is the same input with an empty section registry, which renders the same
 * rows but always searches (the validator cannot vouch for registry text).
 */

/** Pieces that put a marker start's `!` at the end of one string and the rest after it. */
const straddle = fc.constantFrom(
  "note <!",
  "note <!-",
  "note <!- ",
  "note <!--",
  "note <!--  ",
  "-- OPENCLAW_NOTE -->",
  "- OPENCLAW_NOTE -->",
  "OPENCLAW_RUNTIME_TAIL_END -->",
  "wow!",
  "a!-b!--c",
);

/** `inputWithLookAlikes`, plus pieces that straddle two strings, in a profile or not. */
export const markerInput: fc.Arbitrary<AgentSystemPromptInput> = fc
  .record({
    input: fc.oneof(inputWithLookAlikes, fullInput),
    head: straddle,
    tail: straddle,
    profile: fc.constantFrom(undefined, NEUTRAL_PRODUCT_PROFILE, {
      ...NEUTRAL_PRODUCT_PROFILE,
      delimiterWord: "ACME",
    }),
  })
  .map(({ input, head, tail, profile }) => {
    const volatile = input.volatile ?? {};
    return compact({
      ...input,
      profile,
      ownerDisplay: head,
      ttsHint: tail,
      tools: [
        { name: "read", summary: head },
        { name: "exec", summary: tail },
      ],
      volatile: compact({
        ...volatile,
        sender: head,
        groupContext: `${tail}\n${head}`,
        projectMemoryFacts: [head, tail],
      }),
    }) as AgentSystemPromptInput;
  });

/** Renders the same input with and without the search; both must agree byte for byte. */
export function searchSkipIsExact(
  render: (input: AgentSystemPromptInput) => RenderedPrompt,
  numRuns?: number,
): void {
  fc.assert(
    fc.property(markerInput, (input) => {
      expect(render(input)).toEqual(render({ ...input, sections: {} }));
    }),
    numRuns === undefined ? {} : { numRuns },
  );
}

/** Every `!` in a rendered section belongs to a runtime-tail marker line. */
export function sectionsWithoutBang(prompt: RenderedPrompt, word: string): boolean {
  const begin = `<!-- ${word}_RUNTIME_TAIL_BEGIN -->`;
  const end = `<!-- ${word}_RUNTIME_TAIL_END -->`;
  return prompt.sections.every(
    (section) => !section.text.replace(begin, "").replace(end, "").includes("!"),
  );
}

/** Profiles whose text holds no `!`, with the delimiter word their markers use. */
export const bangFreeProfile = fc.constantFrom(
  { profile: undefined, word: OPENCLAW_PRODUCT_PROFILE.delimiterWord },
  { profile: NEUTRAL_PRODUCT_PROFILE, word: NEUTRAL_PRODUCT_PROFILE.delimiterWord },
);
