import type { SectionRenderContext } from "../create-section-render-context.js";

const ELEVATION_LINES = Object.freeze({
  off: "Elevated host commands are off for this turn.",
  on: "Elevated host commands are available; normal approvals apply.",
  ask: "Each elevated host command asks for approval first.",
  full: "Elevated host commands run without extra approval prompts.",
});

/** Elevation: the current elevation level for host commands. */
export function renderElevationSection(context: SectionRenderContext): string[] | undefined {
  const level = context.input.volatile?.elevation;
  if (level === undefined) return undefined;
  return [`Elevation level: ${level}`, ELEVATION_LINES[level]];
}
