import { thrownBy } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { buildAgentSystemPrompt } from "./build-agent-system-prompt.js";
import { compileAgentSystemPrompt } from "./compile-agent-system-prompt.js";
import { RendererError } from "./renderer-error.js";
import { resolveSectionRows } from "./resolve-section-rows.js";
import { SECTION_TABLE } from "./section-table.js";
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

  it("hides volatile from a custom stable section of an input that is not a plain object", () => {
    // The renderer copies only plain objects, so a class instance reaches the sections as it is.
    const seen: string[][] = [];
    class TurnInput {
      sections: SectionRegistry = {
        add: [
          {
            id: "probe",
            heading: "Probe",
            cache: "stable",
            after: "identity",
            render: (context) => {
              seen.push(Object.keys(context.stable));
              return "p";
            },
          },
        ],
      };
      volatile = { sender: "x" };
    }
    const input = new TurnInput();
    expect(buildAgentSystemPrompt(input).text).toContain("## Probe\np\n");
    expect(seen).toEqual([["sections"]]);
    expect(Object.keys(input)).toEqual(["sections", "volatile"]);
  });

  it("gives a custom stable section the input the built-in sections read, getters included", () => {
    class OwnerInput {
      get ownerDisplay(): string {
        return "Ada";
      }
      sections: SectionRegistry = {
        add: [
          {
            id: "owner_echo",
            heading: "Owner Echo",
            cache: "stable",
            after: "identity",
            render: ({ stable }) => `Owner again: ${stable.ownerDisplay}`,
          },
        ],
      };
    }
    const prompt = buildAgentSystemPrompt(new OwnerInput());
    expect(prompt.sections.find((section) => section.id === "user_identity")?.text).toContain(
      "Owner: Ada\n",
    );
    expect(prompt.sections.find((section) => section.id === "owner_echo")?.text).toBe(
      "## Owner Echo\nOwner again: Ada",
    );
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
      "an id that is not a string",
      { add: [{ ...valid, id: ["house_rules"], text: "x" }] },
      "sections.add[0].id",
      "expected a snake_case id.",
      'Use an id such as "house_rules".',
    ],
    [
      "a heading of two lines",
      { add: [{ ...valid, heading: "House\nRules", text: "x" }] },
      "sections.add[0].heading",
      "expected a single-line heading.",
      "Give the section a heading.",
    ],
    [
      "both after and before",
      { add: [{ ...valid, before: "safety", text: "x" }] },
      "sections.add[0]",
      "expected exactly one of after and before.",
      "Name the section to insert next to.",
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
  it("returns the table itself without a registry", () => {
    expect(resolveSectionRows(undefined)).toBe(SECTION_TABLE);
  });

  it("makes a custom section a row that shows its heading in every size", () => {
    const rows = resolveSectionRows({ add: [{ ...valid, text: "No spam." }] } as SectionRegistry);
    const row = rows.find((candidate) => candidate.id === "house_rules");
    expect(row).toMatchObject({
      id: "house_rules",
      heading: "House Rules",
      headingInText: true,
      compactHeadingInText: true,
      cache: "stable",
      modes: ["full", "minimal"],
      gate: "custom section",
    });
    expect(rows.indexOf(row!)).toBe(rows.findIndex((candidate) => candidate.id === "care") + 1);
    const compact = buildAgentSystemPrompt({
      size: "compact",
      sections: { add: [{ ...valid, cache: "stable", text: "No spam." }] },
    });
    expect(compact.sections.find((section) => section.id === "house_rules")).toEqual({
      id: "house_rules",
      heading: "House Rules",
      text: "## House Rules\nNo spam.",
      cache: "stable",
    });
  });

  it("renders a custom section's lines, splitting each at newlines, and skips an undefined body", () => {
    const out = buildAgentSystemPrompt({
      sections: {
        add: [
          {
            ...valid,
            cache: "stable",
            render: () => ["one\ntwo", "three"],
          },
          {
            id: "nothing",
            heading: "Nothing",
            cache: "stable",
            after: "house_rules",
            render: () => undefined,
          },
        ],
      },
    });
    expect(out.sections.find((section) => section.id === "house_rules")?.text).toBe(
      "## House Rules\none\ntwo\nthree",
    );
    expect(out.sections.map((section) => section.id)).not.toContain("nothing");
  });

  it("refuses a custom body that is not text, with the path and hint", () => {
    const render = () => ["fine", 3] as unknown as string[];
    expect(
      thrownBy(() =>
        buildAgentSystemPrompt({ sections: { add: [{ ...valid, cache: "stable", render }] } }),
      ),
    ).toMatchObject({
      name: "RendererError",
      code: "RENDERER_SECTION_FAILED",
      message:
        "Custom section at sections.add[0].render returned something other than a string, string lines or undefined.",
      path: "sections.add[0].render",
      hint: "Return the section body as a string or an array of lines.",
    });
  });

  it("wraps what a custom render throws, stable or volatile, with the path and hint", () => {
    const boom = new Error("boom");
    const render = () => {
      throw boom;
    };
    const stable = thrownBy(() =>
      buildAgentSystemPrompt({ sections: { add: [{ ...valid, cache: "stable", render }] } }),
    );
    expect(stable).toMatchObject({
      name: "RendererError",
      code: "RENDERER_SECTION_FAILED",
      message: "Custom section at sections.add[0].render threw.",
      path: "sections.add[0].render",
      hint: "Fix the section's render function.",
      cause: boom,
    });
    const volatile = thrownBy(() =>
      buildAgentSystemPrompt({
        sections: {
          add: [
            {
              id: "turn_note",
              heading: "Turn Note",
              cache: "volatile",
              after: "silent_replies",
              render,
            },
          ],
        },
      }),
    );
    expect(volatile).toMatchObject({
      name: "RendererError",
      code: "RENDERER_SECTION_FAILED",
      message: "Custom section at sections.add[0].render threw.",
      path: "sections.add[0].render",
      hint: "Fix the section's render function.",
      cause: boom,
    });
  });

  it("names the known ids, in row order, for an unknown id", () => {
    const house = { ...valid, text: "No spam." };
    const ids = SECTION_TABLE.map((row) => row.id);
    ids.splice(ids.indexOf("care") + 1, 0, "house_rules");
    expect(
      thrownBy(() => resolveSectionRows({ add: [house], disable: ["nope"] } as SectionRegistry)),
    ).toMatchObject({
      name: "RendererError",
      code: "RENDERER_UNKNOWN_SECTION",
      message:
        'Unknown section id at sections.disable[0]: "nope" is neither a built-in section nor a custom one added before it.',
      path: "sections.disable[0]",
      hint: `Use one of: ${ids.join(", ")}.`,
    });
    expect(
      thrownBy(() =>
        resolveSectionRows({
          add: [
            {
              id: "house_rules",
              heading: "House Rules",
              cache: "stable",
              before: "nope",
              text: "x",
            },
          ],
        }),
      ),
    ).toMatchObject({
      code: "RENDERER_UNKNOWN_SECTION",
      message:
        'Unknown section id at sections.add[0].before: "nope" is neither a built-in section nor a custom one added before it.',
      path: "sections.add[0].before",
    });
  });

  it.each([
    [
      "a custom id that already exists",
      { add: [{ ...valid, id: "care", text: "x" }] },
      "sections.add[0].id",
      'a section "care" already exists.',
      "Pick another id.",
    ],
    [
      "a stable section anchored next to a volatile one",
      { add: [{ ...valid, after: "runtime", text: "x" }] },
      "sections.add[0].after",
      '"house_rules" is stable but "runtime" is volatile; a section cannot sit on the other side of the cache boundary.',
      "Anchor a stable section next to another stable section.",
    ],
    [
      "a volatile section anchored before a stable one",
      {
        add: [
          {
            id: "house_rules",
            heading: "House Rules",
            cache: "volatile",
            before: "care",
            text: "x",
          },
        ],
      },
      "sections.add[0].before",
      '"house_rules" is volatile but "care" is stable; a section cannot sit on the other side of the cache boundary.',
      "Anchor a volatile section next to another volatile section.",
    ],
    [
      "an id both disabled and replaced",
      { disable: ["care"], replace: { care: "x" } },
      "sections.replace.care",
      '"care" is both disabled and replaced.',
      "Either disable or replace it.",
    ],
  ])(
    "refuses %s as a clash with the path, message and hint",
    (_name, registry, path, message, hint) => {
      expect(thrownBy(() => resolveSectionRows(registry as SectionRegistry))).toMatchObject({
        name: "RendererError",
        code: "RENDERER_SECTION_CLASH",
        message: `Section clash at ${path}: ${message}`,
        path,
        hint,
      });
    },
  );
});
