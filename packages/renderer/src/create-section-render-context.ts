import { OPENCLAW_PRODUCT_PROFILE } from "./product-profile.js";
import type { PromptMode, StableAgentSystemPromptInput, VolatileFacts } from "./types.js";
import type { ProductFeatures, ProductProfile } from "@promptstack/core";

/**
 * What every section renderer receives: the caller's input plus the few values resolved once per
 * render (mode and profile defaults, the tool names), so sections never recompute them.
 */
export interface SectionRenderContext {
  /**
   * The stable input. Its type has no `volatile`: a section reads this turn's facts through
   * `volatile` only, which the stable side of the boundary never gets.
   */
  readonly input: StableAgentSystemPromptInput;
  /** This turn's facts; undefined above the boundary and for a turn without facts. */
  readonly volatile: VolatileFacts | undefined;
  readonly mode: PromptMode;
  readonly profile: ProductProfile;
  /** Names of the tools available this run, in input order. */
  readonly toolNames: readonly string[];
}

/**
 * Resolves the defaults of a (validated) stable input into a `SectionRenderContext`, with
 * `volatile` as the turn's facts (none above the boundary).
 */
export function createSectionRenderContext(
  input: StableAgentSystemPromptInput,
  volatile?: VolatileFacts,
): SectionRenderContext {
  const tools = input.tools;
  const toolNames: string[] = [];
  if (tools !== undefined) for (const tool of tools) toolNames.push(tool.name);
  return {
    input,
    volatile,
    mode: input.mode ?? "full",
    profile: input.profile ?? OPENCLAW_PRODUCT_PROFILE,
    toolNames,
  };
}

/**
 * True when the sections render their compact wording (`size: "compact"`): the same rules in
 * fewer words. Each section picks its wording with this; gates never depend on it.
 */
export function isCompact(context: SectionRenderContext): boolean {
  return context.input.size === "compact";
}

/** True when a tool with exactly this name is available this run. */
export function hasTool(context: SectionRenderContext, name: string): boolean {
  return context.toolNames.includes(name);
}

/**
 * True when the profile declares a product feature. A profile without `features` (written before
 * features existed) declares every feature of the reference product.
 */
export function hasFeature(context: SectionRenderContext, feature: keyof ProductFeatures): boolean {
  const features = context.profile.features;
  return features === undefined || features[feature] === true;
}

/** True for a string with visible content; optional text that is blank counts as absent. */
export function hasText(value: string | undefined): value is string {
  if (value === undefined) return false;
  // A printable ASCII first character is visible content; anything else takes the full test.
  const first = value.charCodeAt(0);
  return (first > 0x20 && first < 0x7f) || value.trim() !== "";
}
