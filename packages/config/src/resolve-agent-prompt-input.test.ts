import { describe, expect, it } from "vitest";
import { parseConfig } from "./parse-config.js";
import { parseRunFacts } from "./parse-run-facts.js";
import {
  mergeProviderContributions,
  resolveAgentPromptInput,
} from "./resolve-agent-prompt-input.js";
import { resolveProductProfile } from "./resolve-product-profile.js";
import { toAgentSystemPromptInput } from "./to-agent-system-prompt-input.js";

const facts = parseRunFacts({
  sessionKind: "main",
  tools: [{ name: "read", description: "Read a file." }],
  model: { id: "claude-x", provider: "anthropic" },
  channel: { id: "cli", chatType: "direct" },
  time: { date: "2026-09-06", time: "14:05", timeZone: "UTC" },
  runtime: { host: "h", os: "linux", node: "v20.19.0" },
});

describe("resolveAgentPromptInput (issue 36)", () => {
  it("lets the caller's promptSize beat the config's systemPrompt.size", () => {
    const config = parseConfig({ agents: { defaults: { systemPrompt: { size: "full" } } } }).config;
    const run = (promptSize?: "compact" | "full") =>
      resolveAgentPromptInput({
        config,
        agentId: "main",
        facts,
        ...(promptSize === undefined ? {} : { promptSize }),
      }).resolved.promptSize;
    expect(run("compact")).toBe("compact");
    expect(run()).toBe("full");
  });

  it("passes the configured profile and sections and the caller's bootstrapPending to the renderer input", () => {
    const config = parseConfig({
      agents: { defaults: { profile: "neutral", sections: { disable: ["safety"] } } },
    }).config;
    const { input } = resolveAgentPromptInput({
      config,
      agentId: "main",
      facts,
      bootstrapPending: false,
    });
    expect(input.profile).toEqual(resolveProductProfile("neutral"));
    expect(input.sections).toBeDefined();
    expect(input.bootstrapPending).toBe(false);
    const plainResult = resolveAgentPromptInput({ config: {}, agentId: "main", facts });
    const plain = plainResult.input;
    // No caller inputs, no profile or sections, no GPT-5 model: the facts' mapping and nothing else.
    expect(plain).toStrictEqual(toAgentSystemPromptInput(facts, plainResult.resolved));
    expect(plain).not.toHaveProperty("profile");
    expect(plain).not.toHaveProperty("sections");
    expect(plain).not.toHaveProperty("bootstrapPending");
  });
});

describe("resolveAgentPromptInput overrides", () => {
  const config = parseConfig({
    agents: { defaults: { workspace: "/w", ownerDisplay: "Dana" } },
  }).config;

  it("replaces only the keys the caller gives, merges volatile, and skips undefined values", () => {
    const base = resolveAgentPromptInput({ config, agentId: "main", facts }).input;
    // An explicit undefined is what a JavaScript caller can pass; exact optional types forbid it.
    const overrides: Record<string, unknown> = {
      ownerDisplay: "Caller",
      workspaceDir: undefined,
      volatile: { sender: "Sam" },
    };
    expect(
      resolveAgentPromptInput({ config, agentId: "main", facts, overrides }).input,
    ).toStrictEqual({
      ...base,
      ownerDisplay: "Caller",
      volatile: { ...base.volatile, sender: "Sam" },
    });
    expect(base.workspaceDir).toBe("/w");
  });
});

describe("mergeProviderContributions", () => {
  it("returns the other contribution as it is when one is missing", () => {
    const only = { stablePrefix: "B", sectionOverrides: { tool_call_style: "T" } };
    expect(mergeProviderContributions(undefined, only)).toBe(only);
    expect(mergeProviderContributions(only, undefined)).toBe(only);
    expect(mergeProviderContributions(undefined, undefined)).toBeUndefined();
  });

  it("keeps the later section overrides when the earlier contribution has none", () => {
    expect(
      mergeProviderContributions(
        { stablePrefix: "A" },
        { sectionOverrides: { interaction_style: "B" }, dynamicSuffix: "C" },
      ),
    ).toStrictEqual({
      sectionOverrides: { interaction_style: "B" },
      stablePrefix: "A",
      dynamicSuffix: "C",
    });
    expect(
      mergeProviderContributions(
        { sectionOverrides: { execution_bias: "E" }, stablePrefix: "A" },
        { sectionOverrides: { execution_bias: "L" }, stablePrefix: "B" },
      ),
    ).toStrictEqual({ sectionOverrides: { execution_bias: "L" }, stablePrefix: "A\n\nB" });
    expect(mergeProviderContributions({ stablePrefix: "A" }, { dynamicSuffix: "C" })).toStrictEqual(
      {
        stablePrefix: "A",
        dynamicSuffix: "C",
      },
    );
    expect(
      mergeProviderContributions(
        { sectionOverrides: { execution_bias: "E" } },
        { dynamicSuffix: "C" },
      ),
    ).toStrictEqual({ sectionOverrides: { execution_bias: "E" }, dynamicSuffix: "C" });
    expect(
      mergeProviderContributions({ dynamicSuffix: "X" }, { dynamicSuffix: "Y" }),
    ).toStrictEqual({
      dynamicSuffix: "X\n\nY",
    });
  });
});
