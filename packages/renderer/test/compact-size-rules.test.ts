import { describe, expect, it } from "vitest";
import {
  OPENCLAW_PRODUCT_PROFILE,
  buildAgentSystemPrompt,
  resolveGpt5SystemPromptContribution,
  toModelText,
} from "../src/index.js";
import { SECTION_TABLE } from "../src/section-table.js";
import type { AgentSystemPromptInput, PromptSize } from "../src/index.js";

// The rules of each built-in section, as the key phrases (tool names, commands, tags, tokens,
// ids, limits, facts) that carry them. Compact wording may drop any explanation but none of
// these: for every input below, a phrase is in the compact text exactly when it is in the full
// text. Matching ignores case. Sections that print caller text verbatim have no entry.
// A rule tells the model what to do or not do. Explanation is everything else, and compact size
// drops it (docs/decisions/0009-compact-size-keeps-directives.md):
// - why a rule holds, or what enforces it (safety's advisory note, the keys `gateway` refuses,
//   the policies that govern risk behind execution bias);
// - what a tool or file is for, which its definition or its own text already says (the `exec`,
//   `process` and `message` summaries, the roles of IDENTITY.md, USER.md and MEMORY.md);
// - references and procedures that instruct nothing (the community and skills-hub links, the
//   config file paths, the `/reasoning` and `/status` hints, updating another host).
const RULES: Readonly<Record<string, readonly string[]>> = {
  identity: ["you are an ai agent", "openclaw"],
  tooling: [
    "`cron`",
    "sleep loops",
    "`yieldms`",
    "completion wake",
    "`process`",
    "`sessions_spawn`",
    "completion mode",
    "collect",
    "announce",
    "raw metadata",
    "evidence",
    "`subagents list`",
    "`sessions_list`",
    "`update_plan`",
    "`in_progress`",
    "trivial one-step",
    "objective",
    "expected output",
    "write scope",
    "how to verify",
    "`edit`",
    "`write` only",
    "new",
  ],
  tool_call_style: ["narrat", "multi-part", "sensitive", "destructive", "run"],
  execution_bias: [
    "actionable",
    "blocked",
    "live",
    "verify",
    "pre-refuse",
    "warn",
    "permission",
    "owner",
    "harmless",
    "files, settings, schedules",
  ],
  promised_work: [
    "later, background, delegated or ongoing",
    "completion wake",
    "watch",
    "scheduled check",
    "blocker",
    '"running"',
    "i'm checking now",
    "correct",
  ],
  safety: [
    "power",
    "resources",
    "oversight",
    "monitoring",
    "approvals",
    "copy",
    "spread",
    "stop",
    "pause",
    "audit",
    "prompts, instructions or policies",
  ],
  care: [
    "merge",
    "config or scheduler file",
    "credential",
    "repeat",
    "pairing codes",
    "verification urls",
    "privately",
    "group",
    "tokens, keys or passwords",
    "`openclaw channels add <channel>`",
    "`openclaw configure`",
  ],
  runtime_context: [
    "<<<begin_openclaw_internal_context>>>",
    "<<<end_openclaw_internal_context>>>",
    "runtime context",
    "private",
    "wait",
    "snapshot",
    "`none`",
    "data",
    "instructions",
    "`exec_sessions`",
    "`process`",
    "`subagents`",
    "collect",
    "poll",
    "`media_tasks`",
    "duplicate",
    "windows",
    "approv",
    "`heartbeat_results`",
    "since your last turn",
    "told the user",
    "alert",
    "newest user message",
  ],
  exec_approvals: [
    "`/approve`",
    "pending",
    "the exact command",
    "approval ids",
    "invent",
    "allow-once",
  ],
  skills: [
    "`read`",
    "skill.md",
    "most specific",
    "guess",
    "relative paths",
    "<available_skills>",
    "batch",
    "429",
    "retry-after",
  ],
  control: [
    "`gateway`",
    "`config.get`",
    "`config.schema.lookup`",
    "restarts",
    "config, channels, plugins, agents, models",
    "providers",
    "permissions",
    "`update.run`",
    "`config.patch`",
    "`config.apply`",
    "whole config",
    "explicit",
    "detached tasks",
    "invent cli commands",
    "`openclaw update`",
    "control ui",
  ],
  messaging: [
    "openclaw routing",
    "shell or http",
    "user-authorized cli or api",
    "`message`",
    "`channel`",
    "`send`",
    "`no_reply`",
    "`action`",
    "`to`",
    "`text`",
    "`media`",
    "privately",
    "reply only here",
    "other route",
  ],
  workspace: ["working directory", "/srv/agent"],
  documentation: [
    "docs: https://docs.openclaw.ai",
    "source: ",
    "agents.md",
    "`memory_search`",
    "stale",
    "source",
    "`openclaw status`",
  ],
  model_aliases: ["- fast: openai/gpt-5.5-mini"],
  user_identity: ["sam", "authorized"],
  memory_recall: [
    "`memory_search`",
    "past work, decisions, people",
    "`memory_get`",
    "source: <path>#<line>",
  ],
  bootstrap_pending: ["bootstrap.md", "pending", "delete"],
  workspace_files: [
    "project context",
    "agents.md",
    "soul.md",
    "persona",
    "never",
    "truncated",
    "read",
    "<file>",
    "## notes.md",
  ],
  reasoning_format: ["<think>...</think>", "<final>...</final>", "not shown"],
  sandbox: ["sandbox", "/workspace", "/srv/host", "elevated", "no elevated"],
  assistant_output_directives: [
    "`media:<path-or-url>`",
    "`[[audio_as_voice]]`",
    "voice note",
    "`[[reply_to_current]]`",
    "`[[reply_to:<id>]]`",
    "own line",
    "outside code fences",
  ],
  time_context: ["2026-11-30", "europe/lisbon", "`session_status`"],
  ui_presentation: [
    "widget",
    "dashboard",
    "authoritative",
    "portals",
    "control ui",
    "public url",
    "browser tab",
    "token",
    "private",
    "authoring",
    "verify",
  ],
  control_ui_embed: ["control ui"],
  channel_messaging: [
    "channel: telegram",
    "sender: sam",
    "automatic",
    "`message`",
    "native approval",
    "`/approve`",
    "unavailable",
  ],
  silent_replies: ["`no_reply`", "never", "silent"],
  collapsible_details: [
    "<details><summary>...</summary>...</details>",
    "optional depth",
    "outside",
  ],
  voice: ["voice note", "audio", "voice"],
  reactions: ["react", "sparingly", "freely", "answer"],
  runtime: [
    "runtime: host=wren",
    "agent=main",
    "arch=arm64",
    "shell=bash",
    "default_model=gpt-base",
    "co-author trailer",
  ],
  model_identity: ["`gpt-test`", "guess"],
  workspace_changes: ["copies this session started with", "before relying on its old copy"],
  delegation: ["responsive", "sub-agent", "hidden", "visible side session"],
  proactive_orchestration: [
    "investigation, implementation and verification",
    "parallel",
    "tightly coupled",
    "bounded goal",
    "deliverable",
    "synthesize",
  ],
  elevation: ["elevation level: ask", "approval"],
  reasoning: ["reasoning visibility: stream"],
};

