import { describe, expect, it } from "vitest";
import { applyConfigPatch, mergePatch, replaceConfig } from "./apply-config-patch.js";
import { ConfigError } from "./config-error.js";
import type { PromptstackConfig } from "./config-types.js";
import { parseConfig } from "./parse-config.js";
import { thrownBy } from "@promptstack-tools/test-utils";

const base: PromptstackConfig = parseConfig({
  agents: { defaults: { workspace: "/w" } },
  tools: { updatePlan: true, exec: { ask: "always", security: "allowlist" } },
}).config;

function expectProtected(run: () => unknown): ConfigError {
  try {
    run();
  } catch (error) {
    expect(ConfigError.isInstance(error)).toBe(true);
    expect((error as ConfigError).code).toBe("CONFIG_PROTECTED_PATH");
    return error as ConfigError;
  }
  throw new Error("expected CONFIG_PROTECTED_PATH");
}

describe("mergePatch (RFC 7396)", () => {
  it.each([
    [{ a: "b" }, { a: "c" }, { a: "c" }],
    [{ a: "b" }, { b: "c" }, { a: "b", b: "c" }],
    [{ a: "b" }, { a: null }, {}],
    [{ a: "b", b: "c" }, { a: null }, { b: "c" }],
    [{ a: ["b"] }, { a: "c" }, { a: "c" }],
    [{ a: "c" }, { a: ["b"] }, { a: ["b"] }],
    [{ a: { b: "c" } }, { a: { b: "d", c: null } }, { a: { b: "d" } }],
    [{ a: [{ b: "c" }] }, { a: [1] }, { a: [1] }],
    [
      ["a", "b"],
      ["c", "d"],
      ["c", "d"],
    ],
    [{ a: "b" }, ["c"], ["c"]],
    [{ a: "foo" }, null, null],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: "b", c: null }, { a: "b" }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ])("merge %j with %j", (target, patch, expected) => {
    expect(mergePatch(target, patch)).toEqual(expected);
  });
});

describe("applyConfigPatch", () => {
  it("applies a normal agent patch and returns a new validated config", () => {
    const frozen = Object.freeze(structuredClone(base));
    const { config } = applyConfigPatch(
      frozen,
      { agents: { defaults: { ownerDisplay: "Dana" } } },
      { actor: "agent" },
    );
    expect(config.agents?.defaults).toEqual({ workspace: "/w", ownerDisplay: "Dana" });
    expect(config.tools).toEqual(base.tools);
    expect(frozen).toEqual(base);
  });

  it.each([
    ["tools.exec.ask", { tools: { exec: { ask: "off" } } }],
    ["tools.exec.security", { tools: { exec: { security: "full" } } }],
    ["tools.exec.ask with the same value", { tools: { exec: { ask: "always" } } }],
    ["tools.exec.ask deletion", { tools: { exec: { ask: null } } }],
    ["legacy tools.bash.ask", { tools: { bash: { ask: "off" } } }],
    ["legacy tools.bash.security", { tools: { bash: { security: "full" } } }],
    ["legacy deletion tools.bash.security", { tools: { bash: { security: null } } }],
    ["legacy tools.bash.ask with the same value", { tools: { bash: { ask: "always" } } }],
    [
      "legacy tools.bash.security with the same value",
      { tools: { bash: { security: "allowlist" } } },
    ],
    ["replacing tools.exec", { tools: { exec: null } }],
    ["replacing tools", { tools: null }],
    [
      "deleting tools.exec while writing tools.bash",
      { tools: { exec: null, bash: { ask: "off" } } },
    ],
    [
      "tools.bash.ask next to a same-valued tools.exec.ask",
      {
        tools: { exec: { ask: "always" }, bash: { ask: "off" } },
      },
    ],
  ])("refuses an agent write on %s", (_name, patch) => {
    const error = expectProtected(() => applyConfigPatch(base, patch, { actor: "agent" }));
    expect(error.message).toMatch(/tools\.exec\.(ask|security)/);
    expect(error.message).toContain("only the owner may change");
  });

  it("ignores other casings of the protected keys: they are unknown keys with no effect", () => {
    for (const patch of [
      { Tools: { Exec: { Ask: "off" } } },
      { tools: { Exec: { ask: "off" } } },
      { tools: { exec: { ASK: "off" }, Bash: { security: "full" } } },
    ]) {
      const { config, diagnostics } = applyConfigPatch(base, patch, { actor: "agent" });
      expect(config.tools?.exec).toEqual(base.tools?.exec);
      expect(diagnostics.map((d) => d.code)).toContain("CONFIG_UNKNOWN_KEY");
    }
  });

  it("rejects prototype keys nested under tools before merging", () => {
    for (const text of [
      '{"tools":{"__proto__":{"exec":{"ask":"off"}}}}',
      '{"tools":{"exec":{"constructor":{"prototype":{"ask":"off"}}}}}',
    ]) {
      expect(() => applyConfigPatch(base, JSON.parse(text), { actor: "agent" })).toThrow(
        /is not allowed \(it could alter object prototypes\)/,
      );
    }
    expect(({} as Record<string, unknown>)["exec"]).toBeUndefined();
  });

  it("lets the owner write protected paths, also through legacy aliases", () => {
    expect(
      applyConfigPatch(base, { tools: { exec: { ask: "off" } } }, { actor: "owner" }).config.tools
        ?.exec?.ask,
    ).toBe("off");
    expect(
      applyConfigPatch(base, { tools: { bash: { security: "full" } } }, { actor: "owner" }).config
        .tools?.exec?.security,
    ).toBe("full");
    expect(applyConfigPatch(base, { tools: null }, { actor: "owner" }).config).not.toHaveProperty(
      "tools",
    );
  });

  it("lets an owner patch that deletes tools.exec and writes legacy tools.bash start a fresh exec", () => {
    // Only the legacy keys remain: the deletion is not undone for the keys the patch left out.
    for (const [bash, exec] of [
      [{ ask: "off" }, { ask: "off" }],
      [{ security: "full" }, { security: "full" }],
      [{}, {}],
    ] as const) {
      const { config } = applyConfigPatch(
        base,
        { tools: { exec: null, bash } },
        { actor: "owner" },
      );
      expect(config.tools).toEqual({ updatePlan: true, exec });
    }
  });

  it("allows an agent patch that touches tools but leaves protected values alone", () => {
    const patch = { tools: { exec: {}, updatePlan: false } };
    const { config } = applyConfigPatch(base, patch, { actor: "agent" });
    expect(config.tools).toEqual({ updatePlan: false, exec: base.tools?.exec });
  });

  it("allows an agent to replace tools when the protected values are unset before and after", () => {
    const plain = parseConfig({ tools: { updatePlan: false } }).config;
    expect(applyConfigPatch(plain, { tools: null }, { actor: "agent" }).config).toEqual({});
  });

  it("validates the patched result", () => {
    expect(() =>
      applyConfigPatch(
        base,
        { agents: { defaults: { bootstrapMaxChars: -3 } } },
        { actor: "owner" },
      ),
    ).toThrow(/agents\.defaults\.bootstrapMaxChars: must be greater than 0/);
    expect(() =>
      applyConfigPatch(base, JSON.parse('{"__proto__": {"x": 1}}'), { actor: "owner" }),
    ).toThrow(ConfigError);
  });
});

