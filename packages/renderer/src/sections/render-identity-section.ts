import { hasText, isCompact } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";

/** Identity: the caller's identity line, else a one-line default naming the product. */
export function renderIdentitySection(context: SectionRenderContext): string[] {
  const { identityLine } = context.input;
  if (hasText(identityLine)) return [identityLine.trim()];
  if (isCompact(context)) {
    return [`You are an AI agent serving people through ${context.profile.name}.`];
  }
  return [
    `You are an AI agent that works for the people who reach you through ${context.profile.name}.`,
  ];
}
