import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildAgentSystemPrompt, toModelText } from "@promptstack/renderer";
import type { AgentSystemPromptInput, StableAgentSystemPromptInput } from "@promptstack/renderer";
import { createCompiledRenderer } from "./create-compiled-renderer.js";
import type { CompiledRenderer } from "./create-compiled-renderer.js";
import { isDeepEqual } from "./is-deep-equal.js";

// A few stable inputs that differ in one place each (a file's content, a tool, the mode, the
// skills list), so a random sequence often switches back and forth between them.
const STABLE: readonly StableAgentSystemPromptInput[] = [
  { tools: [{ name: "read" }, { name: "exec" }], workspaceDir: "/w" },
  {
    tools: [{ name: "read" }, { name: "exec" }],
    workspaceDir: "/w",
    contextFiles: [{ path: "MEMORY.md", content: "a" }],
  },
  {
    tools: [{ name: "read" }, { name: "exec" }],
    workspaceDir: "/w",
    contextFiles: [{ path: "MEMORY.md", content: "b" }],
  },
  { tools: [{ name: "read" }], workspaceDir: "/w" },
  { tools: [{ name: "read" }, { name: "exec" }], workspaceDir: "/w", mode: "minimal" },
  { tools: [{ name: "read" }, { name: "exec" }], workspaceDir: "/w", mode: "none" },
  { tools: [{ name: "read" }], workspaceDir: "/w", size: "compact" },
  {
    tools: [{ name: "read" }, { name: "exec" }],
    workspaceDir: "/w",
    skillsPrompt: "<available_skills>\n</available_skills>",
  },
];

const volatile = fc.record(
  {
    time: fc.record({
      date: fc.string({ minLength: 1, maxLength: 12 }),
      timeZone: fc.constant("UTC"),
    }),
    sender: fc.string({ maxLength: 12 }),
    thinkingLevel: fc.constantFrom("low", "high"),
    // The runtime line sits between the runtime-tail markers, which model text drops.
    runtime: fc.record({ host: fc.constantFrom("h", "wren"), model: fc.constant("m") }),
    groupContext: fc.constantFrom("Team chat.", "<!-- OPENCLAW_CACHE_BOUNDARY -->", "\n\nx\n"),
  },
  { requiredKeys: [] },
);

// A random sequence of turns: which stable input, and that turn's facts.
const turns = fc.array(fc.tuple(fc.integer({ min: 0, max: STABLE.length - 1 }), volatile), {
  minLength: 1,
  maxLength: 12,
});

/** Runs `check` on each turn's input (fresh objects every turn, as the assembler builds them). */
function forEachTurn(
  sequence: readonly (readonly [number, unknown])[],
  check: (renderer: CompiledRenderer, input: AgentSystemPromptInput) => void,
): void {
  const renderer = createCompiledRenderer();
  for (const [index, facts] of sequence) {
    check(renderer, {
      ...structuredClone(STABLE[index]),
      volatile: facts,
    } as AgentSystemPromptInput);
  }
}

