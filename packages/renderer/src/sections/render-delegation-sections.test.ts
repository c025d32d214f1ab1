import { describe, expect, it } from "vitest";
import type { AgentSystemPromptInput } from "../types.js";
import { renderSectionText } from "../../test/render-section-text.js";

const spawn = [{ name: "sessions_spawn" }];
const has = (input: AgentSystemPromptInput, id: string) =>
  renderSectionText(input, id) !== undefined;

describe("delegation (SPEC §2.7)", () => {
  it("defaults to prefer in main sessions and suggest elsewhere", () => {
    expect(has({ tools: spawn, sessionKind: "main" }, "delegation")).toBe(true);
    expect(has({ tools: spawn, sessionKind: "group" }, "delegation")).toBe(false);
    expect(has({ tools: spawn }, "delegation")).toBe(false);
  });

  it("lets an explicit mode beat the session default", () => {
    expect(
      has({ tools: spawn, sessionKind: "main", delegationMode: "suggest" }, "delegation"),
    ).toBe(false);
    expect(
      has({ tools: spawn, sessionKind: "group", delegationMode: "prefer" }, "delegation"),
    ).toBe(true);
  });

  it("needs sessions_spawn", () => {
    expect(has({ delegationMode: "prefer" }, "delegation")).toBe(false);
  });

  it("adds orchestration only at ultra with sessions_spawn", () => {
    expect(
      has({ tools: spawn, volatile: { thinkingLevel: "ultra" } }, "proactive_orchestration"),
    ).toBe(true);
    expect(has({ volatile: { thinkingLevel: "ultra" } }, "proactive_orchestration")).toBe(false);
  });
});

describe("delegation and orchestration text", () => {
  it("in full size: one line per rule", () => {
    expect(renderSectionText({ sessionKind: "main", tools: spawn }, "delegation")).toBe(
      [
        "## Delegation",
        "Stay responsive: hand longer work to sub-agents instead of blocking the conversation.",
        "Use hidden sub-agents for internal chores the user does not need to watch.",
        "Use a visible side session for work the user will follow or come back to.",
      ].join("\n"),
    );
    expect(
      renderSectionText(
        { tools: spawn, volatile: { thinkingLevel: "ultra" } },
        "proactive_orchestration",
      ),
    ).toBe(
      [
        "## Proactive Sub-agent Orchestration",
        "Run independent investigation, implementation and verification in parallel sub-agents.",
        "Keep simple or tightly coupled work local.",
        "Give each sub-agent one bounded goal and a clear deliverable.",
        "Synthesize their results before you reply.",
      ].join("\n"),
    );
  });

  it("in compact size: every rule in one line", () => {
    expect(
      renderSectionText({ size: "compact", sessionKind: "main", tools: spawn }, "delegation"),
    ).toBe(
      "Stay responsive: longer work to sub-agents, hidden for chores, visible side sessions when the user follows.",
    );
    expect(
      renderSectionText(
        { size: "compact", tools: spawn, volatile: { thinkingLevel: "ultra" } },
        "proactive_orchestration",
      ),
    ).toBe(
      "Run independent investigation, implementation and verification in parallel sub-agents; keep simple or tightly coupled work local; one bounded goal and deliverable each; synthesize before replying.",
    );
  });
});
