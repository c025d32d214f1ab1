const ISO_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?([Zz]|[+-]\d{2}:?\d{2})$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Milliseconds since the epoch of an ISO 8601 date-time with a zone (`2026-12-01T21:05:00Z`,
 * `2026-12-01T22:05:00.250+01:00`), or `undefined` for anything else: no zone, or a date or time
 * that does not exist (`2026-02-30`, `24:00`, a leap second).
 */
export function parseIsoTimestamp(text: string): number | undefined {
  const match = ISO_TIMESTAMP.exec(text);
  if (match === null) return undefined;
  const [year, month, day, hour, minute, second] = match
    .slice(1, 7)
    .map((part) => Number(part ?? 0));
  if (month! < 1 || month! > 12 || day! < 1 || day! > daysInMonth(year!, month!)) return undefined;
  if (hour! > 23 || minute! > 59 || second! > 59) return undefined;
  const zone = match[8]!;
  if (zone !== "Z" && zone !== "z") {
    const zoneHours = Number(zone.slice(1, 3));
    const zoneMinutes = Number(zone.slice(-2));
    if (zoneHours > 23 || zoneMinutes > 59) return undefined;
  }
  const millis = Date.parse(
    `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6] ?? "00"}${
      match[7] === undefined ? "" : `.${match[7].slice(0, 3).padEnd(3, "0")}`
    }${zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone.toUpperCase()}`,
  );
  return Number.isFinite(millis) ? millis : undefined;
}
