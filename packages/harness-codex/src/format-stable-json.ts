/**
 * JSON with object keys sorted at every depth, two-space indent and a trailing newline, so the
 * bytes depend only on the value (never on insertion order or a formatter version).
 */
export function formatStableJson(value: unknown): string {
  return `${JSON.stringify(toSortedValue(value), null, 2)}\n`;
}

function toSortedValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toSortedValue);
  if (value !== null && typeof value === "object") {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const child = (value as Record<string, unknown>)[key];
      if (child !== undefined) sorted[key] = toSortedValue(child);
    }
    return sorted;
  }
  return value;
}