const ALL_TOOLS = [
  "read",
  "write",
  "edit",
  "exec",
  "process",
  "cron",
  "message",
  "sessions_spawn",
  "subagents",
  "sessions_list",
  "update_plan",
  "gateway",
  "memory_search",
  "memory_get",
  "session_status",
  "image_generate",
].map((name) => ({ name, description: `The ${name} tool.` }));

const RICH: AgentSystemPromptInput = {
  sessionKind: "main",
  tools: ALL_TOOLS,
  automaticCompletionWake: true,
  heartbeats: true,
  runtimeFactsLocation: "user-message",
  workspaceDir: "/srv/agent",
  modelAliases: [{ alias: "fast", model: "openai/gpt-5.5-mini" }],
  ownerDisplay: "Sam",
  ttsHint: "Keep voice notes short.",
  memoryRecall: { citations: "on" },
  skillsPrompt: "<available_skills>\n</available_skills>",
  contextFiles: [{ path: "NOTES.md", content: "Notes." }],
  bootstrapTruncated: true,
  bootstrapPending: true,
  sandbox: {
    enabled: true,
    containerWorkdir: "/workspace",
    hostWorkdir: "/srv/host",
    elevatedExec: true,
  },
  reasoningTagHint: true,
  volatile: {
    workspaceChanges: ["- MEMORY.md was edited (now 120 chars)."],
    time: { date: "2026-11-30", timeZone: "Europe/Lisbon" },
    channel: {
      id: "telegram",
      chatType: "group",
      autoReply: true,
      nativeApprovals: true,
      collapsibleDetails: true,
      voice: true,
      reactions: "minimal",
      allowGroupSilence: true,
      controlUiEmbed: true,
    },
    sender: "Sam",
    runtime: {
      host: "wren",
      agentId: "main",
      arch: "arm64",
      shell: "bash",
      model: "gpt-test",
      defaultModel: "gpt-base",
      coAuthorTrailer: "Co-authored-by: Sam <sam@example.org>",
    },
    thinkingLevel: "ultra",
    reasoning: "stream",
    elevation: "ask",
    presentationTools: ["canvas"],
  },
};

