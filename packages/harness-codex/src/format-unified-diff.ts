/** Options for `formatUnifiedDiff`. */
export interface UnifiedDiffOptions {
  /** Unchanged lines kept around each change. Default 3. */
  readonly context?: number;
  /** Cap on the number of output lines after the headers; a final line says how many were cut. */
  readonly maxLines?: number;
  /** `---` header. Default `before`. */
  readonly beforeLabel?: string;
  /** `+++` header. Default `after`. */
  readonly afterLabel?: string;
}

type Edit = { readonly kind: " " | "-" | "+"; readonly line: string };

function diffLines(before: readonly string[], after: readonly string[]): Edit[] {
  // Trim the common head and tail first: prompt texts usually differ in a line or two, and the
  // LCS table then only covers the changed middle.
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

// GNU diff names the line before an empty range: `-0,0` for an insertion at the top.
function toRange(start: number, count: number): string {
  return `${count === 0 ? start - 1 : start},${count}`;
}

/**
 * A unified diff (`---`/`+++` headers, `@@` hunks) turning `before` into `after`, line by line;
 * the empty string when the texts are equal. Hunks closer than twice the context merge.
 */
export function formatUnifiedDiff(
  before: string,
  after: string,
  options: UnifiedDiffOptions = {},
): string {
  if (before === after) return "";
  const context = options.context ?? 3;
  const edits = diffLines(before.split("\n"), after.split("\n"));
  // keep[i]: edit i lies within `context` lines of a change.
  const keep = Array.from({ length: edits.length }, () => false);
  let lastChange = Number.NEGATIVE_INFINITY;
  for (let index = 0; index < edits.length; index += 1) {
    if (edits[index]?.kind !== " ") lastChange = index;
    if (index - lastChange <= context) keep[index] = true;
  }
  let nextChange = Number.POSITIVE_INFINITY;
  for (let index = edits.length - 1; index >= 0; index -= 1) {
    if (edits[index]?.kind !== " ") nextChange = index;
    if (nextChange - index <= context) keep[index] = true;
  }
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
    body.push(
      `@@ -${toRange(hunkBeforeStart, beforeCount)} +${toRange(hunkAfterStart, afterCount)} @@`,
      ...hunk,
    );
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
