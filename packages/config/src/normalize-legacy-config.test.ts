import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeLegacyConfig } from "./normalize-legacy-config.js";
import { parseConfig } from "./parse-config.js";
import { resolveAgentSystemPromptConfig } from "./resolve-agent-system-prompt-config.js";

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

const resolveFor = (raw: unknown, agentId = "main") =>
  resolveAgentSystemPromptConfig(parseConfig(raw).config, { agentId, sessionKind: "direct" });

describe("normalizeLegacyConfig", () => {
  it.each([
    [
      "agents.list[] → agents.entries",
      { agents: { list: [{ id: "main", skills: ["a"], workspace: "/w" }] } },
      { agents: { entries: { main: { skills: ["a"], workspace: "/w" } } } },
    ],
    [
      "promptOverlays personality on → plugins personality friendly",
      { agents: { defaults: { promptOverlays: { gpt5: { personality: "on" } } } } },
      { plugins: { entries: { openai: { config: { personality: "friendly" } } } } },
    ],
    [
      "promptOverlays personality off",
      { agents: { defaults: { promptOverlays: { gpt5: { personality: "off" } } } } },
      { plugins: { entries: { openai: { config: { personality: "off" } } } } },
    ],
    [
      "personality value on → friendly",
      { plugins: { entries: { openai: { config: { personality: "on" } } } } },
      { plugins: { entries: { openai: { config: { personality: "friendly" } } } } },
    ],
    [
      "tools.bash.* → tools.exec.*",
      { tools: { bash: { ask: "always", security: "full" } } },
      { tools: { exec: { ask: "always", security: "full" } } },
    ],
    [
      "tools.experimental.planTool → tools.updatePlan",
      { tools: { experimental: { planTool: false } } },
      { tools: { updatePlan: false } },
    ],
    [
      "reference agents.defaults.models (keyed by model id) → alias map",
      {
        agents: {
          defaults: {
            models: { "openai/gpt-5.5": { alias: "deep" }, "openai/gpt-5.5-mini": {} },
          },
        },
      },
      { agents: { defaults: { models: { deep: "openai/gpt-5.5" } } } },
    ],
    [
      "reference agents.entries.<id>.models → alias map",
      {
        agents: { entries: { main: { models: { "openai/o5": { alias: "think", params: {} } } } } },
      },
      { agents: { entries: { main: { models: { think: "openai/o5" } } } } },
    ],
    [
      "reference top-level memory.citations → agents.defaults.memory.citations",
      { memory: { citations: "off" } },
      { agents: { defaults: { memory: { citations: "off" } } } },
    ],
    [
      "agents.defaults.timeFormat has no effect",
      { agents: { defaults: { timeFormat: "12" } } },
      {},
    ],
    [
      "agents.defaults.bootstrapPromptTruncationWarning has no effect",
      { agents: { defaults: { bootstrapPromptTruncationWarning: "off" } } },
      {},
    ],
  ])("%s: legacy and current spelling resolve identically", (_name, legacy, current) => {
    expect(resolveFor(legacy)).toEqual(resolveFor(current));
    expect(resolveFor(legacy, "other")).toEqual(resolveFor(current, "other"));
    const { diagnostics } = normalizeLegacyConfig(legacy);
    expect(diagnostics.length).toBeGreaterThan(0);
  });

  it("the legacy alias actually changes the result (the table is not vacuous)", () => {
    expect(resolveFor({ tools: { experimental: { planTool: false } } }).planTool).toBe(false);
    expect(resolveFor({}).planTool).toBe(true);
    expect(
      resolveFor({ agents: { defaults: { promptOverlays: { gpt5: { personality: "off" } } } } })
        .gpt5Personality,
    ).toBe("off");
  });

  it("gives an alias to the first model that claims it; a current-shape entry beats a catalog entry", () => {
    const { raw, diagnostics } = normalizeLegacyConfig({
      agents: {
        defaults: {
          models: {
            deep: "openai/gpt-5.5",
            "anthropic/opus": { alias: "deep" },
            "google/gemini": { alias: "wide" },
            "x/y": { alias: "wide" },
          },
        },
      },
    });
    expect(raw).toEqual({
      agents: { defaults: { models: { deep: "openai/gpt-5.5", wide: "google/gemini" } } },
    });
    expect(diagnostics.filter((d) => d.code === "CONFIG_LEGACY_CONFLICT")).toHaveLength(2);
  });

  it("rejects a model entry that is neither an alias string nor an object", () => {
    expect(() =>
      parseConfig({ agents: { defaults: { models: { "a/b": { alias: "x" }, "c/d": 3 } } } }),
    ).toThrow(/agents\.defaults\.models\.c\/d/);
  });

  it("keeps agents.defaults.memory.citations over a top-level memory.citations", () => {
    const { raw, diagnostics } = normalizeLegacyConfig({
      memory: { citations: "off" },
      agents: { defaults: { memory: { citations: "on" } } },
    });
    expect(raw).toEqual({ agents: { defaults: { memory: { citations: "on" } } } });
    expect(diagnostics.map((d) => d.code)).toEqual(["CONFIG_LEGACY_CONFLICT"]);
  });

  it("current spelling wins over legacy, with a conflict warning", () => {
    const { raw, diagnostics } = normalizeLegacyConfig({
      tools: { exec: { ask: "always" }, bash: { ask: "off", security: "deny" } },
      agents: { entries: { main: { workspace: "/a" } }, list: [{ id: "main", workspace: "/b" }] },
    });
    expect(raw).toEqual({
      tools: { exec: { ask: "always", security: "deny" } },
      agents: { entries: { main: { workspace: "/a" } } },
    });
    expect(
      diagnostics.filter((d) => d.code === "CONFIG_LEGACY_CONFLICT").map((d) => d.path),
    ).toEqual(["agents.list.0", "tools.bash.ask"]);
  });

  it("reports malformed legacy shapes as error diagnostics and leaves them in place", () => {
    const input = { agents: { list: [{ id: "a" }, { name: "no id" }, 3] }, tools: { bash: "x" } };
    const { raw, diagnostics } = normalizeLegacyConfig(input);
    expect(raw).toEqual(input);
    expect(diagnostics.filter((d) => d.severity === "error").map((d) => d.path)).toEqual([
      "agents.list.1",
      "agents.list.2",
      "tools.bash",
    ]);
    expect(() => parseConfig(input)).toThrow(/agents\.list\.1: expected an object/);
  });

  it("never mutates its input", () => {
    const input = deepFreeze({
      agents: {
        list: [{ id: "x", skills: [] }],
        defaults: { promptOverlays: { gpt5: { personality: "on" } } },
      },
      tools: { bash: { ask: "off" }, experimental: { planTool: true } },
    });
    const before = JSON.stringify(input);
    normalizeLegacyConfig(input);
    expect(JSON.stringify(input)).toBe(before);
  });

  it("is idempotent (property)", () => {
    const leaf = fc.oneof(
      fc.constantFrom("on", "off", "friendly", "always", "x"),
      fc.boolean(),
      fc.integer(),
    );
    const legacyish = fc.record(
      {
        agents: fc.record(
          {
            list: fc.array(
              fc.record({
                id: fc.constantFrom("a", "b", "main"),
                skills: fc.array(fc.string(), { maxLength: 2 }),
              }),
              { maxLength: 4 },
            ),
            entries: fc.dictionary(
              fc.constantFrom("a", "main"),
              fc.record({ workspace: fc.string() }),
            ),
            defaults: fc.record(
              {
                promptOverlays: fc.record({
                  gpt5: fc.record({ personality: leaf }, { requiredKeys: [] }),
                }),
                timeFormat: leaf,
              },
              { requiredKeys: [] },
            ),
          },
          { requiredKeys: [] },
        ),
        plugins: fc.record({
          entries: fc.record({ openai: fc.record({ config: fc.record({ personality: leaf }) }) }),
        }),
        tools: fc.record(
          {
            bash: fc.oneof(
              fc.dictionary(fc.constantFrom("ask", "security", "host"), leaf),
              fc.constant(null),
            ),
            exec: fc.dictionary(fc.constantFrom("ask", "security"), leaf),
            experimental: fc.record({ planTool: leaf }, { requiredKeys: [] }),
            updatePlan: fc.boolean(),
          },
          { requiredKeys: [] },
        ),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(legacyish, fc.anything()), (raw) => {
        const once = normalizeLegacyConfig(raw).raw;
        const twice = normalizeLegacyConfig(once).raw;
        expect(twice).toEqual(once);
      }),
      { numRuns: 300 },
    );
  });
});

