import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  buildAgentSystemPrompt,
  compileAgentSystemPrompt,
  formatCacheBoundaryMarker,
} from "../src/index.js";
import type {
  AgentSystemPromptInput,
  CompiledAgentSystemPrompt,
  StableAgentSystemPromptInput,
} from "../src/index.js";
import { fullInput, inputWithLookAlikes, volatileFacts } from "./arbitraries.js";

const MARKER = formatCacheBoundaryMarker();

function split(
  input: AgentSystemPromptInput,
): [StableAgentSystemPromptInput, AgentSystemPromptInput["volatile"]] {
  const { volatile, ...stable } = input;
  return [stable, volatile];
}

/** The property: one compiled prefix renders every turn exactly as `buildAgentSystemPrompt`. */
function compiledMatchesBuild(
  compile: (stable: StableAgentSystemPromptInput) => CompiledAgentSystemPrompt,
  input: fc.Arbitrary<AgentSystemPromptInput>,
  numRuns?: number,
): void {
  fc.assert(
    fc.property(input, fc.array(volatileFacts, { maxLength: 3 }), (first, turns) => {
      const [stable, volatile] = split(first);
      const compiled = compile(stable);
      for (const facts of [volatile, ...turns]) {
        const expected = buildAgentSystemPrompt(
          facts === undefined ? stable : { ...stable, volatile: facts },
        );
        expect(compiled.render(facts)).toEqual(expected);
      }
    }),
    numRuns === undefined ? {} : { numRuns },
  );
}

describe("compileAgentSystemPrompt", () => {
  it("renders every turn byte for byte as buildAgentSystemPrompt", () => {
    expect(() => compiledMatchesBuild(compileAgentSystemPrompt, fullInput)).not.toThrow();
  });

  it("does so with marker look-alikes in caller text on either side", () => {
    expect(() => compiledMatchesBuild(compileAgentSystemPrompt, inputWithLookAlikes)).not.toThrow();
  });

  it("fails the property for a compiled prefix that differs from the input (planted fault)", () => {
    const planted = (stable: StableAgentSystemPromptInput) =>
      compileAgentSystemPrompt({ ...stable, workspaceDir: "/planted" });
    expect(() => compiledMatchesBuild(planted, fullInput, 200)).toThrow(/Property failed/);
  });

  it("keeps the stable prefix and one boundary whatever a turn's text spells", () => {
    fc.assert(
      fc.property(inputWithLookAlikes, (input) => {
        const [stable, volatile] = split(input);
        fc.pre(stable.mode !== "none");
        const compiled = compileAgentSystemPrompt(stable);
        const { text, boundary } = compiled.render(volatile);
        expect(text.slice(0, boundary)).toBe(compiled.stablePrefix);
        expect(compiled.stablePrefix).toBe(compiled.render().text.slice(0, boundary));
        expect(text.split(MARKER).length - 1).toBe(1);
        expect(text.indexOf(MARKER)).toBe(boundary);
      }),
    );
  });
});
