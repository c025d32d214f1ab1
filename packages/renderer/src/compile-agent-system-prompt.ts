import { createSectionRenderContext } from "./create-section-render-context.js";
import type { SectionRenderContext } from "./create-section-render-context.js";
import { ensureCacheBoundary } from "./ensure-cache-boundary.js";
import { RendererError } from "./renderer-error.js";
import { resolveSectionRows } from "./resolve-section-rows.js";
import { PLANS, planMode, resolveMarkers } from "./plan-section-rows.js";
import type { Markers, PlannedRow } from "./plan-section-rows.js";
import { renderSide } from "./render-section-rows.js";
import { stripCacheBoundary } from "./strip-cache-boundary.js";
import type {
  AgentSystemPromptInput,
  PromptMode,
  RenderedPrompt,
  RenderedSection,
  StableAgentSystemPromptInput,
  VolatileFacts,
} from "./types.js";
import type { ProductProfile } from "@promptstack/core";
import {
  checkStableInput,
  checkVolatileFacts,
  copyStableInput,
  copyVolatileFacts,
} from "./validate-agent-system-prompt-input.js";

/**
 * A system prompt whose stable part (everything above the cache boundary) is validated and
 * rendered once. Each `render(volatile)` validates and renders only that turn's volatile sections
 * and joins them to the kept prefix. The object is immutable and holds no cache beyond its own
 * prefix: the caller (an assembler, a session) keeps it for as long as the stable input holds.
 */
export interface CompiledAgentSystemPrompt {
  /** The prompt mode the prefix was compiled for. */
  readonly mode: PromptMode;
  /**
   * The text above the boundary marker: every turn's `text.slice(0, boundary)`, and what
   * `splitCacheBoundary(text).stablePrefix` returns (the whole text in `none` mode). A legacy
   * `beforePromptBuild` hook may rewrite it per turn.
   */
  readonly stablePrefix: string;
  /** The stable sections (frozen), first in every turn's `sections`. */
  readonly stableSections: readonly RenderedSection[];
  /**
   * Renders one turn. The result is byte for byte what `buildAgentSystemPrompt` returns for the
   * stable input plus `volatile`. Throws `RendererError` for invalid facts or a failing hook.
   */
  render(volatile?: VolatileFacts): RenderedPrompt;
}

/**
 * Validates and renders the stable part of a system prompt once. Pure: no clock, no global
 * state, no module-level cache; the returned object is the cache and belongs to the caller.
 * Per-turn facts are not part of the stable input: pass them to `render` (an input that carries
 * `volatile` is rejected, so that a turn's facts are never silently dropped).
 */
export function compileAgentSystemPrompt(
  input: StableAgentSystemPromptInput,
): CompiledAgentSystemPrompt {
  // The copy also means later changes to the caller's object cannot make turns disagree with
  // the prefix.
  const stable = copyStableInput(input);
  const marks = checkStableInput(stable);
  if ((input as AgentSystemPromptInput).volatile !== undefined) {
    throw new RendererError(
      "RENDERER_INVALID_INPUT",
      "Invalid renderer input at volatile: compileAgentSystemPrompt takes the stable input only.",
      {
        path: "volatile",
        hint: "Leave `volatile` out of the compiled input and pass each turn's facts to `render(volatile)`.",
      },
    );
  }
  const core = compileCore(stable, marks);
  for (const section of core.stableSections) Object.freeze(section);
  return new CompiledPrompt(core, stable);
}

/**
 * The one render pipeline behind `buildAgentSystemPrompt`: copy and validate the input, compile
 * its stable part, then render its own volatile facts. Nothing is frozen: the compiled state
 * lives for this one call.
 */
export function renderAgentSystemPrompt(input: AgentSystemPromptInput): RenderedPrompt {
  const own = copyStableInput(input);
  // Validation in the order `validateAgentSystemPromptInput` runs it: the stable part first.
  const stableMarks = checkStableInput(own);
  const given = input.volatile;
  const volatile = given === undefined ? undefined : copyVolatileFacts(given);
  const volatileMarks = volatile !== undefined && checkVolatileFacts(volatile);
  const core = compileCore(own, stableMarks);
  return renderTurn(core, own, volatile, core.stableSections, volatileMarks);
}

class CompiledPrompt implements CompiledAgentSystemPrompt {
  readonly mode: PromptMode;
  readonly stablePrefix: string;
  readonly stableSections: readonly RenderedSection[];
  readonly #core: CompiledCore;
  readonly #stable: StableAgentSystemPromptInput;

  constructor(core: CompiledCore, stable: StableAgentSystemPromptInput) {
    this.mode = core.mode;
    this.stablePrefix = core.stablePrefix;
    // A frozen copy for callers; turns copy the private array (slicing a frozen array is slow).
    this.stableSections = Object.freeze(core.stableSections.slice());
    this.#core = core;
    this.#stable = stable;
    Object.freeze(this);
  }

