import { NEUTRAL_PRODUCT_PROFILE, OPENCLAW_PRODUCT_PROFILE } from "@promptstack/renderer";
import { describe, expect, it } from "vitest";
import { ConfigError } from "./config-error.js";
import { parseConfig } from "./parse-config.js";
import { resolveAgentSystemPromptConfig } from "./resolve-agent-system-prompt-config.js";

const resolve = (raw: unknown, agentId = "main") =>
  resolveAgentSystemPromptConfig(parseConfig(raw).config, { agentId, sessionKind: "direct" });

/** The `CONFIG_INVALID` issues a config produces (fails the test when it parses). */
function issuesOf(raw: unknown): readonly { path: string; message: string }[] {
  try {
    parseConfig(raw);
  } catch (error) {
    if (!ConfigError.isInstance(error)) throw error;
    expect(error.code).toBe("CONFIG_INVALID");
    return error.issues;
  }
  throw new Error("expected the config to be rejected");
}

describe("profile", () => {
  it("defaults to the reference profile; names pick a built-in one", () => {
    expect(resolve({}).profile).toBeUndefined();
    expect(resolve({ agents: { defaults: { profile: "openclaw" } } }).profile).toBe(
      OPENCLAW_PRODUCT_PROFILE,
    );
    expect(resolve({ agents: { defaults: { profile: "neutral" } } }).profile).toBe(
      NEUTRAL_PRODUCT_PROFILE,
    );
  });

  it("an agent's profile beats the defaults' profile", () => {
    const raw = {
      agents: { defaults: { profile: "neutral" }, entries: { ops: { profile: "openclaw" } } },
    };
    expect(resolve(raw, "ops").profile).toBe(OPENCLAW_PRODUCT_PROFILE);
    expect(resolve(raw, "bot").profile).toBe(NEUTRAL_PRODUCT_PROFILE);
  });

  it("an inline profile extends neutral by default and merges features flag by flag", () => {
    const profile = resolve({
      agents: {
        defaults: {
          profile: {
            name: "Pip",
            delimiterWord: "PIP",
            features: { docs: true },
            requiredWorkspaceFiles: ["AGENTS.md", "USER.md"],
          },
        },
      },
    }).profile;
    expect(profile).toEqual({
      ...NEUTRAL_PRODUCT_PROFILE,
      name: "Pip",
      delimiterWord: "PIP",
      features: { docs: true },
      requiredWorkspaceFiles: ["AGENTS.md", "USER.md"],
    });
    const reference = resolve({
      agents: {
        defaults: { profile: { extends: "openclaw", features: { replyDirectives: false } } },
      },
    }).profile;
    expect(reference?.features).toEqual({
      ...OPENCLAW_PRODUCT_PROFILE.features,
      replyDirectives: false,
    });
    expect(reference?.name).toBe("OpenClaw");
  });

  it("rejects an unknown profile name, a bad delimiter word and an unknown workspace file", () => {
    const issues = issuesOf({
      agents: {
        defaults: { profile: "acme" },
        entries: {
          bot: { profile: { delimiterWord: "pip", requiredWorkspaceFiles: ["RULES.md"] } },
        },
      },
    });
    expect(issues).toEqual([
      {
        path: "agents.defaults.profile",
        message: 'expected "openclaw" | "neutral" or an object, got the string "acme"',
      },
      {
        path: "agents.entries.bot.profile.delimiterWord",
        message: "expected an upper-case word such as PIP",
      },
      {
        path: "agents.entries.bot.profile.requiredWorkspaceFiles.0",
        message: expect.stringContaining('"AGENTS.md"'),
      },
    ]);
  });

  it("reports an unknown key inside an inline profile as a diagnostic", () => {
    const { diagnostics } = parseConfig({ agents: { defaults: { profile: { nmae: "Pip" } } } });
    expect(diagnostics.map((d) => d.path)).toContain("agents.defaults.profile.nmae");
  });
});

