const ISO_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?([Zz]|([+-])(\d{2}):?(\d{2}))$/;

const DAY_MS = 86_400_000;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/**
 * Milliseconds since the epoch of an ISO 8601 date-time with a zone (`2026-12-01T21:05:00Z`,
 * `2026-12-01T22:05:00.250+01:00`), or `undefined` for anything else: no zone, or a date or time
 * that does not exist (`2026-02-30`, `24:00`, a leap second). Pure arithmetic: no clock, no
 * locale.
 */
export function parseIsoTimestamp(text: string): number | undefined {
  const match = ISO_TIMESTAMP.exec(text);
  if (match === null) return undefined;
  const [year, month, day, hour, minute, second] = match
    .slice(1, 7)
    .map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  let offsetMinutes = 0;
  if (match[9] !== undefined) {
    const zoneHours = Number(match[10]);
    const zoneMinutes = Number(match[11]);
    if (zoneHours > 23 || zoneMinutes > 59) return undefined;
    offsetMinutes = (match[9] === "-" ? -1 : 1) * (zoneHours * 60 + zoneMinutes);
  }
  const millis = Number((match[7] ?? "").slice(0, 3).padEnd(3, "0"));
  return (
    daysFromCivil(year, month, day) * DAY_MS +
    ((hour * 60 + minute - offsetMinutes) * 60 + second) * 1000 +
    millis
  );
}

/** `YYYY-MM-DDTHH:MM:SS.mmmZ` of milliseconds since the epoch (H. Hinnant's civil_from_days). */
export function formatIsoTimestamp(millis: number): string {
  const days = Math.floor(millis / DAY_MS);
  const rest = millis - days * DAY_MS;
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shifted = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shifted + 2) / 5) + 1;
  const month = shifted + (shifted < 10 ? 3 : -9);
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const pad = (value: number, width = 2) => String(value).padStart(width, "0");
  const hours = Math.floor(rest / 3_600_000);
  const minutes = Math.floor((rest % 3_600_000) / 60_000);
  const seconds = Math.floor((rest % 60_000) / 1000);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(rest % 1000, 3)}Z`;
}
