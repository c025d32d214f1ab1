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
      // Stray spaces around either value, as a config file may hold them.
      [" gpt-5 ", " codex "],
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
    // The prose itself lives in the snapshot file (`vitest -u` rewrites it after an edit).
    const full = resolve({ modelId: "gpt-5", provider: "openai", size: "full" });
    const compact = resolve({ modelId: "gpt-5", provider: "codex", size: "compact" });
    expect({ full, compact }).toMatchSnapshot();
    expect(
      resolve({ modelId: "gpt-5", provider: "openai", size: "compact", personality: "off" }),
    ).toEqual({ stablePrefix: compact!.stablePrefix });
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
