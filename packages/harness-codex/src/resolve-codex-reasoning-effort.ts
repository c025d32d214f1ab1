import type { ThinkingLevel } from "@promptstack/renderer";

/** Codex reasoning efforts from least to most (`ReasoningEffort`, pinned 0.171.0). */
const EFFORT_SCALE: readonly string[] = ["none", "minimal", "low", "medium", "high", "xhigh"];

/** Where each thinking level sits on the effort scale. */
const THINKING_TO_EFFORT: Readonly<Record<ThinkingLevel, string>> = {
  off: "none",
  minimal: "minimal",
  low: "low",
  medium: "medium",
  high: "high",
  ultra: "xhigh",
};

/**
 * Maps a thinking level onto the nearest effort the catalog entry supports: the level's own
 * effort when listed, else the closest on the scale `none < minimal < low < medium < high <
 * xhigh` (a tie goes to the lower effort). `undefined` when the turn has no thinking level or
 * the entry lists no supported levels, so Codex keeps the model's default. Pure.
 */
export function resolveCodexReasoningEffort(
  thinkingLevel: ThinkingLevel | undefined,
  supported: readonly string[] | undefined,
): string | undefined {
  if (thinkingLevel === undefined || supported === undefined) return undefined;
  const wanted = EFFORT_SCALE.indexOf(THINKING_TO_EFFORT[thinkingLevel]);
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const effort of EFFORT_SCALE) {
    if (!supported.includes(effort)) continue;
    const distance = Math.abs(EFFORT_SCALE.indexOf(effort) - wanted);
    if (distance < bestDistance) {
      best = effort;
      bestDistance = distance;
    }
  }
  return best;
}
