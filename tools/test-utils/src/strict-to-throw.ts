import { chai } from "vitest";

// A vitest setup file (vitest.config.ts, stryker/vitest.config.ts). `toThrow("…")` and
// `toThrow(/…/)` hand the check to chai's `throws`, which skips the message check when the thrown
// value is falsy: a function that throws `undefined` passes `toThrow("anything")`, and so does a
// promise that rejects with it (vitest-dev/vitest#7260, open upstream). Here the assertion fails
// instead, so such a test can fail on the code it names. Negated assertions and `toThrow()` with no
// argument keep chai's meaning.
chai.use((api, utils) => {
  for (const name of ["throw", "throws", "Throw"]) {
    utils.overwriteMethod(
      api.Assertion.prototype,
      name,
      (original: (...args: unknown[]) => unknown) =>
        function (this: Chai.AssertionStatic, ...args: unknown[]): unknown {
          const result = original.apply(this, args);
          const [matcher] = args;
          const checksMessage = typeof matcher === "string" || matcher instanceof RegExp;
          if (checksMessage && utils.flag(this, "negate") !== true) {
            // chai leaves the thrown value in the "object" flag; a function that threw nothing
            // has already failed above.
            const thrown: unknown = utils.flag(this, "object");
            this.assert(
              Boolean(thrown),
              `expected an error with a message ${typeof matcher === "string" ? "including" : "matching"} #{exp}, but ${String(thrown === "" ? '""' : thrown)} was thrown`,
              "",
              matcher,
              thrown,
            );
          }
          return result;
        },
    );
  }
});
