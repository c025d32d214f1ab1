/**
 * The line count seed (`o200k-line-counts.json` beside the rank table): the o200k counts of the
 * lines of the renderer's built-in prose, written by the build (`buildLineCountSeed`) so that the
 * installed command does not count them on every start. As JSON:
 *
 *   { "version": 1, "counts": [["a line, as toCountedLines cuts it", 12], ...] }
 */
export const LINE_COUNT_SEED_VERSION = 1;

/** Counts by line; read-only. */
export type LineCountSeed = ReadonlyMap<string, number>;

/** The seed's JSON text: `counts` sorted by line, one entry per line. */
export function formatLineCountSeed(counts: ReadonlyMap<string, number>): string {
  // Lines are keys of a map, so no two are equal.
  const entries = [...counts].sort(([a], [b]) => (a < b ? -1 : 1));
  return `${JSON.stringify({ version: LINE_COUNT_SEED_VERSION, counts: entries })}\n`;
}

/**
 * Reads a seed's JSON text; `undefined` when it is not one (another version, a wrong shape, a
 * count that is not a whole number): the counter then counts every line, as with no seed.
 */
export function parseLineCountSeed(text: string): LineCountSeed | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const { version, counts } = value as { version?: unknown; counts?: unknown };
  if (version !== LINE_COUNT_SEED_VERSION || !Array.isArray(counts)) return undefined;
  const seed = new Map<string, number>();
  for (const entry of counts as unknown[]) {
    if (!Array.isArray(entry) || entry.length !== 2) return undefined;
    const [line, count] = entry as [unknown, unknown];
    if (typeof line !== "string" || !Number.isSafeInteger(count) || (count as number) < 0) {
      return undefined;
    }
    seed.set(line, count as number);
  }
  return seed;
}
