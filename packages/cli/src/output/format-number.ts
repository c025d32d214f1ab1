/** `12345` → `12,345`; fixed locale so output never depends on the machine. */
export function formatNumber(value: number): string {
  return value.toLocaleString("en-US");
}
