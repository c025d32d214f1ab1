/**
 * Which undetected mutants of a mutation report `stryker/equivalent-mutants.md` does not name:
 * the ones that still want a test or an entry with its reason (issue 36's rule). Used by
 * `pnpm test:mutation` after each package.
 */
import { basename } from "node:path";
import { formatMutantLine, UNDETECTED } from "../stryker/survivors-reporter.mjs";

/** One mutant of a mutation-testing report, the fields read here. */
export interface ReportMutant {
  readonly status: string;
  readonly mutatorName?: string;
  readonly replacement?: string;
  readonly location?: { readonly start: { readonly line: number; readonly column: number } };
}

/** An undetected mutant the list does not name. */
export interface UnlistedMutant {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly status: string;
  readonly mutatorName: string;
  readonly replacement: string;
}

/**
 * The places the list names, as `package/file.ts:line:column`: a `## package` heading (text after
 * the name, such as `: cache accounting`, is ignored) sets the package, a backquoted `file.ts`
 * the file, and each `line:column` after it in the same entry (wrapped lines included) names
 * one place. Pure.
 */
export function parseListedMutants(markdown: string): Set<string> {
  const listed = new Set<string>();
  let packageName = "";
  let file: string | undefined;
  for (const line of markdown.split("\n")) {
    const heading = /^## ([a-z0-9-]+)/.exec(line);
    if (heading !== null) packageName = heading[1]!;
    // An entry may wrap: its file holds until a new entry, heading or paragraph.
    if (heading !== null || line.trim() === "" || line.startsWith("- ")) file = undefined;
    for (const match of line.matchAll(/`([\w.-]+\.ts)`|(?<![\w.])(\d+):(\d+)(?!\w|\.\d)/g)) {
      if (match[1] !== undefined) file = match[1];
      else if (file !== undefined) listed.add(`${packageName}/${file}:${match[2]}:${match[3]}`);
    }
  }
  return listed;
}

/**
 * The surviving and uncovered mutants of `packageName`'s report whose place the list does not
 * name, in report order. A place names every mutant there (the list gives one reason for the
 * several mutants Stryker makes of one operator). Pure.
 */
export function findUnlistedSurvivors(
  packageName: string,
  report: { readonly files: Record<string, { readonly mutants: readonly ReportMutant[] }> },
  listed: ReadonlySet<string>,
): UnlistedMutant[] {
  const unlisted: UnlistedMutant[] = [];
  for (const [path, file] of Object.entries(report.files)) {
    for (const mutant of file.mutants) {
      if (!UNDETECTED.has(mutant.status) || mutant.location === undefined) continue;
      const { line, column } = mutant.location.start;
      if (listed.has(`${packageName}/${basename(path)}:${line}:${column}`)) continue;
      unlisted.push({
        file: path,
        line,
        column,
        status: mutant.status,
        mutatorName: mutant.mutatorName ?? "",
        replacement: mutant.replacement ?? "",
      });
    }
  }
  return unlisted;
}

/** One line per mutant: `file:line:column [status] mutator: "replacement"`. Pure. */
export function formatUnlistedSurvivors(unlisted: readonly UnlistedMutant[]): string {
  return unlisted.map((mutant) => `${formatMutantLine(mutant)}\n`).join("");
}
