import { hasText } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";

/** Identity: the caller's identity line, else a one-line default naming the product. */
export function renderIdentitySection(context: SectionRenderContext): string[] {
  const { identityLine } = context.input;
  if (hasText(identityLine)) return [identityLine.trim()];
  return [
    `You are an AI agent that works for the people who reach you through ${context.profile.name}.`,
  ];
}