describe("sections", () => {
  it("accepts a registry and resolves it per key, the agent's key beating the defaults'", () => {
    const raw = {
      agents: {
        defaults: {
          sections: {
            file: "sections.md",
            disable: ["promised_work"],
            add: [{ id: "house_rules", heading: "House Rules", cache: "stable", after: "care" }],
          },
        },
        entries: { bot: { sections: { disable: ["safety"] } } },
      },
    };
    const sections = resolve(raw, "bot").sections;
    expect(sections).toEqual({
      file: "sections.md",
      disable: ["safety"],
      add: [{ id: "house_rules", heading: "House Rules", cache: "stable", after: "care" }],
      paths: {
        file: "agents.defaults.sections.file",
        disable: "agents.entries.bot.sections.disable",
        add: "agents.defaults.sections.add",
      },
    });
  });

  it("names an unknown section id with its config path and the known ids", () => {
    const [issue, ...rest] = issuesOf({
      agents: { entries: { bot: { sections: { disable: ["promised_work", "pep_talk"] } } } },
    });
    expect(rest).toEqual([]);
    expect(issue?.path).toBe("agents.entries.bot.sections.disable.1");
    expect(issue?.message).toContain('"pep_talk"');
    expect(issue?.message).toContain("Use one of: identity,");
  });

  it("names an unknown anchor, and a clash", () => {
    expect(
      issuesOf({
        agents: {
          defaults: {
            sections: {
              add: [{ id: "rules", heading: "Rules", cache: "stable", after: "nope", text: "x" }],
            },
          },
        },
      }).map((issue) => issue.path),
    ).toEqual(["agents.defaults.sections.add.0.after"]);
    const [clash] = issuesOf({
      agents: {
        defaults: { sections: { disable: ["safety"], replace: { safety: "Be careful." } } },
      },
    });
    expect(clash?.path).toBe("agents.defaults.sections.replace.safety");
    expect(clash?.message).toContain("both disabled and replaced");
    const [side] = issuesOf({
      agents: {
        defaults: {
          sections: {
            add: [{ id: "rules", heading: "R", cache: "volatile", after: "care", text: "x" }],
          },
        },
      },
    });
    expect(side?.path).toBe("agents.defaults.sections.add.0.after");
    expect(side?.message).toContain("other side of the cache boundary");
  });

  it("finds a clash that only the merge of defaults and an agent entry makes", () => {
    const issues = issuesOf({
      agents: {
        defaults: { sections: { replace: { care: "Be careful." } } },
        entries: { bot: { sections: { disable: ["care"] } } },
      },
    });
    expect(issues.map((issue) => issue.path)).toEqual(["agents.defaults.sections.replace.care"]);
  });

  it("rejects a custom section without text when there is no sections file", () => {
    const issues = issuesOf({
      agents: {
        defaults: {
          sections: { add: [{ id: "rules", heading: "Rules", cache: "stable", after: "care" }] },
        },
      },
    });
    expect(issues).toEqual([
      expect.objectContaining({ path: "agents.defaults.sections.add.0.text" }),
    ]);
  });

  it("rejects malformed entries through the schema", () => {
    const paths = issuesOf({
      agents: {
        defaults: {
          sections: {
            disable: ["Not An Id"],
            add: [{ id: "rules", heading: "Rules", cache: "sideways", text: "x" }],
          },
        },
      },
    }).map((issue) => issue.path);
    expect(paths).toEqual([
      "agents.defaults.sections.disable.0",
      "agents.defaults.sections.add.0.cache",
    ]);
    const [anchor] = issuesOf({
      agents: {
        defaults: { sections: { add: [{ id: "rules", heading: "Rules", cache: "stable" }] } },
      },
    });
    expect(anchor).toEqual({
      path: "agents.defaults.sections.add.0",
      message: "give exactly one of after and before",
    });
  });
});

describe("custom section anchors (issue 36)", () => {
  const add = (anchor: Record<string, string>) => ({
    agents: {
      defaults: {
        sections: {
          add: [{ id: "rules", heading: "Rules", cache: "stable", text: "x", ...anchor }],
        },
      },
    },
  });

  it("accepts a custom section anchored by before alone or by after alone, and refuses both", () => {
    expect(() => parseConfig(add({ before: "safety" }))).not.toThrow();
    expect(() => parseConfig(add({ after: "safety" }))).not.toThrow();
    expect(() => parseConfig(add({ after: "safety", before: "safety" }))).toThrow(
      /agents\.defaults\.sections\.add\.0: give exactly one of after and before/,
    );
  });
});
