import { relative } from "node:path";
import { BaseSequencer } from "vitest/node";
import type { TestSpecification } from "vitest/node";

/**
 * Orders items by the longest time each has taken (fastest first); an item never timed goes
 * last, in the order given. Pure.
 */
export function orderFastestFirst<T>(
  items: readonly T[],
  longest: (item: T) => number | undefined,
): T[] {
  return items
    .map((item, index) => ({ item, index, time: longest(item) ?? Number.POSITIVE_INFINITY }))
    .sort((a, b) => a.time - b.time || a.index - b.index)
    .map(({ item }) => item);
}

/**
 * Mutation runs only (stryker/vitest.config.ts): runs a mutant's test files fastest first.
 * Stryker stops at the first failing test, so a mutant a quick unit test catches no longer waits
 * for the slow scenario files first (vitest's own order is slowest first, to fill parallel
 * workers; a mutation run has one). Each file's time is the longest it has taken in this
 * process: a run cut short by a failure does not make a slow file look fast. The order changes
 * what a run costs, never which mutants it detects.
 */
export class FastestFirstSequencer extends BaseSequencer {
  readonly #longest = new Map<string, number>();

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const key = (file: TestSpecification) =>
      `${file.project.name}:${relative(root, file.moduleId)}`;
    for (const file of files) {
      const duration = this.ctx.cache.getFileTestResults(key(file))?.duration;
      if (duration !== undefined) {
        this.#longest.set(key(file), Math.max(duration, this.#longest.get(key(file)) ?? 0));
      }
    }
    return orderFastestFirst(files, (file) => this.#longest.get(key(file)));
  }
}
