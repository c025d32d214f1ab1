const PLAIN_SEGMENT = /^[A-Za-z0-9_$-]+$/;

/** Formats a path as `dot.path`; array indices stay numeric, odd keys are quoted. */
export function formatConfigPath(segments: readonly PropertyKey[]): string {
  if (segments.length === 0) return "(root)";
  let out = "";
  for (const segment of segments) {
    const text = typeof segment === "symbol" ? (segment.description ?? "symbol") : String(segment);
    const part = PLAIN_SEGMENT.test(text) ? text : JSON.stringify(text);
    out = out === "" ? part : `${out}.${part}`;
  }
  return out;
}
