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
