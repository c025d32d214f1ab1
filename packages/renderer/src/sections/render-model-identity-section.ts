import { hasText, isCompact } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";

/**
 * Model identity: what to answer when asked which model this is. Below the boundary, since
 * the model is a per-run fact (`volatile.runtime.model`).
 */
export function renderModelIdentitySection(context: SectionRenderContext): string[] | undefined {
  const model = context.volatile?.runtime?.model;
  if (!hasText(model)) return undefined;
  if (isCompact(context)) return [`Model: \`${model.trim()}\`; never guess.`];
  return [
    `Asked which model you are, answer \`${model.trim()}\`; do not guess from your training data.`,
  ];
}
