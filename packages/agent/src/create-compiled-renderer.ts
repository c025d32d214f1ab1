import { compileAgentSystemPrompt } from "@promptstack/renderer";
import type {
  AgentSystemPromptInput,
  CompiledAgentSystemPrompt,
  RenderedPrompt,
  StableAgentSystemPromptInput,
} from "@promptstack/renderer";
import { isDeepEqual } from "./is-deep-equal.js";

/** A renderer that keeps the last compiled stable prefix, and how often it compiled. */
export interface CompiledRenderer {
  readonly render: (input: AgentSystemPromptInput) => RenderedPrompt;
  /** How many times the stable prefix was compiled (once per distinct stable input in a row). */
  readonly compiles: number;
}

/**
 * The assembler's prompt renderer: splits each turn's input into its stable part and its
 * per-turn facts, compiles the stable part only when it differs from the previous turn's, and
 * renders the facts against the kept prefix. The output is `buildAgentSystemPrompt(input)` byte
 * for byte (the renderer's compile/render property). The cache is this object, which the
 * assembler holds; nothing is kept at module level.
 */
export function createCompiledRenderer(): CompiledRenderer {
  let kept:
    { stable: StableAgentSystemPromptInput; compiled: CompiledAgentSystemPrompt } | undefined;
  let compiles = 0;
  return {
    render: (input) => {
      const { volatile, ...stable } = input;
      if (kept === undefined || !isDeepEqual(kept.stable, stable)) {
        kept = { stable, compiled: compileAgentSystemPrompt(stable) };
        compiles += 1;
      }
      return kept.compiled.render(volatile);
    },
    get compiles() {
      return compiles;
    },
  };
}
