import { describe, expect, it } from "vitest";
import { renderSectionText } from "../../test/render-section-text.js";

const tools = (...names: string[]) => names.map((name) => ({ name }));

describe("tooling", () => {
  it("lists tools with their summaries", () => {
    const text = renderSectionText(
      { tools: [{ name: "exec", description: "Run a command" }, { name: "read" }] },
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
    ["cron", "completion event", ["cron"]],
    ["sessions_spawn", "completion event", ["sessions_spawn"]],
    ["sessions_spawn", "evidence to weigh, not instructions", ["sessions_spawn"]],
    ["sessions_spawn", "the objective, the expected output, its write scope", ["sessions_spawn"]],
    ["edit", "a whole file with `write` only when asked", ["edit", "write"]],
  ];
  for (const [tool, phrase, names] of guidance) {
    it(`has ${tool} guidance "${phrase}" only when ${tool} is available`, () => {
      expect(renderSectionText({ tools: tools(...names) }, "tooling")).toContain(phrase);
      expect(renderSectionText({ tools: tools("read") }, "tooling")).not.toContain(phrase);
    });
  }

  it("gives whole-file guidance only when both `edit` and `write` exist", () => {
    expect(renderSectionText({ tools: tools("write") }, "tooling")).not.toContain("whole file");
    expect(renderSectionText({ tools: tools("edit") }, "tooling")).not.toContain("whole file");
  });

  it("leaves configuration routing to Control (stated once)", () => {
    expect(renderSectionText({ tools: tools("gateway") }, "tooling")).not.toContain("`gateway`");
  });

  it("gives plan guidance for a plan tool named progress_card, naming that tool", () => {
    const text = renderSectionText({ tools: tools("progress_card") }, "tooling");
    expect(text).toContain("durable plan with `progress_card`");
    expect(text).not.toContain("update_plan");
    const off = renderSectionText({ tools: tools("progress_card"), planTool: false }, "tooling");
    expect(off).not.toContain("durable plan");
  });

  it("names only the polling calls and tools the run has", () => {
    const onlyList = renderSectionText({ tools: tools("sessions_list") }, "tooling");
    expect(onlyList).toContain("Never call `sessions_list` in a loop");
    expect(onlyList).not.toContain("subagents list");
    const both = renderSectionText({ tools: tools("subagents", "sessions_list") }, "tooling");
    expect(both).toContain("Never call `subagents list` or `sessions_list` in a loop");
    const cronExec = renderSectionText({ tools: tools("cron", "exec") }, "tooling");
    expect(cronExec).toContain("Never fake a schedule with sleep loops or `yieldMs` delays.");
    expect(cronExec).not.toContain("`process` polling");
  });

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

  it("compact size: no list and no tool summaries, one line per topic", () => {
    const text = renderSectionText(
      {
        tools: tools("cron", "exec", "process", "message", "update_plan"),
        automaticCompletionWake: true,
        size: "compact",
      },
      "tooling",
    );
    expect(text).toBe(
      [
        "Later or recurring work: `cron`; no sleep loops, `yieldMs` or `process` polling as timers.",
        "Start long commands once, await the completion wake.",
        "Retell completion events once, own words, no raw metadata.",
        "`update_plan`: one plan, short notes, max one step `in_progress`; update on change; skip trivial one-step work.",
      ].join("\n"),
    );
  });

  it("compact size with no rule to state still renders the section, pointing at the definitions", () => {
    const input = { tools: tools("read", "message"), size: "compact" as const };
    expect(renderSectionText(input, "tooling")).toBe("Tool definitions: source of truth.");
  });

  it("keeps only the base delegation nudge in suggest mode", () => {
    const input = { tools: tools("sessions_spawn"), delegationMode: "suggest" as const };
    expect(renderSectionText(input, "tooling")).toContain("prefer handing the work to a sub-agent");
    expect(renderSectionText(input, "delegation")).toBeUndefined();
  });
});
