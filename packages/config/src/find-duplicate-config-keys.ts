import { parse } from "@humanwhocodes/momoa";
import type { ElementNode, ValueNode } from "@humanwhocodes/momoa";
import type { Diagnostic } from "@promptstack/core";
import { formatConfigPath } from "./format-config-path.js";

/**
 * Reports every key that appears more than once in one object of a JSON or JSON5 text, at any
 * depth, as a `CONFIG_DUPLICATE_KEY` warning naming the path, the source and the lines. JSON5 (like
 * `JSON.parse`) keeps the last value silently; the warning shows that an earlier one is ignored.
 * Keys are compared by value, so `a`, `'a'`, `"a"` and `\u0061` are the same key.
 *
 * Call it on text that already parsed and passed `parseConfig` (depth is bounded then). Text
 * that the momoa parser does not accept yields no diagnostics.
 */
export function findDuplicateConfigKeys(text: string, source?: string): Diagnostic[] {
  const where = source === undefined ? "" : ` in ${source}`;
  let root: ValueNode;
  try {
    root = parse(text.replace(/^\uFEFF/, ""), { mode: "json5" }).body;
  } catch {
    return [];
  }
  const found: { line: number; diagnostic: Diagnostic }[] = [];
  // An explicit stack: the walk itself never recurses.
  const stack: { node: ValueNode; path: string[] }[] = [{ node: root, path: [] }];
  while (stack.length > 0) {
    const next = stack.pop();
    if (next === undefined) break;
    const { node, path } = next;
    if (node.type === "Array") {
      node.elements.forEach((element: ElementNode, index) => {
        stack.push({ node: element.value, path: [...path, String(index)] });
      });
      continue;
    }
    if (node.type !== "Object") continue;
    const lines = new Map<string, number[]>();
    for (const member of node.members) {
      const key = member.name.type === "Identifier" ? member.name.name : member.name.value;
      const seen = lines.get(key);
      if (seen === undefined) lines.set(key, [member.loc.start.line]);
      else seen.push(member.loc.start.line);
      stack.push({ node: member.value, path: [...path, key] });
    }
    for (const [key, at] of lines) {
      if (at.length < 2) continue;
      const keyPath = formatConfigPath([...path, key]);
      found.push({
        line: at[0] ?? 0,
        diagnostic: {
          code: "CONFIG_DUPLICATE_KEY",
          severity: "warning",
          message: `${keyPath} is set ${at.length} times${where} (lines ${at.join(", ")}); only the last value is used`,
          path: keyPath,
          hint: "Keep one of them and delete the others.",
        },
      });
    }
  }
  // In the order of the text: the walk visits objects in reverse.
  return found.sort((a, b) => a.line - b.line).map((entry) => entry.diagnostic);
}
