import { buildAgentSystemPrompt, toModelText } from "@promptstack/renderer";
import type { RenderedPrompt } from "@promptstack/renderer";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  parseConfig,
  parseRunFacts,
  resolveAgentPromptInput,
  type AgentPromptInputOptions,
  type RunFacts,
} from "../src/index.js";
import { readTelegramFactsJson } from "./read-telegram-facts.js";

/** The resolved input, rendered as the assembler renders it. */
function buildConfiguredAgentSystemPrompt(options: AgentPromptInputOptions) {
  const resolved = resolveAgentPromptInput(options);
  return { ...resolved, prompt: buildAgentSystemPrompt(resolved.input) };
}

const factsRaw = readTelegramFactsJson();
const facts = parseRunFacts(factsRaw);
const withFacts = (patch: Record<string, unknown>): RunFacts =>
  parseRunFacts({ ...factsRaw, ...patch });
const ids = (prompt: RenderedPrompt) => prompt.sections.map((section) => section.id);
const section = (prompt: RenderedPrompt, id: string) => prompt.sections.find((s) => s.id === id);

const config = parseConfig({
  agents: {
    defaults: { workspace: "/srv/main", ownerDisplay: "Dana", models: { fast: "gpt-5.5-mini" } },
  },
}).config;

describe("resolveAgentPromptInput", () => {
  it("warns when a tool summary quotes a per-turn fact (it would move the stable prefix)", () => {
    const tools = (description: string) => [
      { name: "read", description: "Read a file." },
      { name: "message", description },
    ];
    const warnings = (description: string) =>
      buildConfiguredAgentSystemPrompt({
        config,
        agentId: "main",
        facts: withFacts({ tools: tools(description) }),
      }).diagnostics.filter((d) => d.code === "CONFIG_TOOL_SUMMARY_VOLATILE");
    expect(warnings("Send to a chat.")).toEqual([]);
    // "telegrams" is not the channel id: whole words only.
    expect(warnings("Forward telegrams.")).toEqual([]);
    for (const leak of ["Reply on Telegram.", "Today is 2026-09-06.", "Ask Dana (@dana) first."]) {
      const found = warnings(leak);
      expect(found, leak).toHaveLength(1);
      expect(found[0]).toMatchObject({ severity: "warning", path: "tools.1.description" });
    }
  });

  it("resolves the agent's workspace, delegation mode and sections", () => {
    const result = buildConfiguredAgentSystemPrompt({ config, agentId: "main", facts });
    expect(result.input.workspaceDir).toBe("/srv/main");
    expect(result.resolved.delegationMode).toBe("prefer");
    expect(ids(result.prompt)).toContain("model_aliases");
  });

  it("adds the GPT-5 contribution for gpt-5* on openai, honouring personality", () => {
    const friendly = buildConfiguredAgentSystemPrompt({ config, agentId: "main", facts });
    expect(ids(friendly.prompt)).toContain("provider_stable_prefix");
    expect(ids(friendly.prompt)).toContain("interaction_style");

    const offConfig = parseConfig({
      plugins: { entries: { openai: { config: { personality: "off" } } } },
    }).config;
    const off = buildConfiguredAgentSystemPrompt({ config: offConfig, agentId: "main", facts });
    expect(ids(off.prompt)).toContain("provider_stable_prefix");
    expect(ids(off.prompt)).not.toContain("interaction_style");

    const claude = buildConfiguredAgentSystemPrompt({
      config,
      agentId: "main",
      facts: withFacts({ model: { id: "claude-opus-4-7", provider: "anthropic" } }),
    });
    expect(claude.input.provider).toBeUndefined();
    expect(ids(claude.prompt)).not.toContain("provider_stable_prefix");
  });

  it("merges a caller provider contribution after the GPT-5 one", () => {
    const result = buildConfiguredAgentSystemPrompt({
      config,
      agentId: "main",
      facts,
      provider: {
        stablePrefix: "Caller prefix line.",
        sectionOverrides: { interaction_style: "Caller style." },
        dynamicSuffix: "Caller suffix.",
      },
    });
    const prefix = result.input.provider?.stablePrefix ?? "";
    expect(prefix.endsWith("\n\nCaller prefix line.")).toBe(true);
    expect(prefix.length).toBeGreaterThan("Caller prefix line.".length + 2);
    expect(result.input.provider?.sectionOverrides?.interaction_style).toBe("Caller style.");
    expect(section(result.prompt, "interaction_style")?.text).toContain("Caller style.");
    expect(result.prompt.text).toContain("Caller suffix.");
  });

  it("precedence: caller overrides > config > computed", () => {
    const explicit = parseConfig({
      agents: {
        defaults: { subagents: { delegationMode: "suggest" }, ownerDisplay: "Config Owner" },
      },
    }).config;
    const fromConfig = buildConfiguredAgentSystemPrompt({
      config: explicit,
      agentId: "main",
      facts,
    });
    expect(fromConfig.input.delegationMode).toBe("suggest");
    expect(ids(fromConfig.prompt)).not.toContain("delegation");

    const computed = buildConfiguredAgentSystemPrompt({ config: {}, agentId: "main", facts });
    expect(computed.input.delegationMode).toBe("prefer");
    expect(ids(computed.prompt)).toContain("delegation");

    const overridden = buildConfiguredAgentSystemPrompt({
      config: explicit,
      agentId: "main",
      facts,
      overrides: {
        delegationMode: "prefer",
        ownerDisplay: "Caller Owner",
        volatile: { sender: "Caller sender" },
      },
    });
    expect(overridden.input.delegationMode).toBe("prefer");
    expect(overridden.input.ownerDisplay).toBe("Caller Owner");
    expect(overridden.input.volatile?.sender).toBe("Caller sender");
    expect(overridden.input.volatile?.channel?.id).toBe("telegram");
    expect(overridden.prompt.text).toContain("Caller Owner");
    expect(overridden.prompt.text).not.toContain("Config Owner");
  });

  it("passes bootstrap and skills inputs through", () => {
    const result = buildConfiguredAgentSystemPrompt({
      config,
      agentId: "main",
      facts,
      contextFiles: [{ path: "AGENTS.md", content: "Agent rules here." }],
      bootstrapTruncated: true,
      skillsPrompt: "<available_skills>\n</available_skills>",
    });
    expect(result.prompt.text).toContain("Agent rules here.");
    expect(result.input.bootstrapTruncated).toBe(true);
    expect(result.input.skillsPrompt).toContain("<available_skills>");
  });

  it("defaults sub-agent sessions to minimal mode", () => {
    const result = buildConfiguredAgentSystemPrompt({
      config,
      agentId: "main",
      facts: withFacts({ sessionKind: "subagent" }),
    });
    expect(result.input.mode).toBe("minimal");
    expect(ids(result.prompt)).not.toContain("model_aliases");
  });

  it("keeps the stable prefix byte-identical when only volatile facts change", () => {
    const a = buildConfiguredAgentSystemPrompt({ config, agentId: "main", facts });
    const b = buildConfiguredAgentSystemPrompt({
      config,
      agentId: "main",
      facts: withFacts({
        channel: {
          id: "discord",
          chatType: "group",
          chatLabel: "Team",
          capabilities: { reactions: "extensive" },
        },
        time: { date: "2026-09-07", time: "09:00", timeZone: "Europe/Berlin" },
        sender: "Someone else",
        thinkingLevel: "high",
        elevation: "on",
      }),
    });
    expect(toModelText(b.prompt).stable).toBe(toModelText(a.prompt).stable);
    expect(b.prompt.text).not.toBe(a.prompt.text);
  });

  it("keeps the stable prefix byte-identical across any volatile facts (property)", () => {
    const rich = parseConfig({
      agents: {
        defaults: {
          workspace: "/srv/main",
          userTimezone: "Europe/Berlin",
          ownerDisplay: "Dana",
          models: { fast: "gpt-5.5-mini" },
          tts: { hint: "Speak plainly." },
          memory: { citations: "on" },
        },
      },
    }).config;
    const text = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,12}$/);
    const volatileFacts = fc.record(
      {
        sessionKind: fc.constantFrom("main", "direct", "group", "cron", "heartbeat"),
        channel: fc.record(
          {
            id: fc.constantFrom("telegram", "discord", "webchat"),
            chatType: fc.constantFrom("direct", "group", "channel"),
            chatLabel: text,
            capabilities: fc.record(
              {
                nativeApprovals: fc.boolean(),
                collapsibleDetails: fc.boolean(),
                messageToolOnly: fc.boolean(),
                reactions: fc.constantFrom("none", "minimal", "extensive"),
                voice: fc.boolean(),
                presentation: fc.boolean(),
                controlUiEmbed: fc.boolean(),
              },
              { requiredKeys: [] },
            ),
            acpHints: fc.array(text, { maxLength: 2 }),
          },
          { requiredKeys: ["id", "chatType"] },
        ),
        sender: text,
        model: fc.record({
          id: fc.constantFrom("gpt-5", "gpt-5.5", "gpt-5.4-mini"),
          provider: fc.constantFrom("openai", "codex"),
        }),
        time: fc.record(
          {
            date: fc.constantFrom("2026-09-06", "2027-01-01"),
            time: fc.constantFrom("00:00", "23:59"),
            timeZone: fc.constantFrom("Europe/Berlin", "UTC"),
          },
          { requiredKeys: ["date", "timeZone"] },
        ),
        runtime: fc.record(
          { host: text, os: text, node: text, repoRoot: text, sessionKey: text },
          { requiredKeys: ["host", "os", "node"] },
        ),
        thinkingLevel: fc.constantFrom("off", "minimal", "low", "medium", "high", "ultra"),
        reasoning: fc.constantFrom("off", "on", "stream"),
        elevation: fc.constantFrom("off", "on", "ask", "full"),
        groupContext: text,
        autoReply: fc.boolean(),
        allowGroupSilence: fc.boolean(),
        projectMemoryFacts: fc.array(text, { maxLength: 2 }),
      },
      { requiredKeys: [] },
    );
    const stablePrefix = (patch: Record<string, unknown>) =>
      toModelText(
        buildConfiguredAgentSystemPrompt({ config: rich, agentId: "main", facts: withFacts(patch) })
          .prompt,
      ).stable;
    const reference = stablePrefix({});
    fc.assert(
      fc.property(volatileFacts, (patch) => {
        expect(stablePrefix(patch)).toBe(reference);
      }),
      { numRuns: 150 },
    );
  });

  it("warns when the facts' time zone differs from the configured userTimezone", () => {
    const zoned = parseConfig({
      agents: {
        defaults: { userTimezone: "Europe/Berlin" },
        entries: { main: {}, ops: { userTimezone: "Asia/Tokyo" } },
      },
    }).config;
    const render = (agentId: string, timeZone: string) =>
      buildConfiguredAgentSystemPrompt({
        config: zoned,
        agentId,
        facts: withFacts({ time: { date: "2026-09-06", timeZone } }),
      });
    expect(render("main", "Europe/Berlin").diagnostics).toEqual([]);
    expect(render("ops", "Asia/Tokyo").diagnostics).toEqual([]);

    const mismatch = render("main", "America/New_York");
    expect(mismatch.diagnostics).toEqual([
      {
        code: "CONFIG_TIME_ZONE_MISMATCH",
        severity: "warning",
        path: "agents.defaults.userTimezone",
        message:
          'run facts time.timeZone "America/New_York" differs from agents.defaults.userTimezone "Europe/Berlin"; the time context shows the facts\' date and zone',
        hint: "Have the runtime format time.date and time.time in Europe/Berlin, or change agents.defaults.userTimezone.",
      },
    ]);
    expect(section(mismatch.prompt, "time_context")?.text).toContain("America/New_York");
    expect(render("ops", "Europe/Berlin").diagnostics[0]?.path).toBe(
      "agents.entries.ops.userTimezone",
    );
  });

  it("warns when the facts carry heartbeat results the prompt does not explain", () => {
    const runtimeContext = {
      heartbeats: [{ id: "hb-1", finishedAt: "07:00", outcome: "alerted", summary: "Disk full." }],
    };
    const scheduled = parseConfig({ agents: { defaults: { heartbeat: { every: "1h" } } } }).config;
    const render = (patch: Record<string, unknown>, withConfig = scheduled) =>
      buildConfiguredAgentSystemPrompt({
        config: withConfig,
        agentId: "main",
        facts: withFacts(patch),
      });
    const enabled = render({ runtimeContext });
    expect(enabled.diagnostics).toEqual([]);
    expect(section(enabled.prompt, "runtime_context")?.text).toContain("`heartbeat_results`");

    const unscheduled = render({ runtimeContext }, config);
    expect(unscheduled.diagnostics).toEqual([
      {
        code: "CONFIG_HEARTBEATS_NOT_ENABLED",
        severity: "warning",
        message:
          "run facts carry runtimeContext.heartbeats, but heartbeat.every is not set for this agent; the carrier lists them, but the prompt does not explain them",
        path: "runtimeContext.heartbeats",
        hint: "Set agents.defaults.heartbeat.every (or the agent's own), or leave runtimeContext.heartbeats out.",
      },
    ]);
    expect(unscheduled.prompt.text).not.toContain("heartbeat_results");
    const subagent = render({ runtimeContext, sessionKind: "subagent" });
    expect(subagent.diagnostics).toEqual([
      {
        code: "CONFIG_HEARTBEATS_NOT_ENABLED",
        severity: "warning",
        message:
          "run facts carry runtimeContext.heartbeats in a sub-agent session; the carrier lists them, but the prompt does not explain them there",
        path: "runtimeContext.heartbeats",
        hint: "Leave runtimeContext.heartbeats out of sub-agent facts.",
      },
    ]);
    expect(render({}, config).diagnostics).toEqual([]);
  });

  it("treats two spellings of the same zone as equal", () => {
    const utc = parseConfig({ agents: { defaults: { userTimezone: "Etc/UTC" } } }).config;
    const result = buildConfiguredAgentSystemPrompt({
      config: utc,
      agentId: "main",
      facts: withFacts({ time: { date: "2026-09-06", timeZone: "UTC" } }),
    });
    expect(result.diagnostics).toEqual([]);
  });

  it("reports an agent id without an entry", () => {
    const withEntries = parseConfig({ agents: { entries: { ops: { workspace: "/ops" } } } }).config;
    const result = buildConfiguredAgentSystemPrompt({
      config: withEntries,
      agentId: "main",
      facts,
    });
    expect(result.diagnostics).toEqual([
      {
        code: "CONFIG_UNKNOWN_AGENT",
        severity: "info",
        message: 'agent "main" has no agents.entries entry; agents.defaults apply',
        path: "agents.entries.main",
      },
    ]);
  });

  it("reports no unknown agent when agents.entries is empty", () => {
    const noEntries = parseConfig({ agents: { entries: {} } }).config;
    expect(
      buildConfiguredAgentSystemPrompt({ config: noEntries, agentId: "main", facts }).diagnostics,
    ).toEqual([]);
  });
});