describe("replaceConfig", () => {
  it("refuses an agent replacement that changes protected values", () => {
    expectProtected(() =>
      replaceConfig(
        base,
        { tools: { exec: { ask: "off", security: "allowlist" } } },
        { actor: "agent" },
      ),
    );
    expectProtected(() => replaceConfig(base, {}, { actor: "agent" }));
    expectProtected(() =>
      replaceConfig(
        base,
        { tools: { bash: { ask: "off", security: "allowlist" } } },
        { actor: "agent" },
      ),
    );
  });

  it("keeps tools.exec over a conflicting legacy tools.bash in a replacement and reports it", () => {
    // tools.exec wins the conflict, so nothing changes and the replacement is allowed; the
    // legacy value is reported, never silently applied.
    const { config, diagnostics } = replaceConfig(
      base,
      { tools: { exec: { ask: "always", security: "allowlist" }, bash: { ask: "off" } } },
      { actor: "agent" },
    );
    expect(config.tools?.exec?.ask).toBe("always");
    expect(diagnostics.map((d) => d.code)).toContain("CONFIG_LEGACY_CONFLICT");
    expectProtected(() =>
      replaceConfig(
        base,
        { tools: { bash: { ask: "off", security: "allowlist" } } },
        {
          actor: "agent",
        },
      ),
    );
  });

  it("allows an agent replacement that carries protected values over unchanged", () => {
    const next = {
      tools: { bash: { ask: "always", security: "allowlist" } },
      agents: { defaults: { workspace: "/n" } },
    };
    const { config, diagnostics } = replaceConfig(base, next, { actor: "agent" });
    expect(config.agents?.defaults?.workspace).toBe("/n");
    expect(diagnostics.map((d) => d.code)).toContain("CONFIG_DEPRECATED_KEY");
  });

  it("lets the owner replace anything", () => {
    expect(replaceConfig(base, {}, { actor: "owner" }).config).toEqual({});
  });
});

