import fc from "fast-check";
import JSON5 from "json5";
import { describe, expect, it } from "vitest";
import { ConfigError } from "./config-error.js";
import { MAX_DOCUMENT_DEPTH } from "./find-document-hazards.js";
import { createInvalidConfigError, parseConfig } from "./parse-config.js";

function expectInvalid(raw: unknown): ConfigError {
  try {
    parseConfig(raw);
  } catch (error) {
    expect(ConfigError.isInstance(error)).toBe(true);
    const configError = error as ConfigError;
    expect(configError.code).toBe("CONFIG_INVALID");
    expect(configError.message).not.toMatch(/\[object Object\]|undefined|NaN|\n\s+at /);
    return configError;
  }
  throw new Error("expected parseConfig to throw");
}

describe("parseConfig", () => {
  it("accepts an empty document and undefined", () => {
    expect(parseConfig({})).toEqual({ config: {}, diagnostics: [] });
    expect(parseConfig(undefined)).toEqual({ config: {}, diagnostics: [] });
  });

  it("keeps explicit values and does not bake in defaults", () => {
    const { config } = parseConfig({ agents: { defaults: { bootstrapMaxChars: 5000 } } });
    expect(config).toEqual({ agents: { defaults: { bootstrapMaxChars: 5000 } } });
  });

  it("lists every issue as dot.path: reason", () => {
    const error = expectInvalid({
      agents: {
        defaults: {
          bootstrapMaxChars: -1,
          bootstrapTotalMaxChars: 1.5,
          skills: "github",
          subagents: { delegationMode: "sometimes" },
        },
        entries: { main: { skills: [1] } },
      },
      plugins: { entries: { openai: { config: { personality: "loud" } } } },
      tools: { updatePlan: "yes" },
    });
    expect(error.issues.map((issue) => issue.path)).toEqual([
      "agents.defaults.bootstrapMaxChars",
      "agents.defaults.bootstrapTotalMaxChars",
      "agents.defaults.skills",
      "agents.defaults.subagents.delegationMode",
      "agents.entries.main.skills.0",
      "plugins.entries.openai.config.personality",
      "tools.updatePlan",
    ]);
    expect(error.message).toContain(
      "agents.defaults.bootstrapMaxChars: must be greater than 0, got the number -1",
    );
    expect(error.message).toContain(
      "agents.defaults.bootstrapTotalMaxChars: expected an integer, got the fraction 1.5",
    );
    expect(error.message).toContain(
      'agents.defaults.subagents.delegationMode: expected one of "suggest" | "prefer", got the string "sometimes"',
    );
    expect(error.message).toContain("plugins.entries.openai.config.personality: expected one of");
    expect(error.message).toContain("tools.updatePlan: expected true or false");
  });

  it.each([
    ["zero budget", { agents: { defaults: { bootstrapTotalMaxChars: 0 } } }],
    ["negative skills budget", { skills: { limits: { maxSkillsPromptChars: -5 } } }],
    ["fractional skills count", { skills: { limits: { maxSkillsInPrompt: 2.5 } } }],
    ["string budget", { agents: { entries: { a: { bootstrapMaxChars: "20000" } } } }],
    ["unknown time zone", { agents: { defaults: { userTimezone: "Mars/Olympus" } } }],
    ["unknown exec mode", { tools: { exec: { ask: "sometimes" } } }],
    ["empty workspace", { agents: { defaults: { workspace: "" } } }],
    ["null value", { agents: { defaults: { ownerDisplay: null } } }],
    ["array at the root", [1, 2]],
    ["number at the root", 42],
    ["infinite budget", { agents: { defaults: { bootstrapMaxChars: Infinity } } }],
    ["NaN budget", { agents: { defaults: { bootstrapMaxChars: Number.NaN } } }],
  ])("rejects %s with a readable message", (_name, raw) => {
    const error = expectInvalid(raw);
    expect(error.issues.length).toBeGreaterThan(0);
    for (const issue of error.issues) expect(issue.message).not.toMatch(/^Invalid input/);
  });

  it("reports unknown keys as warnings with their path and keeps going", () => {
    const { config, diagnostics } = parseConfig({
      agents: {
        defaults: { bootstrapMaxChar: 1, workspace: "/w" },
        entries: { a: { skillz: [] } },
      },
      gateway: { port: 1 },
      plugins: { entries: { x: { config: { anything: { goes: true } } } } },
    });
    expect(config.agents?.defaults?.workspace).toBe("/w");
    expect(diagnostics.map((d) => [d.code, d.severity, d.path])).toEqual([
      ["CONFIG_UNKNOWN_KEY", "warning", "agents.defaults.bootstrapMaxChar"],
      ["CONFIG_UNKNOWN_KEY", "warning", "agents.entries.a.skillz"],
      ["CONFIG_UNKNOWN_KEY", "warning", "gateway"],
    ]);
  });

  it("reports deprecated keys naming their replacement", () => {
    const { config, diagnostics } = parseConfig({
      agents: { defaults: { timeFormat: "12", bootstrapPromptTruncationWarning: "once" } },
      tools: { bash: { ask: "always" } },
    });
    expect(config.tools?.exec?.ask).toBe("always");
    const messages = diagnostics.map((d) => `${d.code} ${d.path}: ${d.message}`);
    expect(messages).toEqual([
      "CONFIG_DEPRECATED_KEY tools.bash: tools.bash is deprecated; it was read as tools.exec",
      expect.stringContaining("agents.defaults.timeFormat is deprecated and has no effect"),
      expect.stringContaining("agents.defaults.bootstrapPromptTruncationWarning is deprecated"),
    ]);
  });

  it.each(["__proto__", "constructor", "prototype"])(
    "rejects %s keys anywhere and never pollutes prototypes",
    (key) => {
      const text = `{ agents: { entries: { main: { "${key}": { polluted: 1 } } } }, "${key}": { polluted: 1 } }`;
      const raw: unknown = JSON5.parse(text);
      const error = expectInvalid(raw);
      expect(error.issues.map((issue) => issue.path).sort()).toEqual(
        [`agents.entries.main.${key}`, key].sort(),
      );
      expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
      expect(Object.prototype).not.toHaveProperty("polluted");
    },
  );

  it("rejects the JSON5 prototype-pollution document", () => {
    expectInvalid(JSON5.parse('{"__proto__": {"polluted": 1}}'));
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  });

  it("bounds nesting depth without overflowing the stack", () => {
    let deep: unknown = {};
    for (let index = 0; index < 100_000; index += 1) deep = { a: deep };
    const error = expectInvalid({ plugins: { entries: { x: { config: deep } } } });
    expect(error.issues).toHaveLength(1);
    expect(error.issues[0]!.message).toBe(`nested deeper than ${MAX_DOCUMENT_DEPTH} levels`);
    expect(error.issues[0]!.path.startsWith("plugins.entries.x.config.a.a")).toBe(true);
  });

  it("rejects cyclic objects through the depth bound", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic["self"] = cyclic;
    expectInvalid({ plugins: { entries: { x: { config: cyclic } } } });
  });

  it("rejects oversized documents", () => {
    const config: Record<string, number> = {};
    for (let index = 0; index < 250_000; index += 1) config[`k${index}`] = index;
    const error = expectInvalid({ plugins: { entries: { x: { config } } } });
    expect(error.message).toContain("more than 200000 values");
  });

  it("accepts a wide but legitimate document quickly", () => {
    const entries: Record<string, unknown> = {};
    for (let index = 0; index < 2_000; index += 1) entries[`agent-${index}`] = { skills: ["a"] };
    const { config } = parseConfig({ agents: { entries } });
    expect(Object.keys(config.agents?.entries ?? {})).toHaveLength(2_000);
  });
});

