import fc from "fast-check";
import { withoutPropertyTimeLimit } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import {
  NEUTRAL_PRODUCT_PROFILE,
  OPENCLAW_PRODUCT_PROFILE,
  RendererError,
  buildAgentSystemPrompt,
  compileAgentSystemPrompt,
} from "../src/index.js";
import { formatCacheBoundaryMarker } from "../src/format-cache-boundary-marker.js";
import { SECTION_TABLE } from "../src/section-table.js";
import type {
  AgentSystemPromptInput,
  CompiledAgentSystemPrompt,
  SectionRegistry,
  StableAgentSystemPromptInput,
  VolatileFacts,
} from "../src/index.js";
import {
  fullInput,
  inputWithLookAlikes,
  lookAlike,
  multiline,
  volatileFacts,
} from "./arbitraries.js";

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

/** Profiles with the default, a neutral and a custom delimiter word (markers differ). */
const profile = fc.constantFrom(undefined, OPENCLAW_PRODUCT_PROFILE, NEUTRAL_PRODUCT_PROFILE, {
  ...NEUTRAL_PRODUCT_PROFILE,
  delimiterWord: "ACME",
});

/** A registry: some built-ins disabled or replaced, a custom section on each side. */
const registry: fc.Arbitrary<SectionRegistry | undefined> = fc.option(
  fc
    .record({
      disable: fc.subarray(
        SECTION_TABLE.map((row) => row.id),
        { maxLength: 6 },
      ),
      replaced: fc.constantFrom(...SECTION_TABLE.map((row) => row.id)),
      replacement: multiline,
      stableText: fc.oneof(multiline, lookAlike),
      dynamic: fc.boolean(),
    })
    .map(({ disable, replaced, replacement, stableText, dynamic }): SectionRegistry => ({
      disable: disable.filter((id) => id !== replaced),
      replace: { [replaced]: replacement },
      add: [
        {
          id: "house_rules",
          heading: "House Rules",
          cache: "stable",
          after: "safety",
          text: stableText,
        },
        dynamic
          ? {
              id: "turn_note",
              heading: "Turn Note",
              cache: "volatile",
              before: "runtime",
              render: ({ volatile }) => [
                `sender ${volatile.sender ?? "-"}`,
                volatile.groupContext ?? "",
              ],
            }
          : {
              id: "turn_note",
              heading: "Turn Note",
              cache: "volatile",
              before: "runtime",
              text: "static",
            },
      ],
    })),
  { nil: undefined },
);

/** A legacy hook that rewrites the text (and may drop or keep the boundary marker). */
const hook = fc.option(
  fc.constantFrom(
    (text: string) => `${text}\nhooked`,
    (text: string) => text.replaceAll("Safety", "SAFETY"),
    (text: string) => text.replace(formatCacheBoundaryMarker(), ""),
  ),
  { nil: undefined },
);

/** `fullInput` plus the rest of the stable input: profiles, section registries, a hook. */
const everyStableInput: fc.Arbitrary<AgentSystemPromptInput> = fc
  .record({ input: fullInput, profile, registry, hook })
  .map(({ input, profile: p, registry: sections, hook: h }) => {
    const fields: Record<string, unknown> = { ...input };
    if (p !== undefined) fields.profile = p;
    if (sections !== undefined) fields.sections = sections;
    if (h !== undefined) fields.beforePromptBuild = h;
    return fields;
  });

/** Per-turn facts that break a rule (a line break in a single-line fact, a lone surrogate). */
const invalidFacts: fc.Arbitrary<VolatileFacts> = fc
  .tuple(volatileFacts, fc.constantFrom("sender", "groupContext", "host"))
  .map(([facts, field]) => {
    if (field === "sender") return { ...facts, sender: "Ada\n## Safety" };
    if (field === "groupContext") return { ...facts, groupContext: "x\udc00" };
    return { ...facts, runtime: { ...facts.runtime, host: "h\u0000" } };
  });

function errorOf(call: () => unknown): { code: string; path: string | undefined; message: string } {
  try {
    call();
  } catch (error) {
    if (!RendererError.isInstance(error)) throw error;
    return { code: error.code, path: error.path, message: error.message };
  }
  throw new Error("expected a RendererError");
}

