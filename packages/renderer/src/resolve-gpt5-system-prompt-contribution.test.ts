import { thrownBy } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { resolveGpt5SystemPromptContribution as resolve } from "./resolve-gpt5-system-prompt-contribution.js";

describe("resolveGpt5SystemPromptContribution", () => {
  it("applies to gpt-5* via openai or codex, case-insensitively", () => {
    for (const [modelId, provider] of [
      ["gpt-5", "openai"],
      ["gpt-5.5", "Codex"],
      ["GPT-5-mini", "OPENAI"],
      ["openai/gpt-5.5", "openai"],
    ] as const) {
      expect(resolve({ modelId, provider })?.stablePrefix).toContain("Behaviour Contract");
    }
  });

  it("does not apply to other models or providers", () => {
    expect(resolve({ modelId: "gpt-4o", provider: "openai" })).toBeUndefined();
    expect(resolve({ modelId: "gpt-5", provider: "openrouter" })).toBeUndefined();
    expect(resolve({ modelId: "claude-gpt-5", provider: "openai" })).toBeUndefined();
  });

  it("adds the friendly interaction style by default and for `on`", () => {
    const byDefault = resolve({ modelId: "gpt-5", provider: "openai" });
    const on = resolve({ modelId: "gpt-5", provider: "openai", personality: "on" });
    const friendly = resolve({ modelId: "gpt-5", provider: "openai", personality: "friendly" });
    expect(byDefault?.sectionOverrides?.interaction_style).toBeTruthy();
    expect(on).toEqual(byDefault);
    expect(friendly).toEqual(byDefault);
  });

  it("`off` drops only the style override; the contract stays", () => {
    const off = resolve({ modelId: "gpt-5", provider: "openai", personality: "off" });
    expect(off?.sectionOverrides).toBeUndefined();
    expect(off?.stablePrefix).toBe(resolve({ modelId: "gpt-5", provider: "openai" })?.stablePrefix);
  });

  it("covers every part of the behaviour contract", () => {
    const prefix = resolve({ modelId: "gpt-5", provider: "openai" })?.stablePrefix ?? "";
    for (const topic of [
      "Execution",
      "Tools",
      "Output",
      "Completion",
      "Persona",
      "Concision",
      "Parallel lookups",
      "Deliverables",
      "Verification",
      "Missing context",
      "Terminal hygiene",
    ]) {
      expect(prefix).toContain(`${topic}:`);
    }
  });

  it("gives the whole full contract and style, and their compact forms", () => {
    const fullContract = [
      "## Behaviour Contract",
      "Execution: carry a task through to its outcome in this turn; stop only when done or blocked.",
      "Tools: prefer a tool call over a guess; pass exact parameters; read results before acting on them.",
      "Parallel lookups: run independent reads and searches together, not one by one.",
      "Output: lead with the answer or the result, then only the detail the user needs.",
      "Concision: short sentences, no filler, no restating the request.",
      "Completion: report what was done, what was verified, and anything left open.",
      "Deliverables: cover every part the user asked for, or say which part is missing and why.",
      "Verification: check your work (run it, read it back) before calling it done.",
      "Missing context: look it up with the tools you have; ask only when it cannot be found.",
      "Terminal hygiene: non-interactive commands, bounded output, no stray background processes.",
      "Persona: keep the identity and voice this prompt defines; do not drift into a generic assistant.",
    ].join("\n");
    const compactContract =
      "Finish this turn unless blocked; tools over guesses, exact parameters, read results; parallel independent lookups; answer first, briefly; report done, verified, open; cover every part; look up missing context before asking; bounded non-interactive commands, no stray background processes; keep persona.";
    expect(resolve({ modelId: "gpt-5", provider: "openai", size: "full" })).toEqual({
      stablePrefix: fullContract,
      sectionOverrides: {
        interaction_style: [
          "Be warm and approachable while staying direct.",
          "Match the user's tone and language.",
          "Acknowledge the user's goal briefly, then get to work.",
        ].join("\n"),
      },
    });
    expect(resolve({ modelId: "gpt-5", provider: "codex", size: "compact" })).toEqual({
      stablePrefix: compactContract,
      sectionOverrides: {
        interaction_style:
          "Warm, direct; mirror user tone and language; brief acknowledgement, then work.",
      },
    });
    expect(
      resolve({ modelId: "gpt-5", provider: "openai", size: "compact", personality: "off" }),
    ).toEqual({ stablePrefix: compactContract });
  });

  it("rejects a size other than full or compact, naming it", () => {
    expect(
      thrownBy(() => resolve({ modelId: "gpt-5", provider: "openai", size: "medium" as "full" })),
    ).toMatchObject({
      code: "RENDERER_INVALID_INPUT",
      message:
        'resolveGpt5SystemPromptContribution: expected "full" or "compact" at options.size, got "medium".',
      path: "options.size",
      hint: 'Pass "full" or "compact" as options.size.',
    });
  });

  it("rejects an unknown personality, naming it", () => {
    expect(
      thrownBy(() =>
        resolve({ modelId: "gpt-5", provider: "openai", personality: "pragmatic" as "on" }),
      ),
    ).toMatchObject({
      code: "RENDERER_INVALID_INPUT",
      message:
        'resolveGpt5SystemPromptContribution: expected "friendly", "on" or "off" at options.personality, got "pragmatic".',
      path: "options.personality",
      hint: 'Pass "friendly", "on" or "off" as options.personality.',
    });
  });
});
