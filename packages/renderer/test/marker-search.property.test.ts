import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildAgentSystemPrompt, compileAgentSystemPrompt } from "../src/index.js";
import type { AgentSystemPromptInput } from "../src/index.js";
import { fullInput, hasForbidden } from "./arbitraries.js";
import { bangFreeProfile, searchSkipIsExact, sectionsWithoutBang } from "./marker-search.js";

function compiled(input: AgentSystemPromptInput) {
  const { volatile, ...stable } = input;
  return compileAgentSystemPrompt(stable).render(volatile);
}

describe("skipping the look-alike search", () => {
  it("never changes a byte, whole render or compiled turn", () => {
    expect(() => searchSkipIsExact(buildAgentSystemPrompt)).not.toThrow();
    expect(() => searchSkipIsExact(compiled)).not.toThrow();
  });

  it("relies on built-in prose that prints no `!` (every mode, size and gate of fullInput)", () => {
    // fullInput's caller text holds no `!`, so any `!` in a section would be prose.
    fc.assert(
      fc.property(fullInput, bangFreeProfile, (input, { profile, word }) => {
        const prompt = buildAgentSystemPrompt(
          profile === undefined ? input : { ...input, profile },
        );
        expect(hasForbidden(prompt.text)).toBe(false);
        expect(sectionsWithoutBang(prompt, word)).toBe(true);
      }),
    );
  });

  it("fails the prose check for a section that prints a `!` (planted fault)", () => {
    const prompt = buildAgentSystemPrompt({ workspaceDir: "/ws" });
    const planted = {
      ...prompt,
      sections: prompt.sections.map((s) =>
        s.id === "workspace" ? { ...s, text: `${s.text}!` } : s,
      ),
    };
    expect(sectionsWithoutBang(prompt, "OPENCLAW")).toBe(true);
    expect(sectionsWithoutBang(planted, "OPENCLAW")).toBe(false);
  });
});
