const SKILL_OPEN = "  <skill>\n";
const SKILL_CLOSE = "  </skill>";

/**
 * Each listed skill's `<skill>` entry, keyed by name exactly as given. The formatter writes the
 * entries in the order of `included`, and escapes their content (no `<` inside), so the n-th
 * `<skill>` block belongs to the n-th included name. Formatting a skill alone would not do: it
 * gives the full entry even when the list itself was shortened or compacted.
 */
export function toSkillEntryTexts(listing: {
  readonly text: string;
  readonly included: readonly string[];
}): Map<string, string> {
  const entries = new Map<string, string>();
  let cursor = 0;
  for (const name of listing.included) {
    const start = listing.text.indexOf(SKILL_OPEN, cursor);
    const close = start === -1 ? -1 : listing.text.indexOf(SKILL_CLOSE, start);
    if (close === -1) break;
    cursor = close + SKILL_CLOSE.length;
    entries.set(name, listing.text.slice(start, cursor));
  }
  return entries;
}