describe("hostile config: every problem at once", () => {
  it("reports a __proto__ key together with the schema errors", () => {
    const raw = JSON.parse(
      '{"__proto__": {"x": 1}, "agents": {"defaults": {"bootstrapMaxChars": "big", "bootstrapTotalMaxChars": -1}}}',
    ) as unknown;
    const error = (() => {
      try {
        parseConfig(raw);
      } catch (caught) {
        return caught as ConfigError;
      }
      throw new Error("expected parseConfig to throw");
    })();
    const paths = (error.issues ?? []).map((issue) => issue.path);
    expect(paths).toContain("__proto__");
    expect(paths.length).toBeGreaterThanOrEqual(3);
  });

  it.each(["constructor", "prototype", "__proto__"])(
    "rejects agents.list id %s, which would become a prototype key after normalization",
    (id) => {
      expect(() => parseConfig({ agents: { list: [{ id }] } })).toThrow(/not allowed/);
    },
  );

  it("fuzz: any document with a prototype key anywhere is rejected, and names that key", () => {
    const key = fc.constantFrom("constructor", "prototype", "__proto__");
    fc.assert(
      fc.property(key, fc.constantFrom("agents.list", "agents.entries", "root"), (bad, where) => {
        const raw =
          where === "agents.list"
            ? { agents: { list: [{ id: bad }] } }
            : where === "agents.entries"
              ? JSON.parse(`{"agents": {"entries": {"${bad}": {}}}}`)
              : JSON.parse(`{"${bad}": 1, "agents": {"defaults": {"bootstrapMaxChars": "x"}}}`);
        expect(() => parseConfig(raw)).toThrow(new RegExp(bad));
      }),
      { numRuns: 200 },
    );
  });
});

