import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPromptAssembler } from "@promptstack/agent";
import type { TokenCounter } from "@promptstack/core";
import { parseRunFacts } from "@promptstack/config";
import type { RunFactsInput } from "@promptstack/config";
import { NEUTRAL_PRODUCT_PROFILE } from "@promptstack/renderer";

/**
 * The tools whose presence the renderer's sections test (`hasTool`), by name only: a run's tool
 * descriptions are its own, so the seed renders none.
 */
const SECTION_TOOL_NAMES: readonly string[] = [
  "cron",
  "exec",
  "gateway",
  "memory_get",
  "memory_search",
  "message",
  "process",
  "progress_card",
  "read",
  "session_status",
  "sessions_list",
  "sessions_spawn",
  "subagents",
  "update_plan",
];

/** A GPT-5 model through OpenAI (the built-in contribution) and a model with none. */
const MODELS = [
  { provider: "openai", id: "gpt-5", personalities: ["friendly", "on", "off"] },
  { provider: "anthropic", id: "claude-sonnet-4-5", personalities: [undefined] },
] as const;

/** How the seed's renders show their empty workspace folder. */
const SHOWN_WORKSPACE = "/workspace";

/** What `promptstack render` offers: `--mode`, `--size`, `--profile`. */
const MODES = ["full", "minimal", "none"] as const;
const SIZES = ["full", "compact"] as const;
const PROFILES = ["openclaw", "neutral"] as const;

/** Neutral facts: no sender, no runtime details of a real machine, no tool descriptions. */
function toSeedFacts(model: { provider: string; id: string }, withTools: boolean): RunFactsInput {
  return {
    sessionKind: "main",
    model: { provider: model.provider, id: model.id },
    channel: { id: "webchat", chatType: "direct" },
    time: { timeZone: "UTC", date: "2000-01-01", time: "00:00" },
    runtime: { host: "host", os: "os", node: "v0.0.0" },
    tools: withTools ? SECTION_TOOL_NAMES.map((name) => ({ name })) : [],
  };
}

/**
 * Build time (`scripts/bundle-bin.mjs`): the texts a `render --json` counts (every section, the
 * whole model text, its stable prefix) of renders made only of the renderer's built-in prose:
 * an empty workspace shown as `/workspace` (no bootstrap file, so each is reported missing), no
 * skill root, the default config but for the GPT-5 personality, neutral facts; every mode, size
 * and product profile the command offers, with and without the tools the sections test for. The
 * demo's workspace files and skills are never read (the demo is what start-up is measured on).
 */
export async function loadBuiltInProse(tokenCounter: TokenCounter): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), "promptstack-built-in-prose-"));
  const texts: string[] = [];
  try {
    for (const model of MODELS) {
      for (const personality of model.personalities) {
        for (const size of SIZES) {
          for (const profile of PROFILES) {
            for (const mode of MODES) {
              for (const withTools of [true, false]) {
                const assembler = await createPromptAssembler({
                  config:
                    personality === undefined
                      ? {}
                      : { plugins: { entries: { openai: { config: { personality } } } } },
                  configDir: dir,
                  workspaceDir: dir,
                  homeDir: dir,
                  displayPaths: [{ real: dir, shown: SHOWN_WORKSPACE }],
                  skillRoots: [],
                  skillEnvironment: { platform: "linux", env: {}, hasBin: () => false },
                  tokenCounter,
                  promptMode: mode,
                  promptSize: size,
                  ...(profile === "neutral" ? { product: NEUTRAL_PRODUCT_PROFILE } : {}),
                });
                try {
                  const turn = await assembler.turn(parseRunFacts(toSeedFacts(model, withTools)));
                  texts.push(...turn.prompt.sections.map((section) => section.text));
                  texts.push(turn.model.text, turn.model.stable);
                } finally {
                  await assembler.close();
                }
              }
            }
          }
        }
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return texts;
}
