import { isCompact } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";

const ELEVATION_LINES = Object.freeze({
  off: "Elevated host commands are off for this turn.",
  on: "Elevated host commands are available; normal approvals apply.",
  ask: "Each elevated host command asks for approval first.",
  full: "Elevated host commands run without extra approval prompts.",
});

const COMPACT_ELEVATION_LINES = Object.freeze({
  off: "elevated host commands off",
  on: "elevated host commands under normal approvals",
  ask: "each elevated host command needs approval",
  full: "elevated host commands without extra approval prompts",
});

/** Elevation: the current elevation level for host commands. */
export function renderElevationSection(context: SectionRenderContext): string[] | undefined {
  const level = context.volatile?.elevation;
  if (level === undefined) return undefined;
  if (isCompact(context)) return [`Elevation level: ${level}; ${COMPACT_ELEVATION_LINES[level]}.`];
  return [`Elevation level: ${level}`, ELEVATION_LINES[level]];
}
