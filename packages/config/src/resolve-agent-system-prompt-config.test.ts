import type { SessionKind } from "@promptstack/renderer";
import { describe, expect, it } from "vitest";
import { parseConfig } from "./parse-config.js";
import { resolveAgentSystemPromptConfig } from "./resolve-agent-system-prompt-config.js";

const resolve = (raw: unknown, agentId = "main", sessionKind: SessionKind = "direct") =>
  resolveAgentSystemPromptConfig(parseConfig(raw).config, { agentId, sessionKind });

describe("resolveAgentSystemPromptConfig", () => {
  it("applies built-in defaults to an empty config", () => {
    const resolved = resolve({});
    expect(resolved).toEqual({
      agentId: "main",
      sessionKind: "direct",
      promptMode: "full",
      promptSize: "full",
      modelAliases: [],
      memoryCitations: "auto",
      delegationMode: "suggest",
      delegationModeSource: "computed",
      gpt5Personality: "friendly",
      budgets: {
        bootstrapMaxChars: 20000,
        bootstrapTotalMaxChars: 60000,
        maxSkillsPromptChars: 18000,
        maxSkillsInPrompt: 150,
        contextLimits: {
          memoryGetMaxChars: 12000,
          toolResultMaxChars: 16000,
          agentsRefreshMaxChars: 20000,
          startupContextMaxChars: 8000,
        },
      },
      skillEntries: {},
      extraSkillDirs: [],
      skillVersionMarkers: false,
      enabledPlugins: [],
      planTool: true,
      exec: { ask: "on-miss", security: "allowlist" },
    });
    expect(resolved).not.toHaveProperty("profile");
    expect(resolved).not.toHaveProperty("sections");
    expect(resolved).not.toHaveProperty("bootstrapMaxTokens");
    expect(resolved.budgets).not.toHaveProperty("bootstrapMaxTokens");
  });

  it("compact size: per agent, beating defaults; a context value beats both", () => {
    const raw = {
      agents: {
        defaults: { systemPrompt: { size: "compact" } },
        entries: { big: { systemPrompt: { size: "full" } } },
      },
    };
    expect(resolve(raw).promptSize).toBe("compact");
    expect(resolve(raw, "big").promptSize).toBe("full");
    const forced = resolveAgentSystemPromptConfig(parseConfig(raw).config, {
      agentId: "big",
      sessionKind: "direct",
      promptSize: "compact",
    });
    expect(forced.promptSize).toBe("compact");
  });

  it("compact size halves the built-in bootstrap and skills budgets only", () => {
    const compact = resolve({ agents: { defaults: { systemPrompt: { size: "compact" } } } });
    expect(compact.budgets).toMatchObject({
      bootstrapMaxChars: 10000,
      bootstrapTotalMaxChars: 30000,
      maxSkillsPromptChars: 9000,
      // Not a prompt budget: unchanged.
      maxSkillsInPrompt: 150,
      contextLimits: { memoryGetMaxChars: 12000 },
    });
  });

  it("compact size: an explicit budget anywhere in the config wins unscaled", () => {
    const compact = resolve({
      agents: {
        defaults: { systemPrompt: { size: "compact" }, bootstrapTotalMaxChars: 44000 },
        entries: { main: { bootstrapMaxChars: 15000 } },
      },
      skills: { limits: { maxSkillsPromptChars: 12000 } },
    });
    expect(compact.budgets).toMatchObject({
      bootstrapMaxChars: 15000,
      bootstrapTotalMaxChars: 44000,
      maxSkillsPromptChars: 12000,
    });
  });

  it("rejects an unknown size with its path", () => {
    expect(() => parseConfig({ agents: { defaults: { systemPrompt: { size: "tiny" } } } })).toThrow(
      /agents\.defaults\.systemPrompt\.size/,
    );
  });

  it("precedence: built-in < agents.defaults < agents.entries.<id>", () => {
    const raw = {
      agents: {
        defaults: {
          bootstrapMaxChars: 1000,
          bootstrapTotalMaxChars: 3000,
          ownerDisplay: "Owner",
          workspace: "/d",
          contextLimits: { memoryGetMaxChars: 111 },
          memory: { citations: "off" },
          tts: { hint: "default hint" },
        },
        entries: {
          main: {
            bootstrapMaxChars: 500,
            workspace: "/m",
            contextLimits: { toolResultMaxChars: 222 },
            bootstrapMaxTokens: 900,
          },
        },
      },
    };
    const main = resolve(raw, "main");
    expect(main.budgets.bootstrapMaxChars).toBe(500);
    expect(main.budgets.bootstrapTotalMaxChars).toBe(3000);
    expect(main.budgets.bootstrapMaxTokens).toBe(900);
    expect(main.budgets.contextLimits).toEqual({
      memoryGetMaxChars: 111,
      toolResultMaxChars: 222,
      agentsRefreshMaxChars: 20000,
      startupContextMaxChars: 8000,
    });
    expect(main.workspace).toBe("/m");
    expect(main.ownerDisplay).toBe("Owner");
    expect(main.memoryCitations).toBe("off");
    expect(main.ttsHint).toBe("default hint");
    const other = resolve(raw, "other");
    expect(other.budgets.bootstrapMaxChars).toBe(1000);
    expect(other.workspace).toBe("/d");
    expect(other.budgets).not.toHaveProperty("bootstrapMaxTokens");
  });

  it.each<[string, unknown, SessionKind, "suggest" | "prefer", string]>([
    ["computed in the main session", {}, "main", "prefer", "computed"],
    ["computed elsewhere", {}, "group", "suggest", "computed"],
    ["computed for sub-agents", {}, "subagent", "suggest", "computed"],
    [
      "explicit default beats computed (main)",
      { agents: { defaults: { subagents: { delegationMode: "suggest" } } } },
      "main",
      "suggest",
      "defaults",
    ],
    [
      "explicit default beats computed (group)",
      { agents: { defaults: { subagents: { delegationMode: "prefer" } } } },
      "group",
      "prefer",
      "defaults",
    ],
    [
      "per-agent beats explicit default",
      {
        agents: {
          defaults: { subagents: { delegationMode: "prefer" } },
          entries: { main: { subagents: { delegationMode: "suggest" } } },
        },
      },
      "group",
      "suggest",
      "agent",
    ],
    [
      "per-agent beats computed",
      { agents: { entries: { main: { subagents: { delegationMode: "prefer" } } } } },
      "cron",
      "prefer",
      "agent",
    ],
  ])("delegation mode: %s", (_name, raw, sessionKind, mode, source) => {
    const resolved = resolve(raw, "main", sessionKind);
    expect(resolved.delegationMode).toBe(mode);
    expect(resolved.delegationModeSource).toBe(source);
  });

  it("skills allowlist: agent entry is final, [] means none, unset means unrestricted", () => {
    const raw = {
      agents: {
        defaults: { skills: ["a", "b"] },
        entries: { narrow: { skills: ["c"] }, none: { skills: [] }, inherit: { workspace: "/x" } },
      },
    };
    expect(resolve(raw, "narrow").skillsAllowlist).toEqual(["c"]);
    expect(resolve(raw, "none").skillsAllowlist).toEqual([]);
    expect(resolve(raw, "inherit").skillsAllowlist).toEqual(["a", "b"]);
    expect(resolve({}, "any")).not.toHaveProperty("skillsAllowlist");
  });

  it("skills budget: agent > defaults > skills.limits > built-in", () => {
    const global = { skills: { limits: { maxSkillsPromptChars: 9000, maxSkillsInPrompt: 40 } } };
    expect(resolve(global).budgets.maxSkillsPromptChars).toBe(9000);
    expect(resolve(global).budgets.maxSkillsInPrompt).toBe(40);
    const withDefaults = {
      ...global,
      agents: { defaults: { skillsLimits: { maxSkillsPromptChars: 7000 } } },
    };
    expect(resolve(withDefaults).budgets.maxSkillsPromptChars).toBe(7000);
    const withAgent = {
      ...global,
      agents: {
        defaults: { skillsLimits: { maxSkillsPromptChars: 7000 } },
        entries: { main: { skillsLimits: { maxSkillsPromptChars: 5000 } } },
      },
    };
    expect(resolve(withAgent).budgets.maxSkillsPromptChars).toBe(5000);
  });

  it("skill version markers: off unless skills.versionMarkers is true", () => {
    expect(resolve({ skills: { versionMarkers: true } }).skillVersionMarkers).toBe(true);
    expect(resolve({ skills: { versionMarkers: false } }).skillVersionMarkers).toBe(false);
    expect(() => resolve({ skills: { versionMarkers: "yes" } })).toThrow(/skills\.versionMarkers/);
  });

  it("model aliases: merged, agent wins, sorted by alias", () => {
    const resolved = resolve({
      agents: {
        defaults: { models: { smart: "gpt-5.5", fast: "gpt-5.5-mini" } },
        entries: { main: { models: { fast: "gpt-5.5-nano", cheap: "x" } } },
      },
    });
    expect(resolved.modelAliases).toEqual([
      { alias: "cheap", model: "x" },
      { alias: "fast", model: "gpt-5.5-nano" },
      { alias: "smart", model: "gpt-5.5" },
    ]);
  });

  it("plugins, skill entries, personality, plan tool, heartbeat, exec", () => {
    const resolved = resolve({
      plugins: {
        entries: {
          openai: { config: { personality: "off" } },
          zeta: { enabled: true },
          off: { enabled: false },
          bare: {},
        },
      },
      skills: { entries: { gh: { enabled: false } }, load: { extraDirs: ["/x"] } },
      tools: { updatePlan: false, exec: { ask: "always", security: "deny" } },
      agents: {
        defaults: { heartbeat: { every: "30m", prompt: "p", includeSystemPromptSection: true } },
        entries: { main: { heartbeat: { every: "1h" } } },
      },
    });
    expect(resolved.enabledPlugins).toEqual(["bare", "openai", "zeta"]);
    expect(resolved.gpt5Personality).toBe("off");
    expect(resolved.skillEntries).toEqual({ gh: { enabled: false } });
    expect(resolved.extraSkillDirs).toEqual(["/x"]);
    expect(resolved.planTool).toBe(false);
    expect(resolved.heartbeat).toEqual({ every: "1h", prompt: "p" });
    expect(resolved.exec).toEqual({ ask: "always", security: "deny" });
  });

  it("does not mistake inherited object properties for agent entries", () => {
    expect(
      resolve({ agents: { entries: { main: { workspace: "/m" } } } }, "toString").workspace,
    ).toBe(undefined);
  });
});

