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
