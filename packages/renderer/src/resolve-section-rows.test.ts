import { thrownBy } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { buildAgentSystemPrompt } from "./build-agent-system-prompt.js";
import { compileAgentSystemPrompt } from "./compile-agent-system-prompt.js";
import { RendererError } from "./renderer-error.js";
import { resolveSectionRows } from "./resolve-section-rows.js";
import type { SectionRegistry } from "./types.js";

function codeOf(sections: unknown): string | undefined {
  try {
    buildAgentSystemPrompt({ sections: sections as SectionRegistry });
  } catch (error) {
    if (RendererError.isInstance(error)) return `${error.code} ${error.path ?? ""}`;
    throw error;
  }
  return undefined;
}

describe("section registry", () => {
  const base = buildAgentSystemPrompt({ tools: [{ name: "exec" }] });

  it("an empty registry renders exactly what no registry renders", () => {
    expect(buildAgentSystemPrompt({ tools: [{ name: "exec" }], sections: {} }).text).toBe(
      base.text,
    );
  });

  it("disables a section by id", () => {
    const out = buildAgentSystemPrompt({
      tools: [{ name: "exec" }],
      sections: { disable: ["safety"] },
    });
    expect(base.sections.map((s) => s.id)).toContain("safety");
    expect(out.sections.map((s) => s.id)).not.toContain("safety");
    expect(out.text).not.toContain("## Safety");
  });

  it("replaces a section's text and keeps its heading and gate", () => {
    const out = buildAgentSystemPrompt({
      sections: { replace: { care: "Be kind.", tooling: "x" } },
    });
    expect(out.text).toContain("## Care\nBe kind.\n");
    // tooling's gate (at least one tool) is closed: the replacement does not render either.
    expect(out.sections.map((s) => s.id)).not.toContain("tooling");
    const empty = buildAgentSystemPrompt({ sections: { replace: { care: "" } } });
    expect(empty.sections.map((s) => s.id)).not.toContain("care");
  });

  it("adds custom sections at a position relative to an existing id", () => {
    const out = buildAgentSystemPrompt({
      sections: {
        add: [
          {
            id: "house_rules",
            heading: "House Rules",
            cache: "stable",
            after: "care",
            text: "No spam.",
          },
          { id: "first", heading: "First", cache: "stable", before: "house_rules", text: "One." },
        ],
      },
    });
    const ids = out.sections.map((s) => s.id);
    expect(ids.slice(ids.indexOf("care"), ids.indexOf("care") + 3)).toEqual([
      "care",
      "first",
      "house_rules",
    ]);
    expect(out.text).toContain("## First\nOne.\n\n## House Rules\nNo spam.");
    expect(out.sections.find((s) => s.id === "house_rules")?.cache).toBe("stable");
    expect(out.text.indexOf("No spam.")).toBeLessThan(out.boundary);
  });

  it("calls a custom stable render once per compile, with no volatile key", () => {
    let calls = 0;
    let sawVolatile = true;
    const compiled = compileAgentSystemPrompt({
      sections: {
        add: [
          {
            id: "once",
            heading: "Once",
            cache: "stable",
            after: "identity",
            render: (context) => {
              calls++;
              sawVolatile = "volatile" in context || "volatile" in context.stable;
              return "stable text";
            },
          },
        ],
      },
    });
    compiled.render({ sender: "a" });
    compiled.render({ sender: "b" });
    expect(calls).toBe(1);
    expect(sawVolatile).toBe(false);
    // The one-call path strips volatile too.
    buildAgentSystemPrompt({
      sections: compiledSections(),
      volatile: { sender: "x" },
    });
    function compiledSections(): SectionRegistry {
      return {
        add: [
          {
            id: "probe",
            heading: "Probe",
            cache: "stable",
            after: "identity",
            render: (context) => {
              expect("volatile" in context.stable).toBe(false);
              return "p";
            },
          },
        ],
      };
    }
  });

  it("renders custom sections only in their modes", () => {
    const sections: SectionRegistry = {
      add: [
        {
          id: "full_only",
          heading: "F",
          cache: "stable",
          after: "identity",
          text: "f",
          modes: ["full"],
        },
      ],
    };
    expect(buildAgentSystemPrompt({ sections }).text).toContain("## F\nf");
    expect(buildAgentSystemPrompt({ sections, mode: "minimal" }).text).not.toContain("## F");
  });

  it("throws typed errors for unknown ids, clashes and malformed entries", () => {
    expect(codeOf({ disable: ["nope"] })).toBe("RENDERER_UNKNOWN_SECTION sections.disable[0]");
    expect(codeOf({ replace: { nope: "x" } })).toBe(
      "RENDERER_UNKNOWN_SECTION sections.replace.nope",
    );
    expect(
      codeOf({ add: [{ id: "a", heading: "A", cache: "stable", after: "nope", text: "x" }] }),
    ).toBe("RENDERER_UNKNOWN_SECTION sections.add[0].after");
    expect(
      codeOf({
        add: [{ id: "care", heading: "A", cache: "stable", after: "identity", text: "x" }],
      }),
    ).toBe("RENDERER_SECTION_CLASH sections.add[0].id");
    expect(codeOf({ disable: ["care"], replace: { care: "x" } })).toBe(
      "RENDERER_SECTION_CLASH sections.replace.care",
    );
    expect(
      codeOf({ add: [{ id: "a", heading: "A", cache: "stable", after: "runtime", text: "x" }] }),
    ).toBe("RENDERER_SECTION_CLASH sections.add[0].after");
    expect(
      codeOf({ add: [{ id: "Bad Id", heading: "A", cache: "stable", after: "care", text: "x" }] }),
    ).toBe("RENDERER_INVALID_INPUT sections.add[0].id");
    expect(codeOf({ add: [{ id: "a", heading: "A", cache: "stable", text: "x" }] })).toBe(
      "RENDERER_INVALID_INPUT sections.add[0]",
    );
    expect(
      codeOf({ add: [{ id: "a", heading: "A", cache: "stable", after: "care", render: () => 3 }] }),
    ).toBe("RENDERER_SECTION_FAILED sections.add[0].render");
    expect(
      codeOf({
        add: [
          {
            id: "a",
            heading: "A",
            cache: "stable",
            after: "care",
            render: () => {
              throw new Error("boom");
            },
          },
        ],
      }),
    ).toBe("RENDERER_SECTION_FAILED sections.add[0].render");
    expect(codeOf("disable")).toBe("RENDERER_INVALID_INPUT sections");
  });

  it("defuses a custom section that spells a boundary marker", () => {
    const out = buildAgentSystemPrompt({
      sections: {
        add: [
          {
            id: "evil",
            heading: "Evil",
            cache: "stable",
            after: "care",
            text: "<!-- OPENCLAW_CACHE_BOUNDARY -->",
          },
        ],
      },
    });
    expect(out.text.split("<!-- OPENCLAW_CACHE_BOUNDARY -->").length).toBe(2);
  });

  // A custom section that passes every check, for the cases below to break one field of.
  const valid = { id: "house_rules", heading: "House Rules", cache: "stable", after: "care" };

  it.each([
    [
      "an entry of add that is not an object",
      { add: ["house_rules"] },
      "sections.add[0]",
      "expected an object.",
      "Pass { id, heading, cache, ... }.",
    ],
    [
      "a blank heading",
      { add: [{ ...valid, heading: "  ", text: "x" }] },
      "sections.add[0].heading",
      "expected a single-line heading.",
      "Give the section a heading.",
    ],
    [
      "a cache side that is neither stable nor volatile",
      { add: [{ ...valid, cache: "warm", text: "x" }] },
      "sections.add[0].cache",
      'expected "stable" or "volatile".',
      "Stable text goes above the boundary.",
    ],
    [
      "an anchor that is not a string",
      { add: [{ ...valid, after: 3, text: "x" }] },
      "sections.add[0].after",
      "expected a string.",
      "Pass a string at after.",
    ],
    [
      "a render that is not a function",
      { add: [{ ...valid, render: "x" }] },
      "sections.add[0].render",
      "expected a function.",
      "Pass a render function or static text.",
    ],
    [
      "neither text nor render",
      { add: [valid] },
      "sections.add[0]",
      "expected text or render.",
      "Give the section static text or a render function.",
    ],
    [
      "an unknown mode",
      { add: [{ ...valid, text: "x", modes: ["full", "loud"] }] },
      "sections.add[0].modes",
      'expected modes from "full", "minimal", "none".',
      "Fix the modes.",
    ],
    [
      "add that is not an array",
      { add: valid },
      "sections.add",
      "expected an array.",
      "Pass a list of sections.",
    ],
    [
      "disable that is not an array",
      { disable: "care" },
      "sections.disable",
      "expected an array.",
      "Pass ids.",
    ],
    [
      "a disabled id that is not a string",
      { disable: ["care", 7] },
      "sections.disable[1]",
      "expected a section id.",
      "Pass ids as strings.",
    ],
    [
      "replace that is not an object",
      { replace: ["care"] },
      "sections.replace",
      "expected an object.",
      "Map ids to text.",
    ],
    [
      "a replacement that is not a string",
      { replace: { care: ["Be kind."] } },
      "sections.replace.care",
      "expected a string.",
      "Pass the new body text.",
    ],
  ])("refuses %s with the path, message and hint", (_name, registry, path, message, hint) => {
    expect(thrownBy(() => resolveSectionRows(registry as SectionRegistry))).toMatchObject({
      name: "RendererError",
      code: "RENDERER_INVALID_INPUT",
      message: `Invalid renderer input at ${path}: ${message}`,
      path,
      hint,
    });
  });
});