// Each variant opens gates the rich input leaves closed (or closes ones it opens).
const VARIANTS: Readonly<Record<string, AgentSystemPromptInput>> = {
  rich: RICH,
  "no channel, collect mode, exec without process": {
    ...RICH,
    tools: ALL_TOOLS.filter((tool) => tool.name !== "process"),
    subagentCompletionMode: "collect",
    memoryRecall: { citations: "off" },
    sandbox: { enabled: true, elevatedExec: false },
    volatile: { ...RICH.volatile, channel: undefined as never },
  },
  "announce mode, message-tool-only direct chat": {
    ...RICH,
    subagentCompletionMode: "announce",
    memoryRecall: { citations: "auto" },
    volatile: {
      ...RICH.volatile,
      channel: {
        id: "telegram",
        chatType: "direct",
        messageToolOnly: true,
        reactions: "extensive",
      },
    },
  },
  "no message tool": {
    ...RICH,
    tools: ALL_TOOLS.filter((tool) => tool.name !== "message"),
  },
  "no gateway tool, owner authority, fenced files": {
    ...RICH,
    tools: ALL_TOOLS.filter((tool) => tool.name !== "gateway"),
    profile: { ...OPENCLAW_PRODUCT_PROFILE, ownerAuthority: true, fenceContextFiles: true },
  },
};

function sectionsOf(input: AgentSystemPromptInput, size: PromptSize): Map<string, string> {
  const { sections } = buildAgentSystemPrompt(JSON.parse(JSON.stringify({ ...input, size })));
  return new Map(sections.map((section) => [section.id, section.text.toLowerCase()]));
}

