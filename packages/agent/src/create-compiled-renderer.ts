import { compileAgentSystemPrompt, toModelText } from "@promptstack/renderer";
import type {
  AgentSystemPromptInput,
  CompiledAgentSystemPrompt,
  ModelText,
  RenderedPrompt,
  StableAgentSystemPromptInput,
} from "@promptstack/renderer";
import type { ProductProfile } from "@promptstack/core";
import { isDeepEqual } from "./is-deep-equal.js";

/** A renderer that keeps the last compiled stable prefix, and how often it compiled. */
export interface CompiledRenderer {
  readonly render: (input: AgentSystemPromptInput) => RenderedPrompt;
  /**
   * `toModelText(prompt, profile)` for the prompt `render` returned last, without reading its
   * tens of kilobytes of text: the kept prefix's model text is made once per compile, and a turn
   * adds only its per-turn sections. Any other prompt goes through `toModelText` itself.
   */
  readonly toModelText: (prompt: RenderedPrompt, profile?: ProductProfile) => ModelText;
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
  let last: RenderedPrompt | undefined;
  let stableModel: { readonly prefix: string; readonly text: string } | undefined;
  return {
    render: (input) => {
      const { volatile, ...stable } = input;
      if (kept === undefined || !isDeepEqual(kept.stable, stable)) {
        kept = { stable, compiled: compileAgentSystemPrompt(stable) };
        compiles += 1;
      }
      last = kept.compiled.render(volatile);
      return last;
    },
    toModelText: (prompt, profile) => {
      const compiled = kept?.compiled;
      // A turn on the kept prefix that no legacy hook rewrote is that prefix, the marker, then
      // its per-turn sections joined by blank lines (the renderer's layout); `none` mode has no
      // boundary and goes the general way.
      if (
        prompt !== last ||
        compiled === undefined ||
        kept?.stable.beforePromptBuild !== undefined ||
        prompt.boundary !== compiled.stablePrefix.length
      ) {
        return toModelText(prompt, profile);
      }
      if (stableModel?.prefix !== compiled.stablePrefix) {
        const prefix = compiled.stablePrefix;
        stableModel = { prefix, text: toModelText(prefix, profile).text };
      }
      let joined = "";
      for (const section of prompt.sections) {
        if (section.cache !== "volatile") continue;
        joined = joined === "" ? section.text : `${joined}\n\n${section.text}`;
      }
      const stable = stableModel.text;
      if (joined === "") return { stable, volatile: "", text: stable };
      // What follows the marker, runtime-tail marker lines dropped as `toModelText` drops them.
      const volatile = toModelText(`\n${joined}\n`, profile).text;
      const separator =
        stable === "" || stable.endsWith("\n") || volatile.startsWith("\n") ? "" : "\n";
      return { stable, volatile, text: `${stable}${separator}${volatile}` };
    },
    get compiles() {
      return compiles;
    },
  };
}
