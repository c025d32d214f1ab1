import { describe, expect, it } from "vitest";
import { buildAgentSystemPrompt } from "./build-agent-system-prompt.js";
import { createSectionRenderContext } from "./create-section-render-context.js";
import { SECTION_TABLE } from "./section-table.js";
import type { AgentSystemPromptInput, ChannelFacts, PromptMode } from "./types.js";

const spawn = [{ name: "sessions_spawn" }];
const channel = (facts: Partial<ChannelFacts>): AgentSystemPromptInput => ({
  volatile: { channel: { id: "discord", chatType: "group", ...facts } },
});

/** Per section: an input that opens its gate and one that closes it (`always` = no gate). */
const GATE_CASES: Readonly<
  Record<string, { on: AgentSystemPromptInput; off: AgentSystemPromptInput | "always" }>
> = {
  identity: { on: {}, off: "always" },
  provider_stable_prefix: {
    on: { provider: { stablePrefix: "Prefix." } },
    off: { provider: { stablePrefix: "  " } },
  },
  tooling: { on: { tools: [{ name: "exec" }] }, off: { tools: [] } },
  interaction_style: {
    on: { provider: { sectionOverrides: { interaction_style: "Warm." } } },
    off: {},
  },
  tool_call_style: {
    on: { tools: [{ name: "exec" }] },
    off: { tools: [{ name: "exec" }], provider: { sectionOverrides: { tool_call_style: "" } } },
  },
  execution_bias: { on: {}, off: { provider: { sectionOverrides: { execution_bias: "" } } } },
  promised_work: { on: {}, off: "always" },
  safety: { on: {}, off: "always" },
  care: { on: {}, off: "always" },
  runtime_context: { on: {}, off: "always" },
  exec_approvals: { on: { tools: [{ name: "exec" }] }, off: { tools: [{ name: "read" }] } },
  skills: {
    on: { skillsPrompt: "<available_skills>\n</available_skills>", tools: [{ name: "read" }] },
    off: { skillsPrompt: "<available_skills>\n</available_skills>", tools: [{ name: "exec" }] },
  },
  control: { on: {}, off: "always" },
  messaging: { on: {}, off: "always" },
  workspace: { on: { workspaceDir: "/ws" }, off: { workspaceDir: " " } },
  documentation: { on: {}, off: "always" },
  model_aliases: {
    on: { modelAliases: [{ alias: "fast", model: "m" }] },
    off: { modelAliases: [] },
  },
  user_identity: { on: { ownerDisplay: "Ada" }, off: {} },
  tts_hints: { on: { ttsHint: "Speak slowly." }, off: { ttsHint: "" } },
  memory_recall: {
    on: { memoryRecall: { citations: "on" }, tools: [{ name: "memory_search" }] },
    off: { memoryRecall: { citations: "on" }, tools: [{ name: "exec" }] },
  },
  bootstrap_pending: { on: { bootstrapPending: true }, off: { bootstrapPending: false } },
  reasoning_format: { on: { reasoningTagHint: true }, off: { reasoningTagHint: false } },
  workspace_files: {
    on: { contextFiles: [{ path: "AGENTS.md", content: "x" }] },
    off: { contextFiles: [] },
  },
  sandbox: { on: { sandbox: { enabled: true } }, off: { sandbox: { enabled: false } } },
  assistant_output_directives: { on: {}, off: "always" },
  time_context: {
    on: { volatile: { time: { date: "2026-01-01", timeZone: "UTC" } } },
    off: { volatile: {} },
  },
  ui_presentation: {
    on: { volatile: { presentationTools: ["canvas"] } },
    off: { volatile: { presentationTools: [] } },
  },
  control_ui_embed: { on: channel({ controlUiEmbed: true }), off: channel({}) },
  channel_messaging: { on: { volatile: { sender: "Ada" } }, off: { volatile: {} } },
  silent_replies: {
    on: channel({ allowGroupSilence: true }),
    off: channel({ chatType: "direct", allowGroupSilence: true }),
  },
  collapsible_details: { on: channel({ collapsibleDetails: true }), off: channel({}) },
  voice: { on: channel({ voice: true }), off: channel({ voice: false }) },
  group_context: { on: { volatile: { groupContext: "Group." } }, off: { volatile: {} } },
  reactions: { on: channel({ reactions: "minimal" }), off: channel({}) },
  runtime: {
    on: { volatile: { runtime: { host: "atlas" } } },
    off: { volatile: { runtime: { host: " " } } },
  },
  model_identity: {
    on: { volatile: { runtime: { model: "gpt-5.5" } } },
    off: { volatile: { runtime: { host: "atlas", model: " " } } },
  },
  project_memory: {
    on: { volatile: { projectMemoryFacts: ["Uses pnpm."] } },
    off: { volatile: { projectMemoryFacts: [""] } },
  },
  workspace_changes: {
    on: { volatile: { workspaceChanges: ["- MEMORY.md was edited."] } },
    off: { volatile: { workspaceChanges: [" "] } },
  },
  acp_hints: { on: channel({ acpHints: ["Hint."] }), off: channel({ acpHints: [] }) },
  delegation: {
    on: { delegationMode: "prefer", tools: spawn },
    off: { delegationMode: "suggest", tools: spawn },
  },
  proactive_orchestration: {
    on: { tools: spawn, volatile: { thinkingLevel: "ultra" } },
    off: { tools: spawn, volatile: { thinkingLevel: "high" } },
  },
  elevation: { on: { volatile: { elevation: "ask" } }, off: {} },
  reasoning: { on: { volatile: { reasoning: "on" } }, off: {} },
  provider_dynamic_suffix: {
    on: { provider: { dynamicSuffix: "Suffix." } },
    off: { provider: { dynamicSuffix: "" } },
  },
};

