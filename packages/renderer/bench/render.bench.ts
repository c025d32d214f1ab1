import { bench, describe } from "vitest";
import { buildAgentSystemPrompt, compileAgentSystemPrompt } from "../src/index.js";
import type { AgentSystemPromptInput } from "../src/index.js";
import { STABLE, VARIANTS } from "./render-scenario.js";

const inputs = (mode: "full" | "minimal" | "none"): AgentSystemPromptInput[] =>
  VARIANTS.map((volatile) => ({ ...STABLE, mode, volatile }));

const FULL = inputs("full");
const MINIMAL = inputs("minimal");
const NONE = inputs("none");

// Each variant's stable input is a distinct object, so that compiling cannot reuse anything.
const STABLE_FULL = VARIANTS.map(() => ({ ...STABLE, mode: "full" as const }));
const COMPILED_FULL = compileAgentSystemPrompt({ ...STABLE, mode: "full" });
const COMPILED_MINIMAL = compileAgentSystemPrompt({ ...STABLE, mode: "minimal" });

let full = 0;
let minimal = 0;
let none = 0;
let compiled = 0;
let turnFull = 0;
let turnMinimal = 0;
let sink = 0;

describe("buildAgentSystemPrompt", () => {
  bench("typical full (10 tools, 6 files ~25 KB, 20 skills)", () => {
    const prompt = buildAgentSystemPrompt(FULL[full++ % 1000]!);
    sink += prompt.boundary;
  });

  bench("minimal (same inputs)", () => {
    const prompt = buildAgentSystemPrompt(MINIMAL[minimal++ % 1000]!);
    sink += prompt.boundary;
  });

  bench("none (same inputs)", () => {
    const prompt = buildAgentSystemPrompt(NONE[none++ % 1000]!);
    sink += prompt.text.length;
  });
});

describe("compileAgentSystemPrompt", () => {
  bench("compile the typical full stable input", () => {
    sink += compileAgentSystemPrompt(STABLE_FULL[compiled++ % 1000]!).stablePrefix.length;
  });

  bench("per turn on a compiled prefix: typical full", () => {
    const prompt = COMPILED_FULL.render(VARIANTS[turnFull++ % 1000]);
    sink += prompt.boundary;
  });

  bench("per turn on a compiled prefix: minimal", () => {
    const prompt = COMPILED_MINIMAL.render(VARIANTS[turnMinimal++ % 1000]);
    sink += prompt.boundary;
  });
});

export { sink };