describe("normalizeLegacyConfig: shapes it cannot read (issue 36)", () => {
  it("reports an agents.list that is not an array as an error and leaves it in place", () => {
    expect(normalizeLegacyConfig({ agents: { list: { main: {} } } })).toEqual({
      raw: { agents: { list: { main: {} } } },
      diagnostics: [
        {
          code: "CONFIG_LEGACY_INVALID",
          severity: "error",
          message: "agents.list: expected an array of agent objects with an `id`",
          path: "agents.list",
          hint: "Use agents.entries.<id> instead.",
        },
      ],
    });
  });

  it("drops a model catalog with no alias at all, and says which models had none", () => {
    const shape = {
      code: "CONFIG_REFERENCE_SHAPE",
      severity: "info",
      message:
        "agents.defaults.models is keyed by model id (the reference product's shape); it was read as an alias map",
      path: "agents.defaults.models",
      hint: `Promptstack's own shape is { "<alias>": "<provider/model>" }.`,
    };
    expect(
      normalizeLegacyConfig({ agents: { defaults: { workspace: "/w", models: { "a/b": {} } } } }),
    ).toEqual({
      raw: { agents: { defaults: { workspace: "/w" } } },
      diagnostics: [
        shape,
        {
          code: "CONFIG_REFERENCE_IGNORED",
          severity: "info",
          message:
            "agents.defaults.models: a/b has no alias; model allowlists and params do not affect the prompt and were dropped",
          path: "agents.defaults.models",
        },
      ],
    });
    expect(
      normalizeLegacyConfig({
        agents: { defaults: { models: { "a/b": {}, "c/d": { alias: " " } } } },
      }).diagnostics[1],
    ).toEqual({
      code: "CONFIG_REFERENCE_IGNORED",
      severity: "info",
      message:
        "agents.defaults.models: a/b, c/d have no alias; model allowlists and params do not affect the prompt and were dropped",
      path: "agents.defaults.models",
    });
  });
});