  render(volatile?: VolatileFacts): RenderedPrompt {
    const core = this.#core;
    if (volatile === undefined) {
      return renderTurn(core, this.#stable, undefined, core.stableSections.slice(), false);
    }
    const facts = copyVolatileFacts(volatile);
    const marks = checkVolatileFacts(facts);
    // The facts travel beside the stable input (the sections' context has both), so a turn
    // copies nothing of the stable input.
    return renderTurn(core, this.#stable, facts, core.stableSections.slice(), marks);
  }
}

/** Everything a turn needs besides its volatile facts. */
interface CompiledCore {
  readonly mode: PromptMode;
  readonly profile: ProductProfile;
  readonly toolNames: readonly string[];
  readonly markers: Markers;
  readonly volatileRows: readonly PlannedRow[];
  /**
   * True when some stable string could spell a marker start (or a registry adds text the
   * validator cannot vouch for): every side's output is then searched for look-alikes. Volatile
   * rows may print stable strings too (a provider's dynamic suffix), hence every side.
   */
  readonly stableMarks: boolean;
  /** The stable sections joined, without the newline that ends the prefix. */
  readonly stableText: string;
  readonly stablePrefix: string;
  /** The stable prefix and the boundary marker line: every turn's text up to its volatile part. */
  readonly head: string;
  readonly stableSections: RenderedSection[];
  readonly hook: ((text: string) => string) | undefined;
}

function compileCore(input: StableAgentSystemPromptInput, stableMarks: boolean): CompiledCore {
  // The stable side never sees per-turn facts, whatever the input carries.
  const context = createSectionRenderContext(input);
  const { mode, profile, toolNames } = context;
  const size = input.size ?? "full";
  const markers = resolveMarkers(profile);
  // A registry gives this compile its own plan; without one the precomputed plans serve.
  const plan =
    input.sections === undefined
      ? PLANS[size][mode]
      : planMode(mode, size, resolveSectionRows(input.sections));
  // Custom sections and replacements print text the validator cannot vouch for: search always.
  const search = stableMarks || input.sections !== undefined;
  const stableSections: RenderedSection[] = [];
  const stableText = renderSide(plan.stable, context, markers, stableSections, search, false);
  const stablePrefix = stableText + "\n";
  return {
    mode,
    profile,
    toolNames,
    markers,
    volatileRows: plan.volatile,
    stableMarks: search,
    stableText,
    stablePrefix,
    head: stablePrefix + markers.boundary,
    stableSections,
    hook: input.beforePromptBuild,
  };
}

/**
 * Renders one turn on top of a compiled core; `sections` already holds the stable sections, and
 * `volatileMarks` says whether some per-turn fact could spell a marker start.
 */
function renderTurn(
  core: CompiledCore,
  input: StableAgentSystemPromptInput,
  volatile: VolatileFacts | undefined,
  sections: RenderedSection[],
  volatileMarks: boolean,
): RenderedPrompt {
  const { mode, profile, markers } = core;
  let text: string;
  let boundary: number;
  if (mode === "none") {
    text = core.stablePrefix;
    boundary = -1;
  } else {
    const context: SectionRenderContext = {
      input,
      volatile,
      mode,
      profile,
      toolNames: core.toolNames,
    };
    const search = volatileMarks || core.stableMarks;
    // The per-turn side may follow caller text (the workspace files end the stable side in
    // minimal mode), and never looks at the stable side: its first section always has a heading.
    const volatileText = renderSide(core.volatileRows, context, markers, sections, search, true);
    // One blank line on each side of the marker line: stripping it leaves the normal spacing.
    text = volatileText === "" ? core.head : core.head + "\n" + volatileText + "\n";
    boundary = core.stableText.length + 1;
  }
  if (core.hook !== undefined) {
    const hooked = applyLegacyHook(core.hook, text);
    if (mode === "none") {
      text = stripCacheBoundary(hooked, profile);
    } else {
      text = ensureCacheBoundary(hooked, profile);
      boundary = text.indexOf(markers.boundary);
    }
  }
  return { text, sections, boundary };
}

function applyLegacyHook(hook: (text: string) => string, text: string): string {
  let result: unknown;
  try {
    result = hook(text);
  } catch (cause) {
    throw new RendererError(
      "RENDERER_HOOK_FAILED",
      "The legacy beforePromptBuild hook threw while rewriting the system prompt.",
      {
        path: "beforePromptBuild",
        hint: "Fix the hook, or move its change into a provider contribution.",
        cause,
      },
    );
  }
  if (typeof result !== "string") {
    throw new RendererError(
      "RENDERER_HOOK_FAILED",
      "The legacy beforePromptBuild hook returned something other than a string.",
      { path: "beforePromptBuild", hint: "Return the full prompt text from the hook." },
    );
  }
  return result;
}
