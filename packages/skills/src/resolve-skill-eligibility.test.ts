import { describe, expect, it } from "vitest";
import { filterEligibleSkills } from "./filter-eligible-skills.js";
import { resolveSkillEligibility } from "./resolve-skill-eligibility.js";
import type { SkillEligibilityContext } from "./resolve-skill-eligibility.js";
import type { Skill, SkillMetadata } from "./types.js";

function skill(name: string, metadata: SkillMetadata = {}, extra: Partial<Skill> = {}): Skill {
  return {
    name,
    description: `${name} skill`,
    userInvocable: true,
    disableModelInvocation: false,
    metadata,
    path: `/skills/${name}/SKILL.md`,
    dir: `/skills/${name}`,
    tier: "workspace",
    ...extra,
  };
}

const LINUX: SkillEligibilityContext = { platform: "linux" };
const gate = (s: Skill, context: SkillEligibilityContext = LINUX): string =>
  ((verdict) => (verdict.eligible ? "eligible" : verdict.gate))(
    resolveSkillEligibility(s, context),
  );

describe("resolveSkillEligibility", () => {
  it("admits a skill without gates", () => {
    expect(resolveSkillEligibility(skill("plain"), LINUX)).toEqual({ eligible: true });
  });

  it("excludes plugin skills unless their plugin is enabled (Set or array)", () => {
    const pluginSkill = skill("p", {}, { tier: "plugin", pluginId: "browser" });
    expect(resolveSkillEligibility(pluginSkill, LINUX)).toEqual({
      eligible: false,
      gate: "plugin",
      reason: 'its plugin "browser" is not enabled',
    });
    expect(gate(pluginSkill, { ...LINUX, enabledPlugins: new Set(["browser"]) })).toBe("eligible");
    expect(gate(pluginSkill, { ...LINUX, enabledPlugins: ["other"] })).toBe("plugin");
    expect(gate(pluginSkill, { ...LINUX, enabledPlugins: ["browser"] })).toBe("eligible");
  });

  it("honours entries.<skillKey>.enabled === false, keyed by skillKey when set", () => {
    expect(gate(skill("a"), { ...LINUX, entries: { a: { enabled: false } } })).toBe("enabled");
    expect(gate(skill("a"), { ...LINUX, entries: { a: { enabled: true } } })).toBe("eligible");
    expect(
      gate(skill("a", { skillKey: "k" }), { ...LINUX, entries: { k: { enabled: false } } }),
    ).toBe("enabled");
    expect(
      gate(skill("a", { skillKey: "k" }), { ...LINUX, entries: { a: { enabled: false } } }),
    ).toBe("eligible");
  });

  it("excludes disable-model-invocation skills with a reason", () => {
    const verdict = resolveSkillEligibility(
      skill("u", {}, { disableModelInvocation: true }),
      LINUX,
    );
    expect(verdict).toMatchObject({ eligible: false, gate: "model-invocation" });
  });

  it("checks the os list", () => {
    expect(resolveSkillEligibility(skill("mac", { os: ["darwin"] }), LINUX)).toEqual({
      eligible: false,
      gate: "os",
      reason: "runs on darwin, not on linux",
    });
    expect(gate(skill("both", { os: ["darwin", "linux"] }))).toBe("eligible");
  });

  it("treats an empty os list as no os gate", () => {
    expect(resolveSkillEligibility(skill("anywhere", { os: [] }), LINUX)).toEqual({
      eligible: true,
    });
  });

  it("requires env, which a skill entry may supply", () => {
    const s = skill("w", { requires: { env: ["API_KEY"] } });
    expect(gate(s)).toBe("env");
    expect(gate(s, { ...LINUX, env: { API_KEY: "" } })).toBe("env");
    expect(gate(s, { ...LINUX, env: { API_KEY: "x" } })).toBe("eligible");
    expect(gate(s, { ...LINUX, entries: { w: { env: { API_KEY: "x" } } } })).toBe("eligible");
  });

  it("requires truthy config paths, own properties only", () => {
    const s = skill("c", { requires: { config: ["browser.enabled"] } });
    expect(gate(s, { ...LINUX, config: { browser: { enabled: true } } })).toBe("eligible");
    expect(gate(s, { ...LINUX, config: { browser: { enabled: 0 } } })).toBe("config");
    expect(gate(s, { ...LINUX, config: { browser: "on" } })).toBe("config");
    expect(
      gate(skill("proto", { requires: { config: ["constructor"] } }), { ...LINUX, config: {} }),
    ).toBe("config");
  });

  it("never reads requires.config through the prototype chain", () => {
    const needs = (dotted: string) => skill("p", { requires: { config: [dotted] } });
    for (const dotted of ["__proto__", "__proto__.toString", "constructor.name", "a.__proto__"]) {
      expect(gate(needs(dotted), { ...LINUX, config: { a: {} } }), dotted).toBe("config");
    }
    // A key literally named __proto__ (as JSON.parse creates it) is an own property: it counts.
    const config = JSON.parse('{ "__proto__": { "on": true }, "constructor": 1 }') as unknown;
    expect(gate(needs("__proto__.on"), { ...LINUX, config })).toBe("eligible");
    expect(gate(needs("constructor"), { ...LINUX, config })).toBe("eligible");
    expect(({} as Record<string, unknown>)["on"]).toBeUndefined();
  });

  it("requires every bin and at least one of anyBins", () => {
    const has = (names: string[]) => (bin: string) => names.includes(bin);
    const s = skill("b", { requires: { bins: ["git", "gh"], anyBins: ["jq", "yq"] } });
    expect(gate(s, { ...LINUX, hasBin: has(["git"]) })).toBe("bins");
    expect(gate(s, { ...LINUX, hasBin: has(["git", "gh"]) })).toBe("anyBins");
    expect(gate(s, { ...LINUX, hasBin: has(["git", "gh", "yq"]) })).toBe("eligible");
  });

  it("lets always skip the requires gates but not os, entries or the allowlist", () => {
    const s = skill("always", { always: true, requires: { bins: ["missing"], env: ["MISSING"] } });
    expect(gate(s)).toBe("eligible");
    expect(gate(skill("always", { always: true, os: ["win32"] }))).toBe("os");
    expect(gate(s, { ...LINUX, entries: { always: { enabled: false } } })).toBe("enabled");
    expect(gate(s, { ...LINUX, allowlist: [] })).toBe("allowlist");
  });

  it("applies the allowlist: unset allows all, [] allows none", () => {
    expect(gate(skill("a"), { ...LINUX, allowlist: ["a"] })).toBe("eligible");
    expect(gate(skill("b"), { ...LINUX, allowlist: ["a"] })).toBe("allowlist");
    expect(resolveSkillEligibility(skill("a"), { ...LINUX, allowlist: [] })).toMatchObject({
      reason: "the agent's skill allowlist is empty",
    });
  });

  it("reports the first failing gate in order", () => {
    const s = skill(
      "many",
      { os: ["darwin"], requires: { env: ["X"], bins: ["y"] } },
      { tier: "plugin", pluginId: "p", disableModelInvocation: true },
    );
    expect(gate(s, { ...LINUX, allowlist: [] })).toBe("plugin");
    expect(
      gate(s, { ...LINUX, enabledPlugins: ["p"], entries: { many: { enabled: false } } }),
    ).toBe("enabled");
    expect(gate(s, { ...LINUX, enabledPlugins: ["p"] })).toBe("model-invocation");
    const listed = { ...s, disableModelInvocation: false };
    expect(gate(listed, { ...LINUX, enabledPlugins: ["p"] })).toBe("os");
    expect(gate(listed, { platform: "darwin", enabledPlugins: ["p"] })).toBe("env");
    expect(gate(listed, { platform: "darwin", enabledPlugins: ["p"], env: { X: "1" } })).toBe(
      "bins",
    );
  });
});

