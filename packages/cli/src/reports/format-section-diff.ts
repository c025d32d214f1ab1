import { structuredPatch } from "diff";

/** Options of `formatSectionDiff`. */
export interface SectionDiffOptions {
  /** Unchanged lines kept around each change. */
  readonly context: number;
  /** Cap on the number of output lines after the headers; a final line says how many were cut. */
  readonly maxLines: number;
  readonly beforeLabel: string;
  readonly afterLabel: string;
}

/**
 * Most changed lines (insertions plus deletions) the diff looks for before it gives up. The
 * `diff` package's Myers diff takes time and memory in proportion to the texts times this bound,
 * never to the product of their lengths.
 */
export const SECTION_DIFF_MAX_EDIT_LINES = 2_000;

// GNU diff names the line before an empty range: `-0,0` for an insertion at the top.
function toRange(start: number, count: number): string {
  return `${count === 0 ? start - 1 : start},${count}`;
}

/**
 * The text as the diff reads it: every line ends with a line break, so no "No newline" markers,
 * and the empty text is no line at all (a section added or removed is all `+` or all `-`).
 */
function toDiffLines(text: string): string {
  return text === "" ? "" : `${text}\n`;
}

/**
 * A unified diff (`---`/`+++` headers, `@@` hunks) turning `before` into `after`, line by line;
 * the empty string when the texts are equal. Hunks closer than twice the context merge. When
 * the texts differ in more than `SECTION_DIFF_MAX_EDIT_LINES` lines, the headers are followed by
 * one line saying the diff gave up, instead of a diff.
 */
export function formatSectionDiff(
  before: string,
  after: string,
  options: SectionDiffOptions,
): string {
  if (before === after) return "";
  const headers = [`--- ${options.beforeLabel}`, `+++ ${options.afterLabel}`];
  const patch = structuredPatch(
    "",
    "",
    toDiffLines(before),
    toDiffLines(after),
    undefined,
    undefined,
    {
      context: options.context,
      maxEditLength: SECTION_DIFF_MAX_EDIT_LINES,
    },
  );
  if (patch === undefined) {
    return [
      ...headers,
      `… no line diff: the texts differ in more than ${SECTION_DIFF_MAX_EDIT_LINES} lines; compare the sections in render --json.`,
    ].join("\n");
  }
  const body: string[] = [];
  for (const hunk of patch.hunks) {
    body.push(
      `@@ -${toRange(hunk.oldStart, hunk.oldLines)} +${toRange(hunk.newStart, hunk.newLines)} @@`,
      ...hunk.lines,
    );
  }
  const shown = body.length > options.maxLines ? body.slice(0, options.maxLines) : body;
  const cut = body.length - shown.length;
  return [
    ...headers,
    ...shown,
    ...(cut > 0 ? [`… ${cut} more diff line${cut === 1 ? "" : "s"}`] : []),
  ].join("\n");
}
