/** Options for `formatUnifiedDiff`. */
export interface UnifiedDiffOptions {
  /** Unchanged lines kept around each change. Default 2. */
  readonly context?: number;
  /** Cap on the number of output lines after the headers; a final line says how many were cut. */
  readonly maxLines?: number;
  readonly beforeLabel?: string;
  readonly afterLabel?: string;
}

type Edit = { readonly kind: " " | "-" | "+"; readonly line: string };

function diffLines(before: readonly string[], after: readonly string[]): Edit[] {
  // Trim the common head and tail first: prompt sections usually differ in a line or two.
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head += 1;
  let tail = 0;
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  ) {
    tail += 1;
  }
  const a = before.slice(head, before.length - tail);
  const b = after.slice(head, after.length - tail);
  const width = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lcs[i * width + j] =
        a[i] === b[j]
          ? (lcs[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lcs[(i + 1) * width + j] ?? 0, lcs[i * width + j + 1] ?? 0);
    }
  }
  const middle: Edit[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      middle.push({ kind: " ", line: a[i] ?? "" });
      i += 1;
      j += 1;
    } else if (
      j >= b.length ||
      (i < a.length && (lcs[(i + 1) * width + j] ?? 0) >= (lcs[i * width + j + 1] ?? 0))
    ) {
      middle.push({ kind: "-", line: a[i] ?? "" });
      i += 1;
    } else {
      middle.push({ kind: "+", line: b[j] ?? "" });
      j += 1;
    }
  }
  return [
    ...before.slice(0, head).map((line): Edit => ({ kind: " ", line })),
    ...middle,
    ...before.slice(before.length - tail).map((line): Edit => ({ kind: " ", line })),
  ];
}

/**
 * A unified diff (`---`/`+++` headers, `@@` hunks) of two texts, line by line. Returns the empty
 * string when the texts are equal.
 */
export function formatUnifiedDiff(
  before: string,
  after: string,
  options: UnifiedDiffOptions = {},
): string {
  if (before === after) return "";
  const context = options.context ?? 2;
  const edits = diffLines(before.split("\n"), after.split("\n"));
  const changed = edits.map((edit) => edit.kind !== " ");
  const keep = edits.map((_, index) => {
    for (
      let k = Math.max(0, index - context);
      k <= Math.min(edits.length - 1, index + context);
      k += 1
    ) {
      if (changed[k] === true) return true;
    }
    return false;
  });
  const body: string[] = [];
  let index = 0;
  let beforeLine = 1;
  let afterLine = 1;
  while (index < edits.length) {
    if (keep[index] !== true) {
      const edit = edits[index];
      if (edit?.kind !== "+") beforeLine += 1;
      if (edit?.kind !== "-") afterLine += 1;
      index += 1;
      continue;
    }
    const hunk: string[] = [];
    const hunkBeforeStart = beforeLine;
    const hunkAfterStart = afterLine;
    let beforeCount = 0;
    let afterCount = 0;
    while (index < edits.length && keep[index] === true) {
      const edit = edits[index];
      if (edit === undefined) break;
      hunk.push(`${edit.kind}${edit.line}`);
      if (edit.kind !== "+") {
        beforeLine += 1;
        beforeCount += 1;
      }
      if (edit.kind !== "-") {
        afterLine += 1;
        afterCount += 1;
      }
      index += 1;
    }
    body.push(`@@ -${hunkBeforeStart},${beforeCount} +${hunkAfterStart},${afterCount} @@`, ...hunk);
  }
  const maxLines = options.maxLines ?? Number.POSITIVE_INFINITY;
  const shown = body.length > maxLines ? body.slice(0, maxLines) : body;
  const cut = body.length - shown.length;
  return [
    `--- ${options.beforeLabel ?? "before"}`,
    `+++ ${options.afterLabel ?? "after"}`,
    ...shown,
    ...(cut > 0 ? [`… ${cut} more diff line${cut === 1 ? "" : "s"}`] : []),
  ].join("\n");
}