function ids(input: AgentSystemPromptInput): string[] {
  return buildAgentSystemPrompt(input).sections.map((section) => section.id);
}

describe("SECTION_TABLE", () => {
  it("has unique snake_case ids, stable rows before volatile rows", () => {
    const all = SECTION_TABLE.map((row) => row.id);
    expect(new Set(all).size).toBe(all.length);
    for (const id of all) expect(id).toMatch(/^[a-z]+(_[a-z]+)*$/);
    const sides = SECTION_TABLE.map((row) => row.cache);
    expect(sides.indexOf("volatile")).toBe(sides.lastIndexOf("stable") + 1);
  });

  it("has a gate case for every row", () => {
    expect(Object.keys(GATE_CASES).sort()).toEqual(SECTION_TABLE.map((row) => row.id).sort());
  });

  for (const row of SECTION_TABLE) {
    const cases = GATE_CASES[row.id];
    describe(row.id, () => {
      it(`is present when its gate holds, on the ${row.cache} side of the boundary`, () => {
        const prompt = buildAgentSystemPrompt(cases!.on);
        const section = prompt.sections.find((s) => s.id === row.id);
        expect(section?.cache).toBe(row.cache);
        const at = prompt.text.indexOf(section!.text);
        expect(at).toBeGreaterThanOrEqual(0);
        if (row.cache === "stable") expect(at).toBeLessThan(prompt.boundary);
        else expect(at).toBeGreaterThan(prompt.boundary);
      });

      it("renders in table order relative to the other sections", () => {
        const order = ids(cases!.on).map((id) => SECTION_TABLE.findIndex((r) => r.id === id));
        expect(order).toEqual([...order].sort((a, b) => a - b));
      });

      if (cases!.off !== "always") {
        it("is absent when its gate is closed", () => {
          expect(ids(cases!.off as AgentSystemPromptInput)).not.toContain(row.id);
        });
      }

      if (row.cache === "stable") {
        it("reads no volatile input", () => {
          // Neither through the context nor through the input object behind it.
          const trap = (where: string) => ({
            get() {
              throw new Error(`stable section ${row.id} read ${where}`);
            },
          });
          const input = { ...cases!.on };
          Object.defineProperty(input, "volatile", trap("input.volatile"));
          const context = { ...createSectionRenderContext(cases!.on), input };
          Object.defineProperty(context, "volatile", trap("context.volatile"));
          expect(() => row.render(context)).not.toThrow();
        });
      }
    });
  }
});

