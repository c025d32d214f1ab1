/**
 * Install-size guard for `pnpm release:check`: compares the measured `node_modules` bytes of each
 * consumer against the committed baseline (`scripts/release-footprint-baseline.json`).
 */

/** Bytes of `node_modules` per consumer, e.g. `{ renderer: 120000, everything: 9000000 }`. */
export type Footprint = Readonly<Record<string, number>>;

/** How much a consumer may grow over its baseline before the check fails (20%). */
export const FOOTPRINT_TOLERANCE = 0.2;

export interface FootprintComparison {
  /** One printable line per consumer. */
  readonly lines: readonly string[];
  /** Why the check fails; empty when every consumer is within the tolerance. */
  readonly problems: readonly string[];
}

/**
 * Compares `measured` with `baseline`: a consumer fails when it is more than `tolerance` larger
 * than its baseline or has no baseline. Shrinking never fails (update the baseline to lock it in).
 */
export function compareFootprint(
  measured: Footprint,
  baseline: Footprint,
  tolerance = FOOTPRINT_TOLERANCE,
): FootprintComparison {
  const lines: string[] = [];
  const problems: string[] = [];
  for (const [consumer, bytes] of Object.entries(measured)) {
    const base = baseline[consumer];
    if (base === undefined || !(base > 0)) {
      lines.push(`${consumer.padEnd(12)} ${formatBytes(bytes).padStart(10)}   (no baseline)`);
      problems.push(
        `footprint: "${consumer}" has no baseline; run \`pnpm release:check --update-footprint\``,
      );
      continue;
    }
    const change = (bytes - base) / base;
    const percent = `${change >= 0 ? "+" : ""}${(change * 100).toFixed(1)}%`;
    lines.push(
      `${consumer.padEnd(12)} ${formatBytes(bytes).padStart(10)}   baseline ${formatBytes(base)} (${percent})`,
    );
    if (change > tolerance) {
      problems.push(
        `footprint: "${consumer}" installs ${formatBytes(bytes)}, ${percent} over the baseline ` +
          `${formatBytes(base)} (limit +${tolerance * 100}%); shrink it, or if the growth is ` +
          "intended run `pnpm release:check --update-footprint` and commit the baseline",
      );
    }
  }
  return { lines, problems };
}

/** `1234567` → `"1.23 MB"` (decimal units, as npm prints sizes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(2)} MB`;
}