describe("config write errors (issue 36)", () => {
  const protectedHint =
    "Ask the owner to change exec approval settings; leave tools.exec.ask and tools.exec.security out of the patch.";

  it("names what the agent's patch writes, every protected path, and how to fix it", () => {
    const error = thrownBy(() =>
      applyConfigPatch(
        base,
        { tools: { exec: { ask: "off", security: "full" } } },
        { actor: "agent" },
      ),
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect(error).toMatchObject({
      name: "ConfigError",
      code: "CONFIG_PROTECTED_PATH",
      message:
        "Refused: the patch writes tools.exec.ask and tools.exec.security, which only the owner may change (legacy tools.bash.* counts as tools.exec.*)",
      path: "tools.exec.ask",
      hint: protectedHint,
    });
    expect((error as ConfigError).issues).toEqual([
      { path: "tools.exec.ask", message: "protected: owner-only" },
      { path: "tools.exec.security", message: "protected: owner-only" },
    ]);
  });

  it("says a patch replacing tools would change the protected values", () => {
    const error = thrownBy(() => applyConfigPatch(base, { tools: null }, { actor: "agent" }));
    expect(error).toMatchObject({
      code: "CONFIG_PROTECTED_PATH",
      message:
        "Refused: the patch would change tools.exec.ask and tools.exec.security, which only the owner may change (legacy tools.bash.* counts as tools.exec.*)",
      path: "tools.exec.ask",
      issues: [
        { path: "tools.exec.ask", message: "protected: owner-only" },
        { path: "tools.exec.security", message: "protected: owner-only" },
      ],
      hint: protectedHint,
    });
  });

  it("says a replacement would change the protected value it changes, and only that one", () => {
    const error = thrownBy(() =>
      replaceConfig(
        base,
        { tools: { exec: { ask: "always", security: "full" } } },
        { actor: "agent" },
      ),
    );
    expect(error).toMatchObject({
      code: "CONFIG_PROTECTED_PATH",
      message:
        "Refused: the replacement would change tools.exec.security, which only the owner may change (legacy tools.bash.* counts as tools.exec.*)",
      path: "tools.exec.security",
      issues: [{ path: "tools.exec.security", message: "protected: owner-only" }],
    });
  });

  it("names the patch, not the patched result, when the patch itself is hazardous", () => {
    const deep: Record<string, unknown> = {};
    let node = deep;
    for (let depth = 0; depth < 200; depth++) {
      const next: Record<string, unknown> = {};
      node["a"] = next;
      node = next;
    }
    const error = thrownBy(() => applyConfigPatch(base, { x: deep }, { actor: "owner" }));
    expect(error).toMatchObject({ code: "CONFIG_INVALID" });
    expect((error as ConfigError).message).toMatch(/^Invalid config patch \(1 problem\):\n {2}x\./);
  });

  it("names the patched configuration and the replacement configuration when they are invalid", () => {
    expect(
      thrownBy(() =>
        applyConfigPatch(
          base,
          { agents: { defaults: { bootstrapMaxChars: -3 } } },
          {
            actor: "owner",
          },
        ),
      ),
    ).toMatchObject({
      code: "CONFIG_INVALID",
      message: expect.stringMatching(
        /^Invalid patched configuration \(1 problem\):\n {2}agents\.defaults\.bootstrapMaxChars: must be greater than 0/,
      ),
    });
    expect(
      thrownBy(() =>
        replaceConfig(
          base,
          { agents: { defaults: { bootstrapMaxChars: -3 } } },
          {
            actor: "owner",
          },
        ),
      ),
    ).toMatchObject({
      code: "CONFIG_INVALID",
      message: expect.stringMatching(
        /^Invalid replacement configuration \(1 problem\):\n {2}agents\.defaults\.bootstrapMaxChars: must be greater than 0/,
      ),
    });
  });

  it("refuses an agent patch that is not an object as an invalid config, not as a protected write", () => {
    for (const patch of [null, [], "tools", 3]) {
      expect(thrownBy(() => applyConfigPatch(base, patch, { actor: "agent" }))).toMatchObject({
        code: "CONFIG_INVALID",
      });
    }
  });

  it("lets an agent patch a config that has no tools at all", () => {
    expect(
      applyConfigPatch({}, { agents: { defaults: { ownerDisplay: "Dana" } } }, { actor: "agent" })
        .config,
    ).toEqual({ agents: { defaults: { ownerDisplay: "Dana" } } });
  });

  it("keeps the other exec values when an owner writes one legacy tools.bash key without deleting tools.exec", () => {
    expect(
      applyConfigPatch(base, { tools: { bash: { ask: "off" } } }, { actor: "owner" }).config.tools,
    ).toEqual({ updatePlan: true, exec: { ask: "off", security: "allowlist" } });
  });
});
