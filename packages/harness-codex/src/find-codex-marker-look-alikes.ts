/**
 * A renderer marker spelled inside a line: `<!-- …BOUNDARY… -->` or `<!-- …RUNTIME_TAIL… -->`.
 * Codex takes single strings, so `stripCodexBoundaryMarkers` refuses text that still holds one.
 */
export const CODEX_MARKER_LOOK_ALIKE = /<!-- [A-Z0-9_]*(BOUNDARY|RUNTIME_TAIL)[A-Z0-9_]* -->/;

/**
 * Lists the paths (`tools[3].description`) of every string in a JSON-like value that spells a
 * renderer marker, so a `CODEX_BOUNDARY_LEAK` can be traced to the input field that caused it.
 * Pure; walks with an explicit stack, so depth cannot overflow it.
 */
export function findCodexMarkerLookAlikes(value: unknown): string[] {
  const found: string[] = [];
  const stack: { value: unknown; path: string }[] = [{ value, path: "" }];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const next = stack.pop();
    if (next === undefined) break;
    const { value: current, path } = next;
    if (typeof current === "string") {
      if (CODEX_MARKER_LOOK_ALIKE.test(current)) found.push(path === "" ? "(root)" : path);
      continue;
    }
    if (typeof current !== "object" || current === null || seen.has(current)) continue;
    seen.add(current);
    const children: { value: unknown; path: string }[] = Array.isArray(current)
      ? current.map((item: unknown, index) => ({ value: item, path: `${path}[${index}]` }))
      : Object.entries(current).map(([key, item]) => ({
          value: item,
          path: /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key)
            ? path === ""
              ? key
              : `${path}.${key}`
            : `${path}[${JSON.stringify(key)}]`,
        }));
    // Reversed onto the stack: paths come out in document order.
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const child = children[index];
      if (child !== undefined) stack.push(child);
    }
  }
  return found;
}