describe("compact size keeps every rule", () => {
  for (const [name, input] of Object.entries(VARIANTS)) {
    it(`${name}: each rule phrase is in the compact text exactly when it is in the full text`, () => {
      const full = sectionsOf(input, "full");
      const compact = sectionsOf(input, "compact");
      // Size changes wording only: the same sections render.
      expect([...compact.keys()]).toEqual([...full.keys()]);
      const missing: string[] = [];
      for (const [id, fullText] of full) {
        const compactText = compact.get(id) ?? "";
        for (const phrase of RULES[id] ?? []) {
          if (fullText.includes(phrase) !== compactText.includes(phrase)) {
            missing.push(`${id}: "${phrase}" (full ${fullText.includes(phrase)})`);
          }
        }
      }
      expect(missing).toEqual([]);
    });
  }

  it("lists rules for every built-in section with prose, and each rule occurs in some full render", () => {
    const verbatim = new Set([
      "provider_stable_prefix",
      "interaction_style",
      "tts_hints",
      "group_context",
      "project_memory",
      "acp_hints",
      "provider_dynamic_suffix",
    ]);
    const withProse = SECTION_TABLE.map((row) => row.id).filter((id) => !verbatim.has(id));
    expect(Object.keys(RULES).sort()).toEqual([...withProse].sort());
    const fullTexts = Object.values(VARIANTS).map((input) => sectionsOf(input, "full"));
    const dead: string[] = [];
    for (const [id, phrases] of Object.entries(RULES)) {
      for (const phrase of phrases) {
        if (!fullTexts.some((texts) => texts.get(id)?.includes(phrase) === true)) {
          dead.push(`${id}: "${phrase}"`);
        }
      }
    }
    expect(dead).toEqual([]);
  });

  it("caller text never runs into the next section: a headless section after it prints its heading", () => {
    // Sections whose body is caller text keep their heading in compact size.
    const framing = new Set(["tts_hints", "workspace_files", "group_context", "project_memory"]);
    const inputs: AgentSystemPromptInput[] = [
      ...Object.values(VARIANTS),
      // Minimal mode without a sandbox: the workspace files are the last stable section, so the
      // first per-turn section follows them across the boundary.
      { ...RICH, mode: "minimal", sandbox: undefined as never },
      {
        ...RICH,
        volatile: { ...RICH.volatile, projectMemoryFacts: ["The tap decision is due Friday."] },
      },
    ];
    let pairs = 0;
    let acrossBoundary = 0;
    for (const input of inputs) {
      const prompt = buildAgentSystemPrompt(
        JSON.parse(JSON.stringify({ ...input, size: "compact" })),
      );
      const stableCount = prompt.sections.filter((section) => section.cache === "stable").length;
      prompt.sections.forEach((section, index) => {
        const previous = prompt.sections[index - 1];
        if (previous === undefined || !framing.has(previous.id)) return;
        pairs += 1;
        if (index === stableCount) acrossBoundary += 1;
        expect(toModelText(section.text).text, `${section.id} after ${previous.id}`).toMatch(
          /^## /,
        );
      });
    }
    expect(pairs).toBeGreaterThanOrEqual(4);
    expect(acrossBoundary).toBeGreaterThanOrEqual(1);
  });

  it("compact wording is shorter for every section with prose", () => {
    const full = sectionsOf(RICH, "full");
    const compact = sectionsOf(RICH, "compact");
    const longer = [...full].filter(
      ([id, text]) =>
        RULES[id] !== undefined &&
        // One line of facts each, the same at both sizes.
        id !== "identity" &&
        id !== "runtime" &&
        (compact.get(id) ?? "").length >= text.length,
    );
    expect(longer.map(([id]) => id)).toEqual([]);
  });

  it("the GPT-5 contribution keeps its contract items in compact size", () => {
    // Compact size drops the contract's heading: headings are not rules.
    const items = [
      "this turn",
      "blocked",
      "exact parameters",
      "parallel",
      "answer",
      "verif",
      "missing context",
      "non-interactive",
      "bounded",
      "background processes",
      "persona",
    ];
    const text = (size: PromptSize) => {
      const contribution = resolveGpt5SystemPromptContribution({
        modelId: "gpt-5.5",
        provider: "openai",
        size,
      });
      return `${contribution?.stablePrefix ?? ""}\n${contribution?.sectionOverrides?.interaction_style ?? ""}`.toLowerCase();
    };
    for (const size of ["full", "compact"] as const) {
      expect(items.filter((item) => !text(size).includes(item))).toEqual([]);
    }
    expect(text("compact").length).toBeLessThan(text("full").length * 0.6);
  });
});