describe("createCompiledRenderer", () => {
  it("renders exactly what buildAgentSystemPrompt does over any sequence of inputs (property)", () => {
    fc.assert(
      fc.property(turns, (sequence) =>
        forEachTurn(sequence, (renderer, input) => {
          expect(renderer.render(input)).toEqual(buildAgentSystemPrompt(input));
        }),
      ),
    );
  });

  it("gives each turn's model text exactly as toModelText does over any sequence (property)", () => {
    fc.assert(
      fc.property(turns, (sequence) =>
        forEachTurn(sequence, (renderer, input) => {
          const prompt = renderer.render(input);
          expect(renderer.toModelText(prompt)).toEqual(toModelText(prompt));
        }),
      ),
    );
  });

  it("takes the general way for a prompt a legacy hook rewrote, or one it did not render last", () => {
    const renderer = createCompiledRenderer();
    const hooked = renderer.render({
      ...structuredClone(STABLE[1]),
      beforePromptBuild: (text: string) => `Preface.\n${text}`,
      volatile: { sender: "Ada" },
    });
    expect(renderer.toModelText(hooked)).toEqual(toModelText(hooked));
    expect(renderer.toModelText(hooked).text.startsWith("Preface.\n")).toBe(true);
    const earlier = renderer.render({ ...structuredClone(STABLE[0]), volatile: { sender: "A" } });
    renderer.render({ ...structuredClone(STABLE[0]), volatile: { sender: "B" } });
    expect(renderer.toModelText(earlier)).toEqual(toModelText(earlier));
    expect(renderer.toModelText(earlier).volatile).toContain("A");
  });

  it("takes the general way before its first render", () => {
    const prompt = buildAgentSystemPrompt({ ...structuredClone(STABLE[0]), volatile: {} });
    expect(createCompiledRenderer().toModelText(prompt)).toEqual(toModelText(prompt));
  });

  it("takes the general way for an earlier prompt whose prefix has the length of the kept one", () => {
    const renderer = createCompiledRenderer();
    const earlier = renderer.render({ ...structuredClone(STABLE[1]), volatile: { sender: "A" } });
    const later = renderer.render({ ...structuredClone(STABLE[2]), volatile: { sender: "A" } });
    expect(later.boundary).toBe(earlier.boundary);
    expect(renderer.toModelText(earlier)).toEqual(toModelText(earlier));
  });

  it("takes the general way for a hooked prompt whose hook keeps the boundary in place", () => {
    const renderer = createCompiledRenderer();
    const input = { ...structuredClone(STABLE[0]), volatile: { sender: "Ada" } };
    const plain = renderer.render(input);
    const hooked = renderer.render({
      ...input,
      beforePromptBuild: (text: string) => text.replace("Ada", "Eve"),
    });
    expect(hooked.boundary).toBe(plain.boundary);
    expect(renderer.toModelText(hooked)).toEqual(toModelText(hooked));
  });

  it("gives a turn without per-turn sections its stable prefix alone", () => {
    const renderer = createCompiledRenderer();
    const prompt = renderer.render({ ...structuredClone(STABLE[4]), volatile: {} });
    expect(prompt.sections.filter((section) => section.cache === "volatile")).toEqual([]);
    expect(renderer.toModelText(prompt)).toEqual(toModelText(prompt));
  });

  it("compiles once while only the per-turn facts change", () => {
    const renderer = createCompiledRenderer();
    for (const sender of ["Ada", "Grace", "Linus"]) {
      renderer.render({ ...structuredClone(STABLE[1]), volatile: { sender } });
    }
    expect(renderer.compiles).toBe(1);
    renderer.render({ ...structuredClone(STABLE[2]), volatile: { sender: "Ada" } });
    expect(renderer.compiles).toBe(2);
  });
});

describe("isDeepEqual", () => {
  it("agrees with a canonical JSON comparison on arbitrary JSON values (property)", () => {
    const canonical = (value: unknown): string =>
      JSON.stringify(value, (_key, inner: unknown) =>
        Object.is(inner, -0)
          ? "-0"
          : inner !== null && typeof inner === "object" && !Array.isArray(inner)
            ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1)))
            : inner,
      );
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        expect(isDeepEqual(a, structuredClone(a))).toBe(true);
        expect(isDeepEqual(a, b)).toBe(canonical(a) === canonical(b));
      }),
    );
  });

  it("compares functions by reference and tells arrays from objects", () => {
    const hook = (text: string) => text;
    expect(isDeepEqual({ hook }, { hook })).toBe(true);
    expect(isDeepEqual({ hook }, { hook: (text: string) => text })).toBe(false);
    expect(isDeepEqual([1], { 0: 1 })).toBe(false);
    expect(isDeepEqual({ a: undefined }, {})).toBe(false);
    // As many keys, other names: a missing key is not an undefined value.
    expect(isDeepEqual({ a: undefined }, { b: undefined })).toBe(false);
    // An object against an array, a string or an object of another prototype, either way round.
    expect(isDeepEqual({ 0: 1 }, [1])).toBe(false);
    expect(isDeepEqual([], "")).toBe(false);
    expect(isDeepEqual({}, Object.create(null))).toBe(false);
    // A boxed number has the number's prototype and no own keys, and still is not the number.
    expect(isDeepEqual(Object(1), 1)).toBe(false);
  });
});