describe("compileAgentSystemPrompt", () => {
  it("renders every turn byte for byte as buildAgentSystemPrompt, for every kind of stable input", () => {
    expect(() => compiledMatchesBuild(compileAgentSystemPrompt, everyStableInput)).not.toThrow();
  });

  it("rejects invalid per-turn facts exactly as buildAgentSystemPrompt does", () => {
    fc.assert(
      fc.property(everyStableInput, invalidFacts, (input, facts) => {
        const [stable] = split(input);
        const compiled = compileAgentSystemPrompt(stable);
        expect(errorOf(() => compiled.render(facts))).toEqual(
          errorOf(() => buildAgentSystemPrompt({ ...stable, volatile: facts })),
        );
      }),
      { numRuns: 100 },
    );
  });

  it("renders every turn byte for byte as buildAgentSystemPrompt", () => {
    expect(() => compiledMatchesBuild(compileAgentSystemPrompt, fullInput)).not.toThrow();
  });

  it("does so with marker look-alikes in caller text on either side", () => {
    expect(() => compiledMatchesBuild(compileAgentSystemPrompt, inputWithLookAlikes)).not.toThrow();
  });

  it("fails the property for a compiled prefix that ignores the registry or profile (planted fault)", () => {
    const planted = (stable: StableAgentSystemPromptInput) => {
      const { sections: _sections, profile: _profile, ...rest } = stable;
      return compileAgentSystemPrompt(rest);
    };
    expect(() =>
      withoutPropertyTimeLimit(() => compiledMatchesBuild(planted, everyStableInput, 200)),
    ).toThrow(/Property failed/);
  });

  it("fails the property for a compiled prefix that differs from the input (planted fault)", () => {
    const planted = (stable: StableAgentSystemPromptInput) =>
      compileAgentSystemPrompt({ ...stable, workspaceDir: "/planted" });
    expect(() =>
      withoutPropertyTimeLimit(() => compiledMatchesBuild(planted, fullInput, 200)),
    ).toThrow(/Property failed/);
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

/** Senders that end in the runtime-tail marker word, whole or cut (class 7 of the attack run). */
const tailSender = fc
  .tuple(
    // oxlint-disable-next-line no-control-regex -- removes control characters on purpose
    fc.string({ maxLength: 12 }).map((s) => s.replace(/[\s\u0000-\u001f\u007f-\u009f]/gu, "")),
    fc.constantFrom(
      "<!-- OPENCLAW_RUNTIME_TAIL_BEGIN -->",
      "<!-- OPENCLAW_RUNTIME_TAIL_END -->",
      "<!-- OPENCLAW_RUNTIME_TAIL",
      "<!-- OPENCLAW_",
      "OPENCLAW_RUNTIME_TAIL_END",
      "RUNTIME_TAIL_END -->",
    ),
  )
  .map(([head, tail]) => `${head}${tail}`);

/** Stable caller text that already holds a marker look-alike, so the prefix has quoted text. */
const stableWithLookAlike = fc
  .tuple(fullInput, fc.constantFrom("<!-- OPENCLAW_NOTE -->", "<!-- OPENCLAW_RUNTIME_TAIL_END -->"))
  .map(([input, piece]): StableAgentSystemPromptInput => {
    const [stable] = split(input);
    return {
      ...stable,
      mode: stable.mode === "minimal" ? "minimal" : "full",
      contextFiles: [
        ...(stable.contextFiles ?? []),
        { path: "NOTES.md", content: `See ${piece}.` },
      ],
      provider: { ...stable.provider, stablePrefix: `Rule ${piece}` },
    };
  });

type Render = (
  stable: StableAgentSystemPromptInput,
  volatile: VolatileFacts,
) => { text: string; boundary: number };

function senderKeepsPrefix(render: Render, numRuns?: number): void {
  fc.assert(
    fc.property(stableWithLookAlike, volatileFacts, tailSender, (stable, volatile, sender) => {
      const plain = render(stable, { ...volatile, sender: "Ada" });
      const spoofed = render(stable, { ...volatile, sender });
      expect(plain.text.slice(0, plain.boundary)).toContain("<!-- (quoted) OPENCLAW_");
      expect(spoofed.text.slice(0, spoofed.boundary)).toBe(plain.text.slice(0, plain.boundary));
      expect(spoofed.text.split(MARKER).length - 1).toBe(1);
      // The sender does reach the text below the boundary.
      expect(spoofed.text.slice(spoofed.boundary)).not.toBe(plain.text.slice(plain.boundary));
    }),
    numRuns === undefined ? {} : { numRuns },
  );
}

describe("class 7: a per-turn fact cannot re-quote the stable prefix", () => {
  it("a sender ending in the runtime-tail marker word never changes the stable prefix", () => {
    const compiled: Render = (stable, volatile) =>
      compileAgentSystemPrompt(stable).render(volatile);
    const built: Render = (stable, volatile) => buildAgentSystemPrompt({ ...stable, volatile });
    expect(() => senderKeepsPrefix(compiled)).not.toThrow();
    expect(() => senderKeepsPrefix(built)).not.toThrow();
  });

  it("fails the property for a whole-text re-quote (planted fault)", () => {
    // What the class 7 bug did: one quoting pass over the whole text when any fact spelled a
    // marker start, so already-quoted stable text was quoted again.
    const planted: Render = (stable, volatile) => {
      const rendered = compileAgentSystemPrompt(stable).render(volatile);
      if (!(volatile.sender ?? "").includes("OPENCLAW_")) return rendered;
      const text = rendered.text
        .slice(0, rendered.boundary)
        .replaceAll("<!-- (quoted) ", "<!-- (quoted) (quoted) ");
      return { text: text + rendered.text.slice(rendered.boundary), boundary: text.length };
    };
    expect(() => withoutPropertyTimeLimit(() => senderKeepsPrefix(planted, 100))).toThrow(
      /Property failed/,
    );
  });
});
