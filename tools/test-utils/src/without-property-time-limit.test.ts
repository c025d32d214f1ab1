import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { withoutPropertyTimeLimit } from "./without-property-time-limit.js";

afterEach(() => {
  fc.resetConfigureGlobal();
});

describe("withoutPropertyTimeLimit", () => {
  it("lifts the global time limit for the run only, keeping the other settings", () => {
    const limited = { interruptAfterTimeLimit: 1, markInterruptAsFailure: false, numRuns: 7 };
    fc.configureGlobal(limited);
    const inside = withoutPropertyTimeLimit(() => fc.readConfigureGlobal());
    expect(inside).toEqual({ numRuns: 7 });
    expect(fc.readConfigureGlobal()).toBe(limited);
  });

  it("puts the settings back when the run throws, and passes the error on", () => {
    const limited = { interruptAfterTimeLimit: 1, markInterruptAsFailure: false };
    fc.configureGlobal(limited);
    const failing = () =>
      fc.assert(
        fc.property(fc.nat(), (n) => {
          const until = Date.now() + 2; // every run outlasts the 1 ms limit
          while (Date.now() < until);
          return n < 40;
        }),
        { numRuns: 10_000 },
      );
    expect(() => withoutPropertyTimeLimit(failing)).toThrow(/Property failed/);
    expect(fc.readConfigureGlobal()).toBe(limited);
  });
});