describe("normalizeLegacyConfig: whole results per legacy shape (issue 36)", () => {
  const deprecated = (path: string, replacement: string) => ({
    code: "CONFIG_DEPRECATED_KEY",
    severity: "warning",
    message: `${path} is deprecated; it was read as ${replacement}`,
    path,
    hint: `Rename it to ${replacement}.`,
  });
  const conflict = (legacy: string, current: string) => ({
    code: "CONFIG_LEGACY_CONFLICT",
    severity: "warning",
    message: `${legacy} and ${current} are both set; ${current} wins`,
    path: legacy,
    hint: `Remove ${legacy}.`,
  });

  it("agents.list: a bad item, a prototype id and a repeated id", () => {
    expect(normalizeLegacyConfig({ agents: { list: [{ id: "a" }, 3] } }).diagnostics).toEqual([
      {
        code: "CONFIG_LEGACY_INVALID",
        severity: "error",
        message: "agents.list.1: expected an object with a non-empty string `id`",
        path: "agents.list.1",
        hint: "Give every agent an id, or move it to agents.entries.<id>.",
      },
    ]);
    expect(
      normalizeLegacyConfig({
        agents: { list: [{ id: "a", x: 1 }, { id: "constructor" }, { id: "a", x: 2 }] },
      }),
    ).toEqual({
      raw: { agents: { entries: { a: { x: 1 } } } },
      diagnostics: [
        {
          code: "CONFIG_LEGACY_INVALID",
          severity: "error",
          message:
            'agents.list.1.id: agent id "constructor" is not allowed (it could alter object prototypes)',
          path: "agents.list.1.id",
          hint: "Rename the agent.",
        },
        {
          code: "CONFIG_LEGACY_CONFLICT",
          severity: "warning",
          message: 'agents.list.2 repeats agent id "a"; the earlier definition wins',
          path: "agents.list.2",
          hint: "Keep one definition per agent id.",
        },
        deprecated("agents.list", "agents.entries.<id>"),
      ],
    });
  });

  it("personality: the legacy overlay next to a current value, and the value `on`", () => {
    expect(
      normalizeLegacyConfig({
        agents: { defaults: { promptOverlays: { gpt5: { personality: "on" } } } },
        plugins: { entries: { openai: { config: { personality: "pragmatic" } } } },
      }),
    ).toEqual({
      raw: {
        agents: { defaults: {} },
        plugins: { entries: { openai: { config: { personality: "pragmatic" } } } },
      },
      diagnostics: [
        conflict(
          "agents.defaults.promptOverlays.gpt5.personality",
          "plugins.entries.openai.config.personality",
        ),
      ],
    });
    expect(
      normalizeLegacyConfig({
        plugins: { entries: { openai: { config: { personality: "on" } } } },
      }),
    ).toEqual({
      raw: { plugins: { entries: { openai: { config: { personality: "friendly" } } } } },
      diagnostics: [
        {
          code: "CONFIG_ALIAS_VALUE",
          severity: "info",
          message: 'plugins.entries.openai.config.personality "on" is an alias of "friendly"',
          path: "plugins.entries.openai.config.personality",
        },
      ],
    });
  });

  it("tools.bash: null, not an object, next to a deleted exec, and in conflict", () => {
    expect(normalizeLegacyConfig({ tools: { bash: null, updatePlan: true } })).toEqual({
      raw: { tools: { updatePlan: true } },
      diagnostics: [deprecated("tools.bash", "tools.exec")],
    });
    expect(normalizeLegacyConfig({ tools: { bash: "ask" } })).toEqual({
      raw: { tools: { bash: "ask" } },
      diagnostics: [
        {
          code: "CONFIG_LEGACY_INVALID",
          severity: "error",
          message: "tools.bash: expected an object (legacy alias of tools.exec)",
          path: "tools.bash",
          hint: "Move the settings to tools.exec.",
        },
      ],
    });
    expect(normalizeLegacyConfig({ tools: { exec: null, bash: { ask: "off" } } })).toEqual({
      raw: { tools: { exec: { ask: "off" } } },
      diagnostics: [deprecated("tools.bash", "tools.exec")],
    });
    expect(
      normalizeLegacyConfig({ tools: { exec: { ask: "always" }, bash: { ask: "off" } } }),
    ).toEqual({
      raw: { tools: { exec: { ask: "always" } } },
      diagnostics: [
        conflict("tools.bash.ask", "tools.exec.ask"),
        deprecated("tools.bash", "tools.exec"),
      ],
    });
  });

  it("planTool next to updatePlan, and memory.citations next to the current key", () => {
    expect(
      normalizeLegacyConfig({ tools: { updatePlan: false, experimental: { planTool: true } } })
        .diagnostics,
    ).toEqual([conflict("tools.experimental.planTool", "tools.updatePlan")]);
    expect(
      normalizeLegacyConfig({
        memory: { citations: "off" },
        agents: { defaults: { memory: { citations: "on" } } },
      }),
    ).toEqual({
      raw: { agents: { defaults: { memory: { citations: "on" } } } },
      diagnostics: [conflict("memory.citations", "agents.defaults.memory.citations")],
    });
  });

  it("model catalogs: an entry that is neither a string nor an object, and a shared alias", () => {
    expect(
      normalizeLegacyConfig({
        agents: { defaults: { models: { "a/b": { alias: "x" }, "c/d": 3 } } },
      }).diagnostics,
    ).toEqual([
      {
        code: "CONFIG_LEGACY_INVALID",
        severity: "error",
        message:
          "agents.defaults.models.c/d: expected an alias string, or an object with an `alias`",
        path: "agents.defaults.models.c/d",
        hint: 'Write agents.defaults.models as { "<alias>": "<provider/model>" }.',
      },
    ]);
    expect(
      normalizeLegacyConfig({
        agents: { defaults: { models: { "a/b": { alias: "x" }, "c/d": { alias: "x" } } } },
      }).diagnostics[0],
    ).toEqual({
      code: "CONFIG_LEGACY_CONFLICT",
      severity: "warning",
      message: 'agents.defaults.models: alias "x" is given to more than one model; a/b keeps it',
      path: "agents.defaults.models.c/d.alias",
      hint: "Give each alias to one model.",
    });
  });

  it("reports each key that has no effect", () => {
    const noEffect = (path: string, why: string) => ({
      code: "CONFIG_DEPRECATED_KEY",
      severity: "warning",
      message: `${path} is deprecated and has no effect: ${why}`,
      path,
      hint: `Remove ${path}.`,
    });
    expect(
      normalizeLegacyConfig({
        agents: {
          defaults: {
            bootstrapPromptTruncationWarning: true,
            heartbeat: { includeSystemPromptSection: false },
          },
        },
      }).diagnostics,
    ).toEqual([
      noEffect(
        "agents.defaults.bootstrapPromptTruncationWarning",
        "the truncation notice is built in and always shown",
      ),
      noEffect(
        "agents.defaults.heartbeat.includeSystemPromptSection",
        "the system prompt has no heartbeat section",
      ),
    ]);
  });
});

