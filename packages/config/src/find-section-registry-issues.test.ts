import { describe, expect, it } from "vitest";
import type { PromptstackConfig } from "./config-types.js";
import { findSectionRegistryIssues } from "./find-section-registry-issues.js";

const section = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  heading: `About ${id}`,
  cache: "stable",
  text: `Text of ${id}.`,
  after: "tooling",
  ...extra,
});
const check = (config: unknown) => findSectionRegistryIssues(config as PromptstackConfig);
const noText = (path: string, id: string) => ({
  path,
  message: `custom section "${id}" has no text; give it text, or set sections.file and add a block <!-- section: ${id} --> there`,
});

describe("findSectionRegistryIssues", () => {
  it("finds nothing in a valid registry, or in an agent whose sections set no key", () => {
    expect(
      check({
        agents: {
          defaults: { sections: { disable: ["care"], add: [section("team")] } },
          entries: { bot: { sections: {} }, quiet: { model: "m" } },
        },
      }),
    ).toEqual([]);
    expect(check({ agents: { entries: { bot: { sections: {} } } } })).toEqual([]);
  });

  it("names the config path of a renderer clash, with the renderer's detail and hint", () => {
    expect(
      check({
        agents: { defaults: { sections: { disable: ["safety"], replace: { safety: "x" } } } },
      }),
    ).toEqual([
      {
        path: "agents.defaults.sections.replace.safety",
        message: '"safety" is both disabled and replaced. Either disable or replace it.',
      },
    ]);
  });

  it("maps an index of two digits in a renderer path", () => {
    const add = Array.from({ length: 11 }, (_, index) => section(`s${index}`));
    add[10] = section("s10", { cache: "middle" });
    expect(check({ agents: { defaults: { sections: { add } } } })).toEqual([
      {
        path: "agents.defaults.sections.add.10.cache",
        message: 'expected "stable" or "volatile". Stable text goes above the boundary.',
      },
    ]);
  });

  it("reports a custom section without text and without a sections file, then the renderer's issue", () => {
    expect(
      check({
        agents: {
          entries: {
            "my bot": { sections: { add: [section("c", { text: undefined, heading: "" })] } },
          },
        },
      }),
    ).toEqual([
      noText('agents.entries."my bot".sections.add.0.text', "c"),
      {
        path: 'agents.entries."my bot".sections.add.0.heading',
        message: "expected a single-line heading. Give the section a heading.",
      },
    ]);
  });

  it("accepts a custom section without text when a sections file is set", () => {
    expect(
      check({
        agents: {
          defaults: { sections: { file: "SECTIONS.md", add: [section("c", { text: undefined })] } },
        },
      }),
    ).toEqual([]);
  });

  it("quotes an agent id that is not a plain word, and reports an issue of the defaults once", () => {
    expect(
      check({
        agents: {
          defaults: { sections: { add: [section("c", { text: undefined })] } },
          entries: {
            "bot x": {
              sections: { replace: { nope: "x" }, add: [section("d", { text: undefined })] },
            },
            other: { sections: { disable: [] } },
          },
        },
      }),
    ).toEqual([
      noText("agents.defaults.sections.add.0.text", "c"),
      noText('agents.entries."bot x".sections.add.0.text', "d"),
      {
        path: 'agents.entries."bot x".sections.replace.nope',
        message: expect.stringMatching(
          /^"nope" is neither a built-in section nor a custom one added before it\. Use one of: identity, /,
        ),
      },
    ]);
  });
});
