/** `12345` → `12,345`; fixed locale so output never depends on the machine. */
export function formatNumber(value: number): string {
  // Counts are integers: grouped by hand, because setting up ICU's number formatter (the first
  // toLocaleString) costs tens of milliseconds of a command's start-up. Same output as en-US.
  if (!Number.isSafeInteger(value) || Object.is(value, -0)) return value.toLocaleString("en-US");
  const digits = String(Math.abs(value));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let start = grouped.length; start < digits.length; start += 3) {
    grouped += `,${digits.slice(start, start + 3)}`;
  }
  return value < 0 ? `-${grouped}` : grouped;
}
