import type { ProductProfile } from "@promptstack/core";
import type { RenderedPrompt } from "@promptstack/renderer";
import { stripCodexBoundaryMarkers } from "./strip-codex-boundary-markers.js";

/** The per-turn policy text with the UI Presentation guidance taken out. */
export interface SplitPresentationGuidance {
  /** The per-turn text that stays in the turn input. */
  readonly turnContext: string;
  /** The UI Presentation section, for per-turn developer instructions; absent when not rendered. */
  readonly guidance?: string;
}

/**
 * Takes the UI Presentation section out of the per-turn policy text (`volatileText`, already
 * marker-free). On Codex it is guidance for the developer role, not runtime context in the
 * user-role turn input (SPEC §2.6). The section comes from the render's own structure
 * (`sections`); its text sits in the volatile text verbatim, separated by blank lines.
 */
export function splitPresentationGuidance(
  policy: RenderedPrompt,
  volatileText: string,
  profile?: ProductProfile,
): SplitPresentationGuidance {
  const section = policy.sections.find((entry) => entry.id === "ui_presentation");
  if (section === undefined) return { turnContext: volatileText };
  const guidance = stripCodexBoundaryMarkers(section.text, profile);
  const at = volatileText.indexOf(guidance);
  if (guidance === "" || at === -1) return { turnContext: volatileText };
  const before = volatileText.slice(0, at).trimEnd();
  const after = volatileText.slice(at + guidance.length).trimStart();
  const turnContext = before === "" || after === "" ? before + after : `${before}\n\n${after}`;
  return { turnContext, guidance };
}