/** An input that opens every gate at once. */
const EVERYTHING: AgentSystemPromptInput = {
  tools: [
    { name: "exec" },
    { name: "sessions_spawn" },
    { name: "memory_search" },
    { name: "gateway" },
    { name: "read" },
  ],
  delegationMode: "prefer",
  workspaceDir: "/ws",
  modelAliases: [{ alias: "fast", model: "m" }],
  ownerDisplay: "Ada",
  ttsHint: "Speak slowly.",
  memoryRecall: { citations: "auto" },
  skillsPrompt: "<available_skills>\n</available_skills>",
  contextFiles: [{ path: "AGENTS.md", content: "Be kind." }],
  bootstrapPending: true,
  sandbox: { enabled: true },
  reasoningTagHint: true,
  provider: {
    stablePrefix: "Prefix.",
    dynamicSuffix: "Suffix.",
    sectionOverrides: { interaction_style: "Warm." },
  },
  volatile: {
    time: { date: "2026-01-01", timeZone: "UTC" },
    channel: {
      id: "discord",
      chatType: "group",
      allowGroupSilence: true,
      controlUiEmbed: true,
      collapsibleDetails: true,
      voice: true,
      reactions: "extensive",
      acpHints: ["Hint."],
    },
    groupContext: "Group.",
    runtime: { host: "atlas", model: "gpt-5.5" },
    projectMemoryFacts: ["Uses pnpm."],
    workspaceChanges: ["- MEMORY.md was edited."],
    thinkingLevel: "ultra",
    elevation: "on",
    reasoning: "stream",
    presentationTools: ["canvas"],
  },
};

/** The newest seed's minimal-mode omission list (SPEC §2.4), as section ids. */
const MINIMAL_OMITS: readonly string[] = [
  "memory_recall",
  "model_aliases",
  "user_identity",
  "assistant_output_directives",
  "messaging",
  "collapsible_details",
  "silent_replies",
  "ui_presentation",
];

const MODE_IDS: Readonly<Record<PromptMode, readonly string[]>> = {
  full: SECTION_TABLE.map((row) => row.id),
  minimal: SECTION_TABLE.map((row) => row.id).filter((id) => !MINIMAL_OMITS.includes(id)),
  none: ["identity"],
};

describe("prompt modes", () => {
  for (const mode of ["full", "minimal", "none"] as const) {
    it(`${mode} keeps exactly its sections, in table order`, () => {
      expect(ids({ ...EVERYTHING, mode })).toEqual(MODE_IDS[mode]);
    });
  }

  it("full mode lists every section id explicitly", () => {
    expect(MODE_IDS.full).toEqual([
      "identity",
      "provider_stable_prefix",
      "tooling",
      "interaction_style",
      "tool_call_style",
      "execution_bias",
      "promised_work",
      "safety",
      "care",
      "runtime_context",
      "exec_approvals",
      "skills",
      "control",
      "messaging",
      "workspace",
      "documentation",
      "model_aliases",
      "user_identity",
      "tts_hints",
      "memory_recall",
      "bootstrap_pending",
      "reasoning_format",
      "workspace_files",
      "sandbox",
      "assistant_output_directives",
      "time_context",
      "ui_presentation",
      "control_ui_embed",
      "channel_messaging",
      "silent_replies",
      "collapsible_details",
      "voice",
      "group_context",
      "reactions",
      "runtime",
      "model_identity",
      "project_memory",
      "workspace_changes",
      "acp_hints",
      "delegation",
      "proactive_orchestration",
      "elevation",
      "reasoning",
      "provider_dynamic_suffix",
    ]);
  });

  it("minimal keeps Control and omits exactly the seed's list", () => {
    const minimal = ids({ ...EVERYTHING, mode: "minimal" });
    expect(minimal).toContain("control");
    expect(minimal).toContain("documentation");
    for (const id of MINIMAL_OMITS) expect(minimal).not.toContain(id);
    expect(buildAgentSystemPrompt({ ...EVERYTHING, mode: "minimal" }).text).toContain(
      "Do not invent CLI commands.",
    );
  });

  it("labels group context as Sub-agent Context in minimal mode", () => {
    const heading = (mode: PromptMode) =>
      buildAgentSystemPrompt({ ...EVERYTHING, mode }).sections.find((s) => s.id === "group_context")
        ?.heading;
    expect(heading("full")).toBe("Group Chat Context");
    expect(heading("minimal")).toBe("Sub-agent Context");
    expect(buildAgentSystemPrompt({ ...EVERYTHING, mode: "minimal" }).text).toContain(
      "## Sub-agent Context\nGroup.",
    );
  });
});
