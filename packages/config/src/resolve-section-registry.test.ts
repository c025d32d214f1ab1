import { listBuiltInSections } from "@promptstack/renderer";
import { describe, expect, it } from "vitest";
import { resolveSectionsConfig, toSectionRegistry } from "./resolve-section-registry.js";
import type { ResolvedSectionsConfig } from "./resolve-section-registry.js";

const custom = (id: string, text?: string) => ({
  id,
  heading: `About ${id}`,
  cache: "stable" as const,
  after: "tooling",
  ...(text === undefined ? {} : { text }),
});

describe("resolveSectionsConfig", () => {
  it("takes each key from the agent, else from the defaults, with its path", () => {
    expect(
      resolveSectionsConfig(
        { disable: ["care"], file: "S.md" },
        { disable: [] },
        "agents.entries.bot",
      ),
    ).toEqual({
      disable: [],
      file: "S.md",
      paths: {
        disable: "agents.entries.bot.sections.disable",
        file: "agents.defaults.sections.file",
      },
    });
    expect(resolveSectionsConfig(undefined, {}, "agents.entries.bot")).toBeUndefined();
  });
});

describe("toSectionRegistry", () => {
  const sections = (config: Partial<ResolvedSectionsConfig>): ResolvedSectionsConfig => ({
    paths: {},
    ...config,
  });

  it("returns an empty registry when nothing is set, and keeps a disable list", () => {
    expect(toSectionRegistry(sections({}))).toStrictEqual({});
    expect(toSectionRegistry(sections({ disable: ["care"] }))).toStrictEqual({
      disable: ["care"],
    });
  });

  it("takes a custom section's text from the sections file, and replaces a built-in one", () => {
    expect(
      toSectionRegistry(sections({ add: [custom("team")], replace: { care: "Be kind." } }), {
        source: "SECTIONS.md",
        blocks: [
          { id: "team", text: "We ship.", line: 1 },
          { id: "safety", text: "Stay safe.", line: 4 },
        ],
      }),
    ).toStrictEqual({
      replace: { care: "Be kind.", safety: "Stay safe." },
      add: [{ ...custom("team"), text: "We ship." }],
    });
  });

  it("refuses a block that names no section, listing the ids it may use", () => {
    const ids = listBuiltInSections().map((section) => section.id);
    const file = { source: "SECTIONS.md", blocks: [{ id: "nope", text: "x", line: 3 }] };
    expect(() => toSectionRegistry(sections({}), file)).toThrow(
      expect.objectContaining({
        code: "CONFIG_SECTIONS_FILE_INVALID",
        message:
          'SECTIONS.md:3: "nope" is neither a built-in section nor one added in sections.add.',
        path: "SECTIONS.md:3",
        issues: [
          {
            path: "SECTIONS.md:3",
            message: '"nope" is neither a built-in section nor one added in sections.add.',
          },
        ],
        hint: `Add it to sections.add, or use a built-in id: ${ids.join(", ")}.`,
      }),
    );
    expect(() =>
      toSectionRegistry(sections({ add: [custom("team", "t")], paths: { add: "a" } }), file),
    ).toThrow(
      expect.objectContaining({
        hint: `Add it to sections.add, or use a built-in id: ${[...ids, "team"].join(", ")}.`,
      }),
    );
  });

  it("refuses a block that clashes with inline text, a replacement or a disable", () => {
    const paths = {
      add: "agents.defaults.sections.add",
      replace: "agents.defaults.sections.replace",
      disable: "agents.defaults.sections.disable",
    };
    const clash = (config: Partial<ResolvedSectionsConfig>, id: string) => () =>
      toSectionRegistry(sections({ ...config, paths }), {
        source: "S.md",
        blocks: [{ id, text: "x", line: 7 }],
      });
    const refusal = (message: string, hint: string) =>
      expect.objectContaining({
        code: "CONFIG_SECTIONS_FILE_INVALID",
        message: `S.md:7: ${message}`,
        path: "S.md:7",
        hint,
        issues: [{ path: "S.md:7", message }],
      });
    expect(clash({ add: [custom("team", "inline")] }, "team")).toThrow(
      refusal(
        'section "team" has text both here and in agents.defaults.sections.add.',
        "Keep the text in one place: drop the block, or the inline text.",
      ),
    );
    expect(clash({ replace: { care: "y" } }, "care")).toThrow(
      refusal(
        'section "care" is replaced both here and in agents.defaults.sections.replace.',
        "Keep the replacement in one place.",
      ),
    );
    expect(clash({ disable: ["care"] }, "care")).toThrow(
      refusal(
        'section "care" is replaced here but disabled in agents.defaults.sections.disable.',
        "Either disable the section or replace it.",
      ),
    );
  });

  it("refuses a custom section left without text, naming the sections file only when there is one", () => {
    const config = sections({
      add: [custom("team")],
      paths: { add: "agents.defaults.sections.add" },
    });
    const error = {
      code: "CONFIG_SECTIONS_FILE_INVALID",
      path: "agents.defaults.sections.add.0.text",
      hint: "Give it text, or add a block <!-- section: team --> to the sections file (sections.file).",
      issues: [
        {
          path: "agents.defaults.sections.add.0.text",
          message: 'custom section "team" has no text.',
        },
      ],
    };
    expect(() => toSectionRegistry(config)).toThrow(
      expect.objectContaining({
        ...error,
        message: 'agents.defaults.sections.add.0.text: custom section "team" has no text.',
      }),
    );
    expect(() => toSectionRegistry(config, { source: "S.md", blocks: [] })).toThrow(
      expect.objectContaining({
        ...error,
        message:
          'agents.defaults.sections.add.0.text: custom section "team" has no text. S.md has no block for it.',
      }),
    );
  });
});
