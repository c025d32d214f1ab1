import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { listFixtureFolders } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { buildAgentSystemPrompt, resolveGpt5SystemPromptContribution } from "../src/index.js";
import type {
  AgentSystemPromptInput,
  Gpt5ContributionOptions,
  RenderedPrompt,
} from "../src/index.js";

const FIXTURES = join(import.meta.dirname, "../../../fixtures/renderer");

const CASES = [
  "direct-chat-full",
  "group-chat-full",
  "subagent-minimal",
  "mode-none",
  "gpt5-friendly",
  "provider-section-overrides",
];

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, "utf8")) as T;
}

/** Inputs are JSON, so a case may name GPT-5 options instead of embedding provider text. */
function renderCase(name: string): RenderedPrompt {
  const dir = join(FIXTURES, name);
  let input = readJson<AgentSystemPromptInput>(join(dir, "input.json"));
  const gpt5Path = join(dir, "gpt5-options.json");
  if (existsSync(gpt5Path)) {
    const provider = resolveGpt5SystemPromptContribution(
      readJson<Gpt5ContributionOptions>(gpt5Path),
    );
    if (provider !== undefined) input = { ...input, provider };
  }
  return buildAgentSystemPrompt(input);
}

function formatSectionsJson(prompt: RenderedPrompt): string {
  const rows = prompt.sections.map(({ id, heading, cache }) => ({ id, heading, cache }));
  return `${JSON.stringify({ boundary: prompt.boundary, sections: rows }, null, 2)}\n`;
}

describe("renderer golden files", () => {
  it("covers every fixture folder", () => {
    expect(listFixtureFolders(FIXTURES)).toEqual([...CASES].sort());
  });

  for (const name of CASES) {
    it(`renders ${name}`, async () => {
      const prompt = renderCase(name);
      await expect(prompt.text).toMatchFileSnapshot(join(FIXTURES, name, "expected.md"));
      await expect(formatSectionsJson(prompt)).toMatchFileSnapshot(
        join(FIXTURES, name, "expected.sections.json"),
      );
    });
  }

  it("detects a one-word change in a section's text", () => {
    const expectedPath = join(FIXTURES, "direct-chat-full", "expected.md");
    const golden = readFileSync(expectedPath, "utf8");
    const rendered = renderCase("direct-chat-full").text;
    expect(rendered).toBe(golden);
    const mutated = rendered.replace("Verify the outcome", "Check the outcome");
    expect(mutated).not.toBe(rendered);
    expect(mutated === golden).toBe(false);
  });
});