describe("resolveAgentSystemPromptConfig: unset values and lookups (issue 36)", () => {
  it("leaves out the optional settings the config does not set", () => {
    const resolved = resolve({});
    for (const key of [
      "ownerDisplay",
      "ttsHint",
      "workspace",
      "userTimezone",
      "heartbeat",
      "skillsAllowlist",
      "profile",
      "sections",
    ]) {
      expect(Object.keys(resolved)).not.toContain(key);
    }
    expect(Object.keys(resolved.budgets)).not.toContain("bootstrapMaxTokens");
    expect(Object.keys(resolved.budgets)).not.toContain("bootstrapTotalMaxTokens");
    expect(resolved.modelAliases).toEqual([]);
  });

  it("takes an agent's heartbeat even when agents.defaults sets none", () => {
    expect(
      resolve({ agents: { entries: { main: { heartbeat: { every: "2h" } } } } }).heartbeat,
    ).toStrictEqual({ every: "2h" });
  });

  it("takes an agent's startupContextMaxChars even when agents.defaults sets none", () => {
    expect(
      resolve({
        agents: { entries: { main: { contextLimits: { startupContextMaxChars: 1234 } } } },
      }).budgets.contextLimits.startupContextMaxChars,
    ).toBe(1234);
  });

  it("reads the personality through plugin entries that lack the openai entry or its config", () => {
    for (const plugins of [
      {},
      { entries: {} },
      { entries: { other: {} } },
      { entries: { openai: {} } },
      { entries: { openai: { enabled: true } } },
    ]) {
      expect(resolve({ plugins }).gpt5Personality).toBe(resolve({}).gpt5Personality);
    }
  });

  it("lists a plugin entry left undefined by a caller that built the config by hand", () => {
    const config = { plugins: { entries: { b: {}, a: undefined } } } as never;
    expect(
      resolveAgentSystemPromptConfig(config, { agentId: "main", sessionKind: "direct" })
        .enabledPlugins,
    ).toEqual(["a", "b"]);
  });

  it("quotes an agent id that is not a plain word in the sections' config paths", () => {
    const raw = (id: string) => ({
      agents: { entries: { [id]: { sections: { disable: ["safety"] } } } },
    });
    expect(JSON.stringify(resolve(raw("a b"), "a b").sections)).toContain(
      'agents.entries.\\"a b\\".sections',
    );
    expect(JSON.stringify(resolve(raw("a.b"), "a.b").sections)).toContain(
      'agents.entries.\\"a.b\\".sections',
    );
    expect(JSON.stringify(resolve(raw("ops_1"), "ops_1").sections)).toContain(
      "agents.entries.ops_1.sections",
    );
  });
});
