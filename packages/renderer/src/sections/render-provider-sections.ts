import { hasText } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";

/** Provider stable prefix: the provider's text, verbatim, right after the identity line. */
export function renderProviderStablePrefixSection(
  context: SectionRenderContext,
): string[] | undefined {
  const prefix = context.input.provider?.stablePrefix;
  return hasText(prefix) ? [prefix.trim()] : undefined;
}

/** Provider dynamic suffix: the provider's per-turn text, last in the prompt. */
export function renderProviderDynamicSuffixSection(
  context: SectionRenderContext,
): string[] | undefined {
  const suffix = context.input.provider?.dynamicSuffix;
  return hasText(suffix) ? [suffix.trim()] : undefined;
}

/** Interaction style: empty by default; only a provider override renders it. */
export function renderInteractionStyleSection(context: SectionRenderContext): string[] | undefined {
  const override = context.input.provider?.sectionOverrides?.interaction_style;
  return hasText(override) ? [override.trim()] : undefined;
}

/**
 * Applies a provider override to a core section: `undefined` keeps the default lines, a blank
 * string removes the section, any other text replaces the body.
 */
export function applySectionOverride(
  override: string | undefined,
  defaultLines: () => string[] | undefined,
): string[] | undefined {
  if (override === undefined) return defaultLines();
  return hasText(override) ? [override.trim()] : undefined;
}
