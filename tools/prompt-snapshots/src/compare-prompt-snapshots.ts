import { createTwoFilesPatch } from "diff";

/** How committed snapshots differ from freshly generated ones. */
export interface PromptSnapshotDrift {
  /** Generated but not on disk. */
  readonly missing: readonly string[];
  /** On disk with other bytes, each with a unified diff (disk → expected). */
  readonly stale: readonly { readonly path: string; readonly diff: string }[];
  /** On disk but no longer generated. */
  readonly extra: readonly string[];
}

/** Compares expected files with files on disk (both keyed by path relative to the snapshot root). */
export function comparePromptSnapshots(
  expected: ReadonlyMap<string, string>,
  actual: ReadonlyMap<string, string>,
): PromptSnapshotDrift {
  const missing: string[] = [];
  const stale: { path: string; diff: string }[] = [];
  for (const [path, content] of expected) {
    const onDisk = actual.get(path);
    if (onDisk === undefined) missing.push(path);
    else if (onDisk !== content) {
      stale.push({
        path,
        // The `diff` package's unified diff; its `Index:` and `=====` preamble is dropped.
        diff: createTwoFilesPatch(
          `${path} (committed)`,
          `${path} (generated)`,
          onDisk,
          content,
          "",
          "",
          {
            context: 3,
          },
        )
          .split("\n")
          .slice(2)
          .join("\n"),
      });
    }
  }
  const extra = [...actual.keys()].filter((path) => !expected.has(path));
  return { missing: missing.sort(), stale, extra: extra.sort() };
}

/** True when nothing drifted. */
export function isPromptSnapshotDriftEmpty(drift: PromptSnapshotDrift): boolean {
  return drift.missing.length === 0 && drift.stale.length === 0 && drift.extra.length === 0;
}

/** A readable report: each missing, stale (with diff) and extra file, then the fix command. */
export function formatPromptSnapshotDrift(drift: PromptSnapshotDrift, fixCommand: string): string {
  if (isPromptSnapshotDriftEmpty(drift)) return "Prompt snapshots are up to date.\n";
  const lines: string[] = ["Prompt snapshots drifted from the code."];
  for (const path of drift.missing) lines.push(`missing: ${path}`);
  for (const path of drift.extra) lines.push(`extra (no longer generated): ${path}`);
  for (const { path } of drift.stale) lines.push(`stale: ${path}`);
  const diffs = drift.stale.map(({ diff }) => diff.trimEnd());
  return `${[...lines, "", ...diffs, "", `Fix: run \`${fixCommand}\` and commit the result.`].join("\n")}\n`;
}
