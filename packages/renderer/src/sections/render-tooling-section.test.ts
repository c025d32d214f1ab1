import { describe, expect, it } from "vitest";
import { renderSectionText } from "../../test/render-section-text.js";

const tools = (...names: string[]) => names.map((name) => ({ name }));

describe("tooling", () => {
  it("lists tools with their summaries", () => {
    const text = renderSectionText(
      { tools: [{ name: "exec", summary: "Run a command" }, { name: "read" }] },
      "tooling",
    );
    expect(text).toContain("- exec: Run a command\n- read\n");
  });

  const guidance: readonly [string, string, string[]][] = [
    ["cron", "with `cron`", ["cron"]],
    ["exec", "Use `exec` only", ["exec"]],
    ["process", "Use `process`", ["process"]],
    ["sessions_spawn", "`sessions_spawn`.", ["sessions_spawn"]],
    ["subagents", "in a loop", ["subagents"]],
    ["update_plan", "`update_plan`", ["update_plan"]],
    ["message", "Use `message`", ["message"]],
    ["gateway", "Use `gateway`", ["gateway"]],
  ];
  for (const [tool, phrase, names] of guidance) {
    it(`has ${tool} guidance only when ${tool} is available`, () => {
      expect(renderSectionText({ tools: tools(...names) }, "tooling")).toContain(phrase);
      expect(renderSectionText({ tools: tools("read") }, "tooling")).not.toContain(phrase);
    });
  }

  it("drops plan guidance when the plan tool is disabled", () => {
    const text = renderSectionText({ tools: tools("update_plan"), planTool: false }, "tooling");
    expect(text).not.toContain("durable plan");
  });

  it("mentions the completion wake only when enabled", () => {
    const on = renderSectionText(
      { tools: tools("exec"), automaticCompletionWake: true },
      "tooling",
    );
    const off = renderSectionText({ tools: tools("exec") }, "tooling");
    expect(on).toContain("completion wake");
    expect(off).not.toContain("completion wake");
  });

  it("follows the sub-agent completion mode", () => {
    const collect = renderSectionText(
      { tools: tools("sessions_spawn"), subagentCompletionMode: "collect" },
      "tooling",
    );
    const announce = renderSectionText(
      { tools: tools("sessions_spawn"), subagentCompletionMode: "announce" },
      "tooling",
    );
    expect(collect).toContain("collect their results explicitly");
    expect(announce).toContain("announce completion");
  });

  it("keeps only the base delegation nudge in suggest mode", () => {
    const input = { tools: tools("sessions_spawn"), delegationMode: "suggest" as const };
    expect(renderSectionText(input, "tooling")).toContain("prefer handing the work to a sub-agent");
    expect(renderSectionText(input, "delegation")).toBeUndefined();
  });
});