describe("normalizeLegacyConfig: legacy keys next to shapes it cannot rewrite into (issue 36)", () => {
  const deprecated = (path: string, replacement: string) => ({
    code: "CONFIG_DEPRECATED_KEY",
    severity: "warning",
    message: `${path} is deprecated; it was read as ${replacement}`,
    path,
    hint: `Rename it to ${replacement}.`,
  });

  it("rejects an agents.list item whose id is empty", () => {
    expect(normalizeLegacyConfig({ agents: { list: [{ id: "" }] } })).toEqual({
      raw: { agents: { list: [{ id: "" }] } },
      diagnostics: [
        {
          code: "CONFIG_LEGACY_INVALID",
          severity: "error",
          message: "agents.list.0: expected an object with a non-empty string `id`",
          path: "agents.list.0",
          hint: "Give every agent an id, or move it to agents.entries.<id>.",
        },
      ],
    });
  });

  it("leaves agents.list in place when agents.entries is not an object", () => {
    const input = { agents: { entries: "main", list: [{ id: "main" }] } };
    expect(normalizeLegacyConfig(input)).toEqual({ raw: input, diagnostics: [] });
  });

  it("leaves the legacy personality in place when a level of its new home is not an object", () => {
    const legacy = { defaults: { promptOverlays: { gpt5: { personality: "on" } } } };
    for (const plugins of [
      "openai",
      { entries: "openai" },
      { entries: { openai: "on" } },
      { entries: { openai: { config: "on" } } },
    ]) {
      const input = { agents: legacy, plugins };
      expect(normalizeLegacyConfig(input)).toEqual({ raw: input, diagnostics: [] });
    }
  });

  it("ignores promptOverlays without a gpt5 object, and a gpt5 overlay without personality", () => {
    for (const promptOverlays of [{}, { gpt5: "on" }, { gpt5: {} }]) {
      const input = { agents: { defaults: { promptOverlays } } };
      expect(normalizeLegacyConfig(input)).toEqual({ raw: input, diagnostics: [] });
    }
  });

  it("moves the legacy personality `on` as `friendly`, and keeps the overlays' other keys", () => {
    expect(
      normalizeLegacyConfig({
        agents: { defaults: { promptOverlays: { gpt5: { personality: "on" } } } },
      }),
    ).toEqual({
      raw: {
        agents: { defaults: {} },
        plugins: { entries: { openai: { config: { personality: "friendly" } } } },
      },
      diagnostics: [
        deprecated(
          "agents.defaults.promptOverlays.gpt5.personality",
          "plugins.entries.openai.config.personality",
        ),
      ],
    });
    expect(
      normalizeLegacyConfig({
        agents: {
          defaults: {
            promptOverlays: { gpt5: { personality: "off", tone: 1 }, claude: { tone: 2 } },
          },
        },
      }).raw,
    ).toEqual({
      agents: {
        defaults: { promptOverlays: { gpt5: { tone: 1 }, claude: { tone: 2 } } },
      },
      plugins: { entries: { openai: { config: { personality: "off" } } } },
    });
  });

  it("leaves tools.bash in place when tools.exec is neither an object nor null", () => {
    const input = { tools: { exec: "on", bash: { ask: "off" } } };
    expect(normalizeLegacyConfig(input)).toEqual({ raw: input, diagnostics: [] });
  });

  it("moves planTool to updatePlan and drops an emptied experimental, keeping its other keys", () => {
    expect(normalizeLegacyConfig({ tools: { experimental: { planTool: false } } })).toEqual({
      raw: { tools: { updatePlan: false } },
      diagnostics: [deprecated("tools.experimental.planTool", "tools.updatePlan")],
    });
    expect(
      normalizeLegacyConfig({ tools: { experimental: { planTool: true, other: 1 } } }).raw,
    ).toEqual({ tools: { updatePlan: true, experimental: { other: 1 } } });
  });

  it("rewrites an agent's model catalog, and leaves alias maps and non-object entries alone", () => {
    expect(
      normalizeLegacyConfig({
        agents: { entries: { main: { models: { "openai/o5": { alias: "think" } } }, other: "x" } },
      }),
    ).toEqual({
      raw: { agents: { entries: { main: { models: { think: "openai/o5" } }, other: "x" } } },
      diagnostics: [
        {
          code: "CONFIG_REFERENCE_SHAPE",
          severity: "info",
          message:
            "agents.entries.main.models is keyed by model id (the reference product's shape); it was read as an alias map",
          path: "agents.entries.main.models",
          hint: `Promptstack's own shape is { "<alias>": "<provider/model>" }.`,
        },
      ],
    });
    for (const models of [{}, { deep: "openai/gpt-5.5" }]) {
      const input = { agents: { defaults: { models } } };
      expect(normalizeLegacyConfig(input)).toEqual({ raw: input, diagnostics: [] });
    }
  });

  it("moves a top-level memory.citations, keeping memory's other keys", () => {
    expect(normalizeLegacyConfig({ memory: { citations: "off", backend: "files" } })).toEqual({
      raw: {
        memory: { backend: "files" },
        agents: { defaults: { memory: { citations: "off" } } },
      },
      diagnostics: [
        {
          code: "CONFIG_REFERENCE_SHAPE",
          severity: "info",
          message:
            "memory.citations (the reference product's spelling) was read as agents.defaults.memory.citations",
          path: "memory.citations",
        },
      ],
    });
  });

  it("leaves a top-level memory.citations in place when a level of its new home is not an object", () => {
    for (const agents of ["main", { defaults: "main" }, { defaults: { memory: "on" } }]) {
      const input = { memory: { citations: "off" }, agents };
      expect(normalizeLegacyConfig(input)).toEqual({ raw: input, diagnostics: [] });
    }
  });

  it("reports agents.defaults.timeFormat as a key with no effect", () => {
    expect(normalizeLegacyConfig({ agents: { defaults: { timeFormat: "12" } } })).toEqual({
      raw: { agents: { defaults: { timeFormat: "12" } } },
      diagnostics: [
        {
          code: "CONFIG_DEPRECATED_KEY",
          severity: "warning",
          message:
            "agents.defaults.timeFormat is deprecated and has no effect: the time context shows the date and time zone only",
          path: "agents.defaults.timeFormat",
          hint: "Remove agents.defaults.timeFormat.",
        },
      ],
    });
  });
});
