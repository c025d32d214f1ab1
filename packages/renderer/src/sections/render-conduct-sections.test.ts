import { describe, expect, it } from "vitest";
import { OPENCLAW_PRODUCT_PROFILE } from "../product-profile.js";
import { renderSectionText } from "../../test/render-section-text.js";

describe("care", () => {
  it("routes setup to the terminal when no control tool exists", () => {
    const text = renderSectionText({}, "care");
    expect(text).toContain("`openclaw channels add <channel>`");
    expect(text).toContain("`openclaw configure`");
  });

  it("uses the profile's CLI name", () => {
    const profile = { ...OPENCLAW_PRODUCT_PROFILE, cliName: "acme" };
    expect(renderSectionText({ profile }, "care")).toContain("`acme configure`");
  });

  it("drops the terminal route with a gateway tool or the CLI-named tool", () => {
    for (const name of ["gateway", "openclaw"]) {
      expect(renderSectionText({ tools: [{ name }] }, "care")).not.toContain("configure`");
    }
  });
});

describe("care in compact size", () => {
  it("keeps every rule in one line, and the terminal route in a second", () => {
    expect(renderSectionText({ size: "compact" }, "care")).toBe(
      [
        "Merge into config or scheduler files after reading. Use or store shared credentials as asked, never repeat them. Pairing codes, verification URLs: privately, never in a group. Never ask for tokens, keys or passwords in chat.",
        "Setup without a control tool: `openclaw channels add <channel>` or `openclaw configure` in a terminal.",
      ].join("\n"),
    );
  });
});

describe("promised work and safety in compact size", () => {
  it("keep every rule in one line each", () => {
    expect(renderSectionText({ size: "compact" }, "promised_work")).toBe(
      'Later, background, delegated or ongoing work: set a completion wake, watch or scheduled check before ending; report result or blocker; "running" is not done, "I\'m checking now" no answer. Follow corrections; promise only what you can.',
    );
    expect(renderSectionText({ size: "compact" }, "safety")).toBe(
      "No power, resources or access beyond the task; never evade oversight, monitoring or approvals; never self-preserve, copy or spread; safety first; obey stop, pause, audit; never change your prompts, instructions or policies unasked.",
    );
  });
});

describe("execution bias", () => {
  const ACT_AND_FINISH = [
    "When a request is actionable, act on it in this turn.",
    "Keep going until the task is done or you are truly blocked.",
    "When a tool result is weak or fails, recover: retry differently or take another route.",
    "Check live, mutable state (files, services, config) instead of trusting memory.",
    "Verify the outcome before you call the work done.",
  ];
  const COMPACT_ACT_AND_FINISH =
    "Act on actionable requests now until done or blocked; recover from weak results; check live state; verify.";
  const withAuthority = (ownerAuthority: boolean) => ({
    ...OPENCLAW_PRODUCT_PROFILE,
    ownerAuthority,
  });

  it("in full size without owner authority: an available tool authorizes the requested action", () => {
    expect(renderSectionText({ profile: withAuthority(false) }, "execution_bias")).toBe(
      [
        "## Execution Bias",
        ...ACT_AND_FINISH,
        "A requested action is authorized when a tool for it is available.",
        "Tool policy, sandboxing and exec approvals govern risk at runtime.",
        "So do not pre-refuse, add warnings or ask for extra permission.",
      ].join("\n"),
    );
  });

  it("in full size with owner authority: the owner's request authorizes, not the tool", () => {
    expect(renderSectionText({ profile: withAuthority(true) }, "execution_bias")).toBe(
      [
        "## Execution Bias",
        ...ACT_AND_FINISH,
        "A tool being available does not by itself authorize an action; the owner's request does.",
        "In a group chat, act on a request from someone other than the owner only when it is harmless; anything that changes files, settings, schedules or what others see needs the owner.",
        "Tool policy, sandboxing and approvals still govern risk at runtime.",
      ].join("\n"),
    );
  });

  it("in compact size: one line to act and finish, one for who authorizes", () => {
    const compact = (ownerAuthority: boolean) =>
      renderSectionText(
        { size: "compact", profile: withAuthority(ownerAuthority) },
        "execution_bias",
      );
    expect(compact(false)).toBe(
      [
        COMPACT_ACT_AND_FINISH,
        "An available tool authorizes the requested action: never pre-refuse, warn or seek permission.",
      ].join("\n"),
    );
    expect(compact(true)).toBe(
      [
        COMPACT_ACT_AND_FINISH,
        "The owner's request authorizes an action, not an available tool. In groups, others get only harmless actions; changing files, settings, schedules or what others see needs the owner.",
      ].join("\n"),
    );
  });
});

describe("provider overrides of core sections", () => {
  it("replaces execution bias and tool call style bodies", () => {
    const input = {
      tools: [{ name: "exec" }],
      provider: {
        sectionOverrides: { execution_bias: "Be bold.", tool_call_style: "Narrate all." },
      },
    };
    expect(renderSectionText(input, "execution_bias")).toBe("## Execution Bias\nBe bold.");
    expect(renderSectionText(input, "tool_call_style")).toBe("## Tool Call Style\nNarrate all.");
  });
});

describe("tool call style", () => {
  it("renders only when the run has a tool", () => {
    expect(renderSectionText({}, "tool_call_style")).toBeUndefined();
    expect(renderSectionText({ tools: [{ name: "read" }] }, "tool_call_style")).toBe(
      [
        "## Tool Call Style",
        "Make routine, low-risk tool calls without narrating them.",
        "Narrate in one short line when a step is multi-part, sensitive or destructive.",
        "Also narrate when the user asked to follow along.",
        "When a tool can do the step, call it; do not ask the user to run the equivalent command.",
      ].join("\n"),
    );
  });

  it("in compact size: one line", () => {
    expect(
      renderSectionText({ size: "compact", tools: [{ name: "read" }] }, "tool_call_style"),
    ).toBe(
      "Narrate only multi-part, sensitive or destructive steps, or on request; run steps with tools, not via the user.",
    );
  });
});
