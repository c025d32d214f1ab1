import { hasText, isCompact } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";

/** Model aliases: short names the owner configured for models. */
export function renderModelAliasesSection(context: SectionRenderContext): string[] | undefined {
  const aliases = context.input.modelAliases;
  if (aliases === undefined || aliases.length === 0) return undefined;
  const lines = [
    isCompact(context) ? "Model aliases:" : "When a model is named by alias, it means:",
  ];
  for (const { alias, model } of aliases) lines.push(`- ${alias}: ${model}`);
  return lines;
}

/** User identity: who owns this agent. */
export function renderUserIdentitySection(context: SectionRenderContext): string[] | undefined {
  const owner = context.input.ownerDisplay;
  if (!hasText(owner)) return undefined;
  if (isCompact(context)) return [`Owner (authorized): ${owner.trim()}`];
  return [`Owner: ${owner.trim()}`, "Requests from the owner are authorized."];
}

/** TTS hints: the configured text-to-speech hint, verbatim. */
export function renderTtsHintsSection(context: SectionRenderContext): string[] | undefined {
  const hint = context.input.ttsHint;
  return hasText(hint) ? [hint.trim()] : undefined;
}