describe("prototype keys that normalizing brings back (issue 36)", () => {
  it("reports each prototype key once, also one a legacy alias writes again, and every new one", () => {
    // JSON.parse makes `__proto__` an own key, as a config file would.
    const raw: unknown = JSON.parse(
      '{"x":{"__proto__":1},"agents":{"defaults":{"models":{"__proto__":"x/y",' +
        '"openai/gpt":{"alias":"__proto__"}}},"entries":{"a":{"models":{"openai/o":{"alias":"constructor"}}}}}}',
    );
    const message = (key: string): string =>
      `key "${key}" is not allowed (it could alter object prototypes); remove it`;
    expect(expectInvalid(raw).issues).toEqual([
      { path: "x.__proto__", message: message("__proto__") },
      { path: "agents.defaults.models.__proto__", message: message("__proto__") },
      { path: "agents.entries.a.models.constructor", message: message("constructor") },
    ]);
  });
});

describe("a prototype key whose value the schema would refuse (issue 36)", () => {
  it("is reported once, as a prototype key, in an error that names the configuration", () => {
    const message = 'key "prototype" is not allowed (it could alter object prototypes); remove it';
    const error = expectInvalid({ agents: { entries: { prototype: 3 } } });
    expect(error.message).toBe(
      `Invalid configuration (1 problem):\n  agents.entries.prototype: ${message}`,
    );
    expect(error.issues).toEqual([{ path: "agents.entries.prototype", message }]);
  });
});

describe("createInvalidConfigError (issue 36)", () => {
  const hint = "Fix each listed path; `promptstack schema <path>` shows what a key accepts.";

  it("lists one problem, names its path and says how to fix it", () => {
    const error = createInvalidConfigError("c.json", [{ path: "a.b", message: "bad" }]);
    expect(error).toMatchObject({
      code: "CONFIG_INVALID",
      message: "Invalid c.json (1 problem):\n  a.b: bad",
      path: "a.b",
      issues: [{ path: "a.b", message: "bad" }],
      hint,
    });
  });

  it("counts several problems, one line each, and names the first path", () => {
    const error = createInvalidConfigError("configuration", [
      { path: "a", message: "x" },
      { path: "b.c", message: "y" },
    ]);
    expect(error).toMatchObject({
      message: "Invalid configuration (2 problems):\n  a: x\n  b.c: y",
      path: "a",
      hint,
    });
  });

  it("has no path when there is no issue", () => {
    const error = createInvalidConfigError("configuration", []);
    expect(error.message).toBe("Invalid configuration (0 problems):\n");
    expect(error.path).toBeUndefined();
  });

  it("reports a legacy error without its path prefix, keeping a colon later in the message", () => {
    expect(expectInvalid({ agents: { list: [{ id: "__proto__" }] } }).issues).toEqual([
      {
        path: "agents.list.0.id",
        message: 'agent id "__proto__" is not allowed (it could alter object prototypes)',
      },
    ]);
    expect(expectInvalid({ agents: { list: [{ id: "a" }, "b:c"] } }).issues).toEqual([
      { path: "agents.list.1", message: "expected an object with a non-empty string `id`" },
    ]);
  });
});
