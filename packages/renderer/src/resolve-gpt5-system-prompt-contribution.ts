import {
  assertObjectArgument,
  assertStringArgument,
  throwInvalidArgument,
} from "./assert-argument.js";
import type { GptPersonality, PromptSize, ProviderContribution } from "./types.js";

/** Input of `resolveGpt5SystemPromptContribution`. */
export interface Gpt5ContributionOptions {
  /** Model id as routed, e.g. `gpt-5.5` or `openai/gpt-5.5`. */
  readonly modelId: string;
  /** Provider id, e.g. `openai` or `codex` (case-insensitive). */
  readonly provider: string;
  /** `friendly` (default) or its alias `on` adds the style override; `off` drops only it. */
  readonly personality?: GptPersonality | "on";
  /** `compact` gives the same contract and style in fewer words (default `full`). */
  readonly size?: PromptSize;
}

const GPT5_PROVIDERS: readonly string[] = Object.freeze(["openai", "codex"]);
const PERSONALITIES: readonly string[] = Object.freeze(["friendly", "on", "off"]);
const SIZES: readonly string[] = Object.freeze(["full", "compact"]);
const WHERE = "resolveGpt5SystemPromptContribution";

const GPT5_BEHAVIOUR_CONTRACT = [
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

const GPT5_FRIENDLY_STYLE = [
  "Be warm and approachable while staying direct.",
  "Match the user's tone and language.",
  "Acknowledge the user's goal briefly, then get to work.",
].join("\n");

// Compact size drops the heading too: the contract is rules like the sections around it.
const COMPACT_GPT5_BEHAVIOUR_CONTRACT =
  "Finish this turn unless blocked; tools over guesses, exact parameters, read results; parallel independent lookups; answer first, briefly; report done, verified, open; cover every part; look up missing context before asking; bounded non-interactive commands, no stray background processes; keep persona.";

const COMPACT_GPT5_FRIENDLY_STYLE =
  "Warm, direct; mirror user tone and language; brief acknowledgement, then work.";

/**
 * The built-in GPT-5 family contribution: a stable-prefix behaviour contract for `gpt-5*` models
 * routed through OpenAI or Codex, plus a friendly `interaction_style` override unless
 * `personality` is `off`. Undefined for any other model or provider. Throws `RendererError`
 * (`RENDERER_INVALID_INPUT`) for a non-string id or provider, or an unknown personality.
 */
export function resolveGpt5SystemPromptContribution(
  options: Gpt5ContributionOptions,
): ProviderContribution | undefined {
  assertObjectArgument(options, WHERE, "options");
  assertStringArgument(options.modelId, WHERE, "options.modelId");
  assertStringArgument(options.provider, WHERE, "options.provider");
  const { personality } = options;
  if (personality !== undefined && !PERSONALITIES.includes(personality)) {
    throwInvalidArgument(WHERE, "options.personality", '"friendly", "on" or "off"', personality);
  }
  const { size } = options;
  if (size !== undefined && !SIZES.includes(size)) {
    throwInvalidArgument(WHERE, "options.size", '"full" or "compact"', size);
  }
  // Model refs often carry their provider (`openai/gpt-5.5`); only the bare id decides.
  const ref = options.modelId.trim().toLowerCase();
  const modelId = ref.slice(ref.lastIndexOf("/") + 1);
  const provider = options.provider.trim().toLowerCase();
  if (!modelId.startsWith("gpt-5") || !GPT5_PROVIDERS.includes(provider)) return undefined;
  const compact = size === "compact";
  const contract = compact ? COMPACT_GPT5_BEHAVIOUR_CONTRACT : GPT5_BEHAVIOUR_CONTRACT;
  if (personality === "off") return { stablePrefix: contract };
  return {
    stablePrefix: contract,
    sectionOverrides: {
      interaction_style: compact ? COMPACT_GPT5_FRIENDLY_STYLE : GPT5_FRIENDLY_STYLE,
    },
  };
}