describe("resolveSkillEligibility edge cases", () => {
  it("never enables a plugin skill without a plugin id, even for an empty id in the list", () => {
    const orphan = skill("o", {}, { tier: "plugin" });
    for (const enabledPlugins of [[""], new Set([""]), ["o"]]) {
      expect(resolveSkillEligibility(orphan, { ...LINUX, enabledPlugins })).toEqual({
        eligible: false,
        gate: "plugin",
        reason: 'its plugin "" is not enabled',
      });
    }
  });

  it("names every os of the list in the reason", () => {
    expect(resolveSkillEligibility(skill("m", { os: ["darwin", "win32"] }), LINUX)).toEqual({
      eligible: false,
      gate: "os",
      reason: "runs on darwin, win32, not on linux",
    });
  });

  it("reads env from an entry without env as missing", () => {
    const s = skill("w", { requires: { env: ["API_KEY"] } });
    expect(resolveSkillEligibility(s, { ...LINUX, entries: { w: { enabled: true } } })).toEqual({
      eligible: false,
      gate: "env",
      reason: expect.stringContaining("API_KEY") as string,
    });
  });

  it("finds no config path through a string, a number, null or an unset config", () => {
    const needs = (dotted: string) => skill("c", { requires: { config: [dotted] } });
    const config = { name: "text", count: 3, none: null, list: [1] };
    for (const dotted of ["name.length", "count.toFixed", "none.x", "name.0"]) {
      expect([dotted, gate(needs(dotted), { ...LINUX, config })]).toEqual([dotted, "config"]);
    }
    expect(gate(needs("a"), LINUX)).toBe("config");
    expect(gate(needs("a"), { ...LINUX, config: null })).toBe("config");
    expect(gate(needs("list.0"), { ...LINUX, config })).toBe("eligible");
  });
});

describe("filterEligibleSkills", () => {
  it("splits skills and gives every excluded one a reason", () => {
    const result = filterEligibleSkills([skill("a"), skill("b", { os: ["win32"] }), skill("c")], {
      ...LINUX,
      allowlist: ["a", "b"],
    });
    expect(result.eligible.map((s) => s.name)).toEqual(["a"]);
    expect(result.excluded.map(({ skill: s, gate: g, reason }) => [s.name, g, reason])).toEqual([
      ["b", "os", "runs on win32, not on linux"],
      ["c", "allowlist", "not in the agent's skill allowlist"],
    ]);
  });
});
