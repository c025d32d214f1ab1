import { describe, expect, it } from "vitest";
import { parseConfig } from "./parse-config.js";
import { parseRunFacts } from "./parse-run-facts.js";
import { resolveAgentSystemPromptConfig } from "./resolve-agent-system-prompt-config.js";
import { toAgentSystemPromptInput } from "./to-agent-system-prompt-input.js";
import { readTelegramFactsJson } from "../test/read-telegram-facts.js";

const facts = parseRunFacts(readTelegramFactsJson());

describe("toAgentSystemPromptInput", () => {
  it("enables heartbeats from heartbeat.every (not in sub-agents), never from the carrier", () => {
    const scheduled = parseConfig({ agents: { defaults: { heartbeat: { every: "30m" } } } }).config;
    const unscheduled = parseConfig({
      agents: { defaults: { heartbeat: { file: "P.md" } } },
    }).config;
    const resolve = (config: typeof scheduled) =>
      resolveAgentSystemPromptConfig(config, { agentId: "main", sessionKind: "main" });
    expect(toAgentSystemPromptInput(facts, resolve(scheduled)).heartbeats).toBe(true);
    expect("heartbeats" in toAgentSystemPromptInput(facts, resolve(unscheduled))).toBe(false);
    const subagent = { ...facts, sessionKind: "subagent" as const };
    expect("heartbeats" in toAgentSystemPromptInput(subagent, resolve(scheduled))).toBe(false);
    const heartbeatTurn = {
      ...facts,
      sessionKind: "heartbeat" as const,
      runtimeContext: { heartbeats: [{ id: "h", finishedAt: "t", outcome: "ok" as const }] },
    };
    expect("heartbeats" in toAgentSystemPromptInput(heartbeatTurn, resolve(unscheduled))).toBe(
      false,
    );
  });

  it("maps facts and resolved config onto the renderer input", () => {
    const config = parseConfig({
      agents: { defaults: { workspace: "/w", ownerDisplay: "Dana", models: { fast: "m" } } },
      tools: { updatePlan: false },
    }).config;
    const resolved = resolveAgentSystemPromptConfig(config, {
      agentId: "main",
      sessionKind: "main",
    });
    const input = toAgentSystemPromptInput(facts, resolved);
    expect(input).toMatchObject({
      mode: "full",
      sessionKind: "main",
      planTool: false,
      delegationMode: "prefer",
      workspaceDir: "/w",
      ownerDisplay: "Dana",
      modelAliases: [{ alias: "fast", model: "m" }],
      memoryRecall: { citations: "auto" },
    });
    expect(input.tools?.[0]).toEqual({ name: "read", description: "Read a file." });
    expect(input.volatile?.channel).toEqual({
      id: "telegram",
      chatType: "direct",
      nativeApprovals: true,
      collapsibleDetails: false,
      messageToolOnly: false,
      reactions: "minimal",
      voice: true,
      controlUiEmbed: false,
    });
    expect(input.volatile?.runtime).toEqual({
      host: "gw-1",
      agentId: "main",
      os: "linux 6.8",
      node: "v20.19.0",
      model: "gpt-5.5",
      repoRoot: "/srv/agents/main",
      sessionKey: "agent:main:telegram:direct:42",
    });
    expect(input.volatile?.time).toEqual({
      date: "2026-09-06",
      time: "14:05",
      timeZone: "Europe/Berlin",
    });
    expect(input.volatile).not.toHaveProperty("presentationTools");
  });

  it("puts shell, arch and a differing default model on the Runtime line facts", () => {
    const resolved = resolveAgentSystemPromptConfig({}, { agentId: "ops", sessionKind: "main" });
    const runtime = (defaultModel: string) =>
      toAgentSystemPromptInput(
        { ...facts, runtime: { ...facts.runtime, shell: "zsh", arch: "arm64", defaultModel } },
        resolved,
      ).volatile?.runtime;
    expect(runtime("gpt-5.5-mini")).toMatchObject({
      agentId: "ops",
      shell: "zsh",
      arch: "arm64",
      model: "gpt-5.5",
      defaultModel: "gpt-5.5-mini",
    });
    // The same model as this turn's is no news.
    expect(runtime("gpt-5.5")).not.toHaveProperty("defaultModel");
  });

  it("names presentation tools only when the channel can show them", () => {
    const resolved = resolveAgentSystemPromptConfig({}, { agentId: "main", sessionKind: "main" });
    const presentationTools = (presentation: boolean, names?: string[]) =>
      toAgentSystemPromptInput(
        {
          ...facts,
          channel: {
            ...facts.channel,
            capabilities: { ...facts.channel.capabilities, presentation },
          },
          ...(names === undefined ? {} : { presentationTools: names }),
        },
        resolved,
      ).volatile?.presentationTools;
    expect(presentationTools(true, ["canvas"])).toEqual(["canvas"]);
    // A capable renderer without a callable presentation tool: nothing to present with.
    expect(presentationTools(true)).toBeUndefined();
    expect(presentationTools(false, ["canvas"])).toBeUndefined();
  });

  it("never emits undefined-valued keys", () => {
    const resolved = resolveAgentSystemPromptConfig({}, { agentId: "x", sessionKind: "group" });
    const input = toAgentSystemPromptInput(facts, resolved);
    const walk = (value: unknown, path: string): void => {
      if (typeof value !== "object" || value === null) return;
      for (const [key, child] of Object.entries(value)) {
        expect(child, `${path}.${key}`).not.toBeUndefined();
        walk(child, `${path}.${key}`);
      }
    };
    walk(input, "input");
    expect(input).not.toHaveProperty("modelAliases");
    expect(input).not.toHaveProperty("workspaceDir");
  });
});

describe("toAgentSystemPromptInput: optional facts and compact size (issue 36)", () => {
  it("passes tool guidance, docs, sandbox and the compact size through", () => {
    const resolved = resolveAgentSystemPromptConfig(
      parseConfig({ agents: { defaults: { systemPrompt: { size: "compact" } } } }).config,
      { agentId: "main", sessionKind: "main" },
    );
    const input = toAgentSystemPromptInput(
      parseRunFacts({
        sessionKind: "main",
        tools: [
          { name: "exec", description: "Run a command.", guidance: ["Prefer short commands."] },
          { name: "read" },
        ],
        model: { id: "m", provider: "p" },
        channel: { id: "cli", chatType: "direct" },
        time: { date: "2026-09-06", timeZone: "UTC" },
        runtime: { host: "h", os: "linux", node: "v20.19.0" },
        docs: { localDocsPath: "/d" },
        sandbox: { enabled: true, containerWorkdir: "/workspace" },
      }),
      resolved,
    );
    expect(input.size).toBe("compact");
    expect(input.tools).toStrictEqual([
      { name: "exec", description: "Run a command.", guidance: ["Prefer short commands."] },
      { name: "read" },
    ]);
    expect(input.docs).toEqual({ localDocsPath: "/d" });
    expect(input.sandbox).toEqual({ enabled: true, containerWorkdir: "/workspace" });
    const plain = toAgentSystemPromptInput(
      facts,
      resolveAgentSystemPromptConfig({}, { agentId: "main", sessionKind: "main" }),
    );
    expect(plain.size).toBeUndefined();
    expect(plain.docs).toBeUndefined();
    expect(plain.sandbox).toBeUndefined();
  });
});
