/** True when `Intl` accepts `value` as a time zone (IANA names such as `Europe/Berlin`, `UTC`). */
export function isKnownTimeZone(value: string): boolean {
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
