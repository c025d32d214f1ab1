import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildAgentSystemPrompt, compileAgentSystemPrompt } from "../src/index.js";
import { SECTION_TABLE } from "../src/section-table.js";
import type {
  AgentSystemPromptInput,
  CustomSection,
  SectionRegistry,
  VolatileFacts,
} from "../src/index.js";
import {
  merge,
  mode,
  multiline,
  quotedStableFacts,
  unquotedStableFacts,
  volatileFacts,
} from "./arbitraries.js";

/*
 * For arbitrary section registries (random disables, replacements, custom stable and volatile
 * sections at random anchors), the text above the boundary never depends on per-turn facts. The
 * custom sections are written to read everything they are given, so a registry that handed a
 * stable section per-turn facts would fail the property.
 */

const STABLE_IDS = SECTION_TABLE.filter((row) => row.cache === "stable").map((row) => row.id);
const VOLATILE_IDS = SECTION_TABLE.filter((row) => row.cache === "volatile").map((row) => row.id);

/** Per section: keep it, disable it, or replace its text. */
const fate = fc.oneof(
  fc.constant({ kind: "keep" as const }),
  fc.constant({ kind: "disable" as const }),
  multiline.map((text) => ({ kind: "replace" as const, text })),
);

/** Everything a render function can see, printed: a leak of any fact would show in the text. */
function dump(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    typeof inner === "function" ? "[fn]" : inner,
  );
}

const customSection = (index: number): fc.Arbitrary<CustomSection> =>
  fc
    .oneof(
      fc.record({
        side: fc.constant("stable" as const),
        anchor: fc.constantFrom(...STABLE_IDS),
        after: fc.boolean(),
        dynamic: fc.boolean(),
        text: multiline,
      }),
      fc.record({
        side: fc.constant("volatile" as const),
        anchor: fc.constantFrom(...VOLATILE_IDS),
        after: fc.boolean(),
        dynamic: fc.boolean(),
        text: multiline,
      }),
    )
    .map(({ side, anchor, after, dynamic, text }): CustomSection => {
      const base = {
        id: `custom_${index}`,
        heading: `Custom ${index}`,
        ...(after ? { after: anchor } : { before: anchor }),
      };
      if (!dynamic) return { ...base, cache: side, text: `${text}\nstatic ${index}` };
      // Both kinds print every argument they receive (stable input, mode, profile, and for
      // volatile sections this turn's facts).
      return side === "stable"
        ? { ...base, cache: "stable", render: (context) => [`seen ${dump(context)}`] }
        : { ...base, cache: "volatile", render: (context) => [`seen ${dump(context)}`] };
    });

export const sectionRegistry: fc.Arbitrary<SectionRegistry> = fc
  .record({
    fates: fc.tuple(...SECTION_TABLE.map(() => fate)),
    customCount: fc.integer({ min: 0, max: 4 }),
  })
  .chain(({ fates, customCount }) =>
    fc
      .tuple(...Array.from({ length: customCount }, (_, index) => customSection(index)))
      .map((add) => {
        const disable: string[] = [];
        const replace: Record<string, string> = {};
        fates.forEach((f, index) => {
          const id = (SECTION_TABLE[index] as { id: string }).id;
          if (f.kind === "disable") disable.push(id);
          if (f.kind === "replace") replace[id] = f.text;
        });
        return { disable, replace, add };
      }),
  );

const prefix = (input: AgentSystemPromptInput) => {
  const rendered = buildAgentSystemPrompt(input);
  return rendered.boundary === -1 ? rendered.text : rendered.text.slice(0, rendered.boundary);
};

describe("section registry cache invariant", () => {
  it("the prefix above the boundary is byte-identical across per-turn facts, for any registry", () => {
    fc.assert(
      fc.property(
        mode,
        quotedStableFacts,
        unquotedStableFacts,
        sectionRegistry,
        volatileFacts,
        volatileFacts,
        (m, quoted, unquoted, sections, first, second) => {
          const stable = { ...merge(quoted, unquoted), mode: m, sections };
          const a = prefix({ ...stable, volatile: first });
          const b = prefix({ ...stable, volatile: second });
          expect(a).toBe(b);
          // The compiled pipeline agrees with the one-call render, turn by turn.
          const compiled = compileAgentSystemPrompt(stable);
          expect(compiled.render(first).text).toBe(
            buildAgentSystemPrompt({ ...stable, volatile: first }).text,
          );
          expect(compiled.stablePrefix.startsWith(a)).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("custom volatile sections do see per-turn facts (below the boundary)", () => {
    const sections: SectionRegistry = {
      add: [
        {
          id: "turn_note",
          heading: "Turn Note",
          cache: "volatile",
          before: "runtime",
          render: ({ volatile }) => `Sender: ${volatile.sender ?? "unknown"}`,
        },
      ],
    };
    const a = buildAgentSystemPrompt({ sections, volatile: { sender: "Ada" } });
    expect(a.text.slice(a.boundary)).toContain("## Turn Note\nSender: Ada");
    expect(a.text.slice(0, a.boundary)).not.toContain("Ada");
  });

  it("a planted leak (a stable section fed per-turn facts through a closure) fails the property", () => {
    // The registry cannot pass `volatile` to a stable section, so the leak is planted the only
    // way left: a closure the test updates per turn, as a careless caller might.
    let leaked: VolatileFacts = {};
    const leaky: SectionRegistry = {
      add: [
        {
          id: "leaky",
          heading: "Leaky",
          cache: "stable",
          after: "identity",
          render: () => `sender ${leaked.sender ?? "none"}`,
        },
      ],
    };
    const result = fc.check(
      fc.property(volatileFacts, volatileFacts, (first, second) => {
        leaked = first;
        const a = prefix({ sections: leaky, volatile: first });
        leaked = second;
        const b = prefix({ sections: leaky, volatile: second });
        expect(a).toBe(b);
      }),
    );
    expect(result.failed).toBe(true);
  });
});
