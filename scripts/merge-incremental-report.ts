/**
 * Merges the report of a mutation run over part of a package (`pnpm test:mutation <package>
 * --mutate <glob>`) into the package's committed incremental file, so a large package can be
 * measured a few files at a time and its file still holds every file's results.
 *
 * A run's report only holds the files it mutated, and names tests by ids that are numbered afresh
 * each run. The merge keeps the run's files and tests as they are and, for every other file of
 * the earlier report that the run did not mutate and that still exists, keeps each mutant whose tests it can still name: a test named in the
 * earlier report's `coveredBy` or `killedBy` is found in the new run by its file and name, and
 * only if that test file's source is unchanged. A mutant with a test that cannot be matched is
 * dropped, so the next run tests it again instead of reusing a result the changed tests may no
 * longer give.
 */

/** A test of a report's `testFiles`. */
export interface ReportTest {
  readonly id: string;
  readonly name: string;
  readonly [key: string]: unknown;
}

/** A mutant of a report's `files`, the fields the merge reads or rewrites. */
export interface IncrementalMutant {
  readonly id: string;
  readonly coveredBy?: readonly string[];
  readonly killedBy?: readonly string[];
  readonly [key: string]: unknown;
}

/** The parts of a mutation-testing report (Stryker's incremental file) the merge reads. */
export interface IncrementalReport {
  readonly files: Record<string, { readonly mutants: readonly IncrementalMutant[] }>;
  readonly testFiles?: Record<
    string,
    { readonly source?: string; readonly tests: readonly ReportTest[] }
  > | null;
  readonly [key: string]: unknown;
}

/** The merged report, and how many mutants of the earlier report it kept and dropped. */
export interface MergedIncrementalReport {
  readonly report: IncrementalReport;
  readonly kept: number;
  readonly dropped: number;
}

/** What the merge asks about a file of the earlier report (paths as the reports write them). */
export interface MergeFileQuestions {
  /**
   * Whether the run mutated the file (it matches the run's glob): a file left with no mutant is
   * absent from the run's report, yet its earlier mutants are gone.
   */
  readonly mutated: (path: string) => boolean;
  /** Whether the file is still there. */
  readonly exists: (path: string) => boolean;
}

/**
 * `partial` (the run's report) with every file of `earlier` that the run did not mutate and
 * that still exists, its mutants' test ids rewritten to the run's. Pure, given pure questions.
 */
export function mergeIncrementalReport(
  earlier: IncrementalReport,
  partial: IncrementalReport,
  questions: MergeFileQuestions,
): MergedIncrementalReport {
  const earlierTests = indexTests(earlier.testFiles ?? {});
  const partialTestFiles = partial.testFiles ?? {};
  const partialIds = new Map<string, string>();
  for (const [file, testFile] of Object.entries(partialTestFiles)) {
    const earlierSource = earlier.testFiles?.[file]?.source;
    if (earlierSource === undefined || earlierSource !== testFile.source) continue;
    for (const test of testFile.tests) partialIds.set(testKey(file, test.name), test.id);
  }
  const toPartialId = (id: string): string | undefined => {
    const key = earlierTests.get(id);
    return key === undefined ? undefined : partialIds.get(key);
  };

  let nextId = 1 + Math.max(-1, ...mutantIds(partial).map(Number).filter(Number.isInteger));
  let kept = 0;
  let dropped = 0;
  const files: Record<string, { readonly mutants: readonly IncrementalMutant[] }> = {
    ...partial.files,
  };
  for (const [path, file] of Object.entries(earlier.files)) {
    if (path in partial.files || questions.mutated(path) || !questions.exists(path)) continue;
    const mutants: IncrementalMutant[] = [];
    for (const mutant of file.mutants) {
      const coveredBy = mapAll(mutant.coveredBy, toPartialId);
      const killedBy = mapAll(mutant.killedBy, toPartialId);
      if (coveredBy === undefined || killedBy === undefined) {
        dropped += 1;
        continue;
      }
      kept += 1;
      mutants.push({
        ...mutant,
        id: String(nextId++),
        ...(mutant.coveredBy === undefined ? {} : { coveredBy }),
        ...(mutant.killedBy === undefined ? {} : { killedBy }),
      });
    }
    files[path] = { ...file, mutants };
  }
  return { report: { ...partial, files }, kept, dropped };
}

function testKey(file: string, name: string): string {
  return `${file}\u0000${name}`;
}

/** Test id → `file\0name`, over a report's test files. */
function indexTests(testFiles: NonNullable<IncrementalReport["testFiles"]>): Map<string, string> {
  const index = new Map<string, string>();
  for (const [file, testFile] of Object.entries(testFiles)) {
    for (const test of testFile.tests) index.set(test.id, testKey(file, test.name));
  }
  return index;
}

function mutantIds(report: IncrementalReport): string[] {
  return Object.values(report.files).flatMap((file) => file.mutants.map((mutant) => mutant.id));
}

/** Every id mapped, or `undefined` when one cannot be. */
function mapAll(
  ids: readonly string[] | undefined,
  map: (id: string) => string | undefined,
): string[] | undefined {
  const mapped: string[] = [];
  for (const id of ids ?? []) {
    const to = map(id);
    if (to === undefined) return undefined;
    mapped.push(to);
  }
  return mapped;
}
