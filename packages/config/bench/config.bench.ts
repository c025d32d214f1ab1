import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildAgentSystemPrompt } from "@promptstack/renderer";
import type { ContextFile } from "@promptstack/renderer";
import { bench, describe } from "vitest";
import {
  resolveAgentPromptInput,
  parseConfig,
  parseConfigText,
  parseRunFacts,
  resolveAgentSystemPromptConfig,
  toAgentSystemPromptInput,
} from "../src/index.js";

const fixtures = "../../../fixtures/config";
const configPath = fileURLToPath(
  new URL(`${fixtures}/realistic-gateway-config/config.json5`, import.meta.url),
);
const configText = readFileSync(configPath, "utf8");
const configRaw = parseConfigText(configText, configPath);
const { config } = parseConfig(configRaw);
const facts = parseRunFacts(
  JSON.parse(
    readFileSync(
      fileURLToPath(new URL(`${fixtures}/telegram-direct-turn-facts/facts.json`, import.meta.url)),
      "utf8",
    ),
  ),
);

// "Typical full": 10 tools (the facts fixture), 6 context files of ~25 KB in total, 20 skills.
const paragraph =
  "Keep replies short. Check state before acting. Report what changed and what did not.\n";
const contextFiles: ContextFile[] = [
  "AGENTS.md",
  "SOUL.md",
  "IDENTITY.md",
  "USER.md",
  "MEMORY.md",
  "TOOLS.md",
].map((path) => ({ path, content: paragraph.repeat(Math.round(25_000 / 6 / paragraph.length)) }));
const skillsPrompt = [
  "<available_skills>",
  ...Array.from({ length: 20 }, (_, index) =>
    [
      "  <skill>",
      `    <name>skill-${index}</name>`,
      `    <description>Does task number ${index} with care and reports back.</description>`,
      `    <location>~/skills/skill-${index}/SKILL.md</location>`,
      "  </skill>",
    ].join("\n"),
  ),
  "</available_skills>",
].join("\n");

const facadeOptions = { config, agentId: "main", facts, contextFiles, skillsPrompt } as const;

// Both sides cycle through 1,000 turns that differ only in volatile facts, as the renderer's own
// bench does, so neither side benefits from re-rendering one object that V8 has already seen.
const VARIANTS = 1_000;
const factsVariants = Array.from({ length: VARIANTS }, (_, index) => ({
  ...facts,
  sender: `Sender ${index}`,
  time: {
    ...facts.time,
    time: `${String(index % 24).padStart(2, "0")}:${String(index % 60).padStart(2, "0")}`,
  },
}));
const bareInputs = factsVariants.map(
  (variant) => resolveAgentPromptInput({ ...facadeOptions, facts: variant }).input,
);
let bareIndex = 0;
let facadeIndex = 0;

// The shared machine is noisy: compare min and p75, and the overhead-only bench below.
const options = { time: 2_000, warmupTime: 500 };

describe("typical full prompt: facade vs bare renderer", () => {
  bench(
    "bare renderer (buildAgentSystemPrompt)",
    () => {
      buildAgentSystemPrompt(bareInputs[bareIndex++ % VARIANTS]!);
    },
    options,
  );
  bench(
    "configured facade (resolve + map + GPT-5 + render)",
    () => {
      const { input } = resolveAgentPromptInput({
        ...facadeOptions,
        facts: factsVariants[facadeIndex++ % VARIANTS]!,
      });
      buildAgentSystemPrompt(input);
    },
    options,
  );
  bench(
    "facade overhead only (resolve + map, no render)",
    () => {
      const resolved = resolveAgentSystemPromptConfig(config, {
        agentId: "main",
        sessionKind: "main",
      });
      toAgentSystemPromptInput(facts, resolved);
    },
    options,
  );
});

describe("realistic 183-line config", () => {
  bench(
    "parseConfig (normalize + validate + unknown keys)",
    () => {
      parseConfig(configRaw);
    },
    options,
  );
  bench(
    "parseConfigText + parseConfig (JSON5 text to config)",
    () => {
      parseConfig(parseConfigText(configText, configPath));
    },
    options,
  );
});
