import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadO200kTokenCounter } from "@promptstack/o200k";
import type { TokenCounter } from "@promptstack/core";
import { parseRunFacts } from "@promptstack/config";
import type { RunFacts } from "@promptstack/config";
import { toModelText } from "@promptstack/renderer";
import type { PromptSize } from "@promptstack/renderer";
import { beforeAll, describe, expect, it } from "vitest";
import { loadAgentTurn } from "../src/index.js";
import type { AgentTurn } from "../src/index.js";

const DEMO = fileURLToPath(new URL("../../../fixtures/workspaces/demo", import.meta.url));

let facts: RunFacts;
let counter: TokenCounter;

const turnAt = (promptSize: PromptSize | undefined, config: unknown = join(DEMO, "config.json5")) =>
  loadAgentTurn({
    config: config as string,
    workspaceDir: DEMO,
    facts,
    skillEnvironment: { platform: "linux", env: {}, hasBin: () => false },
    ...(promptSize === undefined ? {} : { promptSize }),
  });

// The fixed part of each section as the model receives it (no renderer marker lines): everything
// but the workspace files and the skills list, which are the workspace's own text (their budgets
// scale separately).
function fixedTokens(turn: AgentTurn): number {
  let total = 0;
  for (const section of turn.prompt.sections) {
    let text = toModelText(section.text).text;
    if (section.id === "skills") text = text.replace(turn.skills.text.trim(), "");
    if (section.id === "workspace_files") text = text.slice(0, text.indexOf("## Project Context"));
    // The working directory is the checkout's path: count a fixed one, so the ratio is the same
    // in every clone.
    total += counter.countTokens(text.replaceAll(DEMO, "/home/agent/workspace"));
  }
  return total;
}

beforeAll(async () => {
  facts = parseRunFacts(JSON.parse(await readFile(join(DEMO, "facts.json"), "utf8")));
  counter = await loadO200kTokenCounter();
});

describe("compact prompt size on the demo", () => {
  it("full size is the default: the same bytes with and without the option", async () => {
    const [implicit, explicit] = await Promise.all([turnAt(undefined), turnAt("full")]);
    expect(explicit.prompt.text).toBe(implicit.prompt.text);
    expect(implicit.input).not.toHaveProperty("size");
  });

  it("shrinks the fixed sections to at most 40% of their full-size tokens", async () => {
    const [full, compact] = await Promise.all([turnAt("full"), turnAt("compact")]);
    expect(compact.input.size).toBe("compact");
    expect(compact.prompt.sections.map((s) => s.id)).toEqual(full.prompt.sections.map((s) => s.id));
    // The workspace files and skills list are the same text at both sizes here (the demo sets
    // its budgets explicitly, and explicit budgets win).
    expect(compact.skills.text).toBe(full.skills.text);
    const ratio = fixedTokens(compact) / fixedTokens(full);
    expect(ratio).toBeLessThanOrEqual(0.4);
  });

  it("keeps the full-size fixed sections within +15% of their size before issue 32's rules", async () => {
    // 2,707 o200k tokens before the content-depth rules of issue 32 (2,938 with them).
    expect(fixedTokens(await turnAt("full"))).toBeLessThanOrEqual(Math.floor(2707 * 1.15));
  });

  it("halves the budgets the config leaves unset", async () => {
    const raw = { agents: { defaults: { systemPrompt: { size: "compact" } } } };
    const turn = await turnAt(undefined, raw);
    expect(turn.config.promptSize).toBe("compact");
    expect(turn.config.budgets.bootstrapMaxChars).toBe(10000);
    expect(turn.config.budgets.maxSkillsPromptChars).toBe(9000);
    expect(turn.input.size).toBe("compact");
  });
});
