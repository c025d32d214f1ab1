import { fileURLToPath } from "node:url";
import { bench, describe } from "vitest";
import { loadO200kTokenCounter } from "@promptstack/o200k";
import { buildAgentSystemPrompt } from "@promptstack/renderer";
import { PINNED_CODEX_VERSION } from "@promptstack/harness-codex";
import {
  buildCodexScenarioParams,
  buildPromptSnapshots,
  loadPromptSnapshotInputs,
} from "../src/index.js";

const inputs = await loadPromptSnapshotInputs({
  repoRoot: fileURLToPath(new URL("../../../", import.meta.url)),
  codexVersion: PINNED_CODEX_VERSION,
});

const counter = await loadO200kTokenCounter();
const countTokens = (text: string): number => counter.countTokens(text);

describe("codex adapter", () => {
  bench("plan + params + layers for the 4 Codex scenarios", () => {
    buildCodexScenarioParams(inputs, { render: buildAgentSystemPrompt });
  });
  bench("all 13 snapshot files (with o200k token counts)", () => {
    buildPromptSnapshots(inputs, { render: buildAgentSystemPrompt, countTokens });
  });
});
