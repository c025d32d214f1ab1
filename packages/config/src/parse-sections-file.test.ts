import { describe, expect, it } from "vitest";
import { parseSectionsFile } from "./parse-sections-file.js";
import { toSectionRegistry } from "./resolve-section-registry.js";
import type { ResolvedSectionsConfig } from "./resolve-section-registry.js";
import { thrownBy } from "@promptstack-tools/test-utils";

describe("parseSectionsFile", () => {
  it("splits blocks at markers, dropping blank lines around each body", () => {
    const file = parseSectionsFile(
      "\n<!-- section: house_rules -->\n\nNo spoilers.\n## Not a marker\n\n<!--section:safety-->\r\nStay kind.\n",
      "sections.md",
    );
    expect(file).toEqual({
      source: "sections.md",
      blocks: [
        { id: "house_rules", line: 2, text: "No spoilers.\n## Not a marker" },
        { id: "safety", line: 7, text: "Stay kind." },
      ],
    });
  });

  it.each([
    ["Intro\n<!-- section: a -->\nx", "sections.md:1", "text before the first section marker"],
    ["<!-- section: Bad-Id -->\nx", "sections.md:1", "not a snake_case section id"],
    ["<!-- section: a -->\nx\n<!-- section: a -->\ny", "sections.md:3", "appears twice"],
    ["<!-- section: a -->\nx\n<!-- section: b --> trailing", "sections.md:3", "malformed"],
  ])("rejects %j at its line", (text, path, message) => {
    expect(() => parseSectionsFile(text, "sections.md")).toThrow(
      expect.objectContaining({
        code: "CONFIG_SECTIONS_FILE_INVALID",
        path,
        message: expect.stringContaining(message),
      }),
    );
  });
});

describe("toSectionRegistry", () => {
  const sections: ResolvedSectionsConfig = {
    file: "sections.md",
    disable: ["promised_work"],
    replace: { care: "Be careful." },
    add: [{ id: "house_rules", heading: "House Rules", cache: "stable", after: "care" }],
    paths: {
      file: "agents.defaults.sections.file",
      disable: "agents.defaults.sections.disable",
      replace: "agents.defaults.sections.replace",
      add: "agents.defaults.sections.add",
    },
  };
  const file = (text: string) => parseSectionsFile(text, "sections.md");

  it("gives custom sections the file's text and turns built-in blocks into replacements", () => {
    expect(
      toSectionRegistry(
        sections,
        file("<!-- section: house_rules -->\nNo spoilers.\n<!-- section: safety -->\nStay kind."),
      ),
    ).toEqual({
      disable: ["promised_work"],
      replace: { care: "Be careful.", safety: "Stay kind." },
      add: [
        {
          id: "house_rules",
          heading: "House Rules",
          cache: "stable",
          after: "care",
          text: "No spoilers.",
        },
      ],
    });
  });

  it.each([
    ["<!-- section: house_rules -->\nx\n<!-- section: pep_talk -->\ny", "sections.md:3", "neither"],
    ["<!-- section: house_rules -->\nx\n<!-- section: care -->\ny", "sections.md:3", "both here"],
    [
      "<!-- section: house_rules -->\nx\n<!-- section: promised_work -->\ny",
      "sections.md:3",
      "disabled",
    ],
    ["<!-- section: safety -->\ny", "agents.defaults.sections.add.0.text", "has no text"],
  ])("rejects a clash or gap: %j", (text, path, message) => {
    expect(() => toSectionRegistry(sections, file(text))).toThrow(
      expect.objectContaining({
        code: "CONFIG_SECTIONS_FILE_INVALID",
        path,
        message: expect.stringContaining(message),
      }),
    );
  });

  it("rejects a block for a custom section that has inline text too", () => {
    const inline: ResolvedSectionsConfig = {
      ...sections,
      add: [{ id: "house_rules", heading: "H", cache: "stable", after: "care", text: "Inline." }],
    };
    expect(() => toSectionRegistry(inline, file("<!-- section: house_rules -->\nx"))).toThrow(
      /text both here and in agents\.defaults\.sections\.add/,
    );
  });
});

describe("parseSectionsFile edge cases (issue 36)", () => {
  it("splits old Mac line endings too, and gives a block of blank lines an empty text", () => {
    expect(
      parseSectionsFile(
        " \r<!-- section: a -->\r \r one\r  two \r \r<!-- section: b -->\r  \r",
        "s.md",
      ),
    ).toEqual({
      source: "s.md",
      blocks: [
        { id: "a", line: 2, text: " one\n  two " },
        { id: "b", line: 7, text: "" },
      ],
    });
    expect(parseSectionsFile("<!-- section: a -->", "s.md").blocks).toEqual([
      { id: "a", line: 1, text: "" },
    ]);
  });

  it("refuses an indented marker, quoting it trimmed", () => {
    expect(thrownBy(() => parseSectionsFile("  <!-- section: a -->  x", "s.md"))).toMatchObject({
      code: "CONFIG_SECTIONS_FILE_INVALID",
      message: 's.md:1: malformed section marker "<!-- section: a -->  x".',
      path: "s.md:1",
      hint: "Write the marker alone on its line: <!-- section: house_rules -->.",
      issues: [{ path: "s.md:1", message: 'malformed section marker "<!-- section: a -->  x".' }],
    });
  });

  it("names the line, the problem and the fix for a bad id, a repeated id and text before a marker", () => {
    expect(thrownBy(() => parseSectionsFile("<!-- section: Rules -->", "s.md"))).toMatchObject({
      message: 's.md:1: "Rules" is not a snake_case section id.',
      hint: "Use an id such as house_rules (lower case, digits, underscores).",
    });
    expect(
      thrownBy(() => parseSectionsFile("<!-- section: a -->\nx\n<!-- section: a -->", "s.md")),
    ).toMatchObject({
      message: 's.md:3: section "a" appears twice (first at line 1).',
      path: "s.md:3",
      hint: "Keep one block per section id.",
      issues: [{ path: "s.md:3", message: 'section "a" appears twice (first at line 1).' }],
    });
    expect(thrownBy(() => parseSectionsFile("\nhello\n<!-- section: a -->", "s.md"))).toMatchObject(
      {
        message: "s.md:2: text before the first section marker.",
        hint: "Start the file with a marker such as <!-- section: house_rules -->.",
      },
    );
  });
});
