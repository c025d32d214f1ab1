let canonicalTimeZones: ReadonlySet<string> | undefined;

/** True when `Intl` accepts `value` as a time zone (IANA names such as `Europe/Berlin`, `UTC`). */
export function isKnownTimeZone(value: string): boolean {
  // The first Intl.DateTimeFormat loads ICU's date-formatting data (tens of ms at start-up);
  // listing the canonical zones does not. Aliases and other spellings still ask DateTimeFormat.
  canonicalTimeZones ??= new Set(Intl.supportedValuesOf("timeZone"));
  if (canonicalTimeZones.has(value)) return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The canonical spelling of a known time zone (`Etc/UTC` and `UTC` compare equal). */
export function toCanonicalTimeZone(value: string): string {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return value;
  }
}
