/**
 * A unified diff (3 lines of context) between two texts, `---`/`+++` headers included; an empty
 * string when they are equal. Line-based LCS: snapshot files are small.
 */
export function formatUnifiedDiff(
  expected: string,
  actual: string,
  labels: { readonly expected: string; readonly actual: string },
): string {
  if (expected === actual) return "";
  const a = actual.split("\n");
  const b = expected.split("\n");
  const ops = diffLines(a, b);
  const lines = [`--- ${labels.actual}`, `+++ ${labels.expected}`];
  const context = 3;
  const changed = ops.flatMap((op, position) => (op.kind === "same" ? [] : [position]));
  const groups: [number, number][] = [];
  for (const position of changed) {
    const last = groups[groups.length - 1];
    if (last !== undefined && position - last[1] <= context * 2) last[1] = position;
    else groups.push([position, position]);
  }
  for (const [first, last] of groups) {
    const hunk = ops.slice(Math.max(0, first - context), Math.min(ops.length, last + context + 1));
    const head = hunk[0];
    const aCount = hunk.filter((op) => op.kind !== "add").length;
    const bCount = hunk.filter((op) => op.kind !== "remove").length;
    lines.push(`@@ -${(head?.aLine ?? 0) + 1},${aCount} +${(head?.bLine ?? 0) + 1},${bCount} @@`);
    for (const op of hunk) {
      lines.push(`${op.kind === "same" ? " " : op.kind === "add" ? "+" : "-"}${op.text}`);
    }
  }
  return `${lines.join("\n")}\n`;
}

interface DiffOp {
  readonly kind: "same" | "add" | "remove";
  readonly text: string;
  readonly aLine: number;
  readonly bLine: number;
}

function diffLines(a: readonly string[], b: readonly string[]): DiffOp[] {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const table = new Uint32Array(rows * cols);
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      table[i * cols + j] =
        a[i] === b[j]
          ? (table[(i + 1) * cols + j + 1] ?? 0) + 1
          : Math.max(table[(i + 1) * cols + j] ?? 0, table[i * cols + j + 1] ?? 0);
    }
  }
  const ops: DiffOp[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      ops.push({ kind: "same", text: a[i] ?? "", aLine: i, bLine: j });
      i += 1;
      j += 1;
    } else if (
      i < a.length &&
      (j === b.length || (table[(i + 1) * cols + j] ?? 0) >= (table[i * cols + j + 1] ?? 0))
    ) {
      ops.push({ kind: "remove", text: a[i] ?? "", aLine: i, bLine: j });
      i += 1;
    } else {
      ops.push({ kind: "add", text: b[j] ?? "", aLine: i, bLine: j });
      j += 1;
    }
  }
  return ops;
}
