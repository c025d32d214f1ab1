import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { buildAgentSystemPrompt } from "@promptstack/renderer";
import { PINNED_CODEX_VERSION } from "@promptstack/harness-codex";
import { formatCanonicalJson } from "@promptstack/core";
import { buildCodexScenarioParams, loadPromptSnapshotInputs } from "../src/index.js";

const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

describe("the same thread the next day (snapshot scenarios)", () => {
  it("keeps the thread params byte-identical and changes only the turn params", async () => {
    const inputs = await loadPromptSnapshotInputs({
      repoRoot: REPO_ROOT,
      codexVersion: PINNED_CODEX_VERSION,
    });
    const params = buildCodexScenarioParams(inputs, { render: buildAgentSystemPrompt });
    const day1 = params.find((scenario) => scenario.name === "telegram-direct");
    const day2 = params.find((scenario) => scenario.name === "telegram-direct-next-day");
    expect(day1).toBeDefined();
    expect(day2).toBeDefined();
    if (day1 === undefined || day2 === undefined) return;
    expect(formatCanonicalJson(day2.threadStart, { indent: 2 })).toBe(
      formatCanonicalJson(day1.threadStart, { indent: 2 }),
    );
    expect(formatCanonicalJson(day2.threadResume, { indent: 2 })).toBe(
      formatCanonicalJson(day1.threadResume, { indent: 2 }),
    );
    const [text1, text2] = [day1, day2].map((day) => day.turnStart.input[0]?.text ?? "");
    expect(text1).toContain("Current date: 2026-11-30");
    expect(text2).toContain("Current date: 2026-12-01");
    const { input: _input1, ...rest1 } = day1.turnStart;
    const { input: _input2, ...rest2 } = day2.turnStart;
    expect(formatCanonicalJson(rest2, { indent: 2 })).toBe(
      formatCanonicalJson(rest1, { indent: 2 }),
    );
  });
});
