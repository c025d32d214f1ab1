import fc from "fast-check";

/**
 * Runs `run` (a planted-fault check that expects a property to fail) with fast-check's global
 * time limit lifted, then puts the global settings back. Mutation runs stop every property after
 * a second and let it pass (`stryker/fast-check-time-limit.ts`); a planted fault must be found
 * however long the search takes, or its test fails the run before a mutant is tried.
 */
export function withoutPropertyTimeLimit<T>(run: () => T): T {
  const saved = fc.readConfigureGlobal();
  const { interruptAfterTimeLimit: _limit, markInterruptAsFailure: _mark, ...rest } = saved;
  fc.configureGlobal(rest);
  try {
    return run();
  } finally {
    fc.configureGlobal(saved);
  }
}
