import { withoutPropertyTimeLimit } from "@promptstack-tools/test-utils";
import { describe, expect, it, vi } from "vitest";
import { buildAgentSystemPrompt } from "../src/index.js";
import { searchSkipIsExact } from "./marker-search.js";

// Planted fault: validation that never reports a string able to spell a marker start, so the
// render always skips its look-alike search. The exactness property must catch it.
vi.mock("../src/validate-prompt-text-fields.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../src/validate-prompt-text-fields.js")>();
  return {
    ...original,
    validateStableTextFields: (input: never) => {
      original.validateStableTextFields(input);
      return false;
    },
    validateVolatileTextFields: (facts: never) => {
      original.validateVolatileTextFields(facts);
      return false;
    },
  };
});

describe("skipping the look-alike search (planted fault)", () => {
  it("fails the exactness property when validation never asks for the search", () => {
    expect(() =>
      withoutPropertyTimeLimit(() => searchSkipIsExact(buildAgentSystemPrompt, 200)),
    ).toThrow(/Property failed/);
  });
});
