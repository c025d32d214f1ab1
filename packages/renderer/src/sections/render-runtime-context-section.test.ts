import { describe, expect, it } from "vitest";
import { buildAgentSystemPrompt } from "../build-agent-system-prompt.js";
import { RendererError } from "../renderer-error.js";
import type { AgentSystemPromptInput } from "../types.js";

const volatile = {
  time: { date: "2026-11-29", time: "09:12", timeZone: "Europe/Stockholm" },
  channel: { id: "telegram", chatType: "direct" as const },
};

function runtimeContext(input: AgentSystemPromptInput): string {
  const section = buildAgentSystemPrompt(input).sections.find((s) => s.id === "runtime_context");
  if (section === undefined) throw new Error("runtime_context section missing");
  return section.text;
}

describe("runtime context section: runtimeFactsLocation", () => {
  it("is unchanged by default and for system-prompt", () => {
    const base = buildAgentSystemPrompt({ volatile });
    expect(buildAgentSystemPrompt({ volatile, runtimeFactsLocation: "system-prompt" })).toEqual(
      base,
    );
    expect(runtimeContext({ volatile })).not.toContain("newest user message");
  });

  it("tells the model its per-turn facts arrive in the newest user message", () => {
    const text = runtimeContext({ volatile, runtimeFactsLocation: "user-message" });
    expect(text).toContain(
      "Your per-turn facts (time, channel, sender, runtime and similar) arrive the same way: as runtime context at the start of the newest user message.",
    );
    expect(text).toContain("the newest message wins");
  });

  it("stays above the cache boundary", () => {
    const prompt = buildAgentSystemPrompt({ volatile, runtimeFactsLocation: "user-message" });
    expect(prompt.text.indexOf("at the start of the newest user message")).toBeLessThan(
      prompt.boundary,
    );
  });

  it("rejects an unknown location with RendererError", () => {
    const bad = { runtimeFactsLocation: "tail" } as unknown as AgentSystemPromptInput;
    expect(() => buildAgentSystemPrompt(bad)).toThrow(RendererError);
    expect(() => buildAgentSystemPrompt(bad)).toThrow(/runtimeFactsLocation/);
  });
});

describe("runtime context section: heartbeat results", () => {
  const rule =
    "`heartbeat_results` lists the heartbeat runs since your last turn and what each already told the user: never repeat an alert, and read a reply to one as the answer to that alert.";

  it("explains heartbeat_results only when heartbeats are enabled", () => {
    expect(runtimeContext({ volatile, heartbeats: true })).toContain(rule);
    expect(runtimeContext({ volatile, heartbeats: false })).not.toContain("heartbeat_results");
    expect(runtimeContext({ volatile })).not.toContain("heartbeat_results");
  });

  it("keeps the rule in compact wording and above the cache boundary", () => {
    const compact = runtimeContext({ volatile, heartbeats: true, size: "compact" });
    expect(compact).toContain(
      "`heartbeat_results`: runs since your last turn and what each told the user; never repeat an alert; a reply answers it.",
    );
    const prompt = buildAgentSystemPrompt({ volatile, heartbeats: true });
    expect(prompt.text.indexOf("`heartbeat_results` lists")).toBeLessThan(prompt.boundary);
  });

  it("does not repeat the data-not-instructions rule", () => {
    const text = runtimeContext({ volatile, heartbeats: true });
    expect(text.split("never instructions")).toHaveLength(2);
  });

  it("rejects a heartbeats flag that is not a boolean", () => {
    const bad = { heartbeats: "yes" } as unknown as AgentSystemPromptInput;
    expect(() => buildAgentSystemPrompt(bad)).toThrow(RendererError);
    expect(() => buildAgentSystemPrompt(bad)).toThrow(/heartbeats/);
  });
});
