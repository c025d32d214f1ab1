import { describe, expect, it } from "vitest";

// Runs with `strict-to-throw.ts` as a setup file (vitest.config.ts): without it, every
// "fails" case below passes. Throwing non-errors is the point here, hence the lint exceptions.

/** The error `assertion` fails with, or "no failure". */
const failure = (assertion: () => unknown): unknown => {
  try {
    assertion();
  } catch (error) {
    return error;
  }
  return "no failure";
};

describe("toThrow with a message (strict-to-throw.ts)", () => {
  it.each([undefined, null, "", 0, false])(
    "fails when the function throws %o, with a string or a RegExp",
    (value) => {
      const run = () => {
        // oxlint-disable-next-line typescript/only-throw-error -- the falsy values under test
        throw value;
      };
      for (const matcher of ["expected message", /expected message/]) {
        for (const assertion of [
          () => expect(run).toThrow(matcher),
          () => expect(run).toThrowError(matcher),
        ]) {
          const error = failure(assertion);
          expect(error).toBeInstanceOf(Error);
          expect((error as Error).message).toMatch(
            /^expected an error with a message (including|matching) /,
          );
        }
      }
    },
  );

  it("fails when a promise rejects with undefined", async () => {
    // oxlint-disable-next-line typescript/prefer-promise-reject-errors -- the value under test
    const rejected = Promise.reject(undefined);
    const outcome = await expect(rejected)
      .rejects.toThrow("expected message")
      .then(
        () => "no failure",
        (error: unknown) => (error instanceof Error ? error.message : "not an error"),
      );
    expect(outcome).toMatch(/^expected an error with a message including /);
  });

  it("keeps chai's meaning everywhere else", async () => {
    const run = () => {
      throw new Error("the expected message");
    };
    expect(run).toThrow("expected message");
    expect(run).toThrow(/expected message$/);
    expect(() => {
      // oxlint-disable-next-line typescript/only-throw-error -- a thrown string keeps matching
      throw "a string with the expected message";
    }).toThrow("expected message");
    await expect(Promise.reject(new Error("the expected message"))).rejects.toThrow(
      "expected message",
    );
    expect(() => undefined).not.toThrow("expected message");
    expect(run).not.toThrow("another message");
    const throwUndefined = () => {
      // oxlint-disable-next-line typescript/only-throw-error -- the value under test
      throw undefined;
    };
    // oxlint-disable-next-line vitest/require-to-throw-message -- no message: anything thrown passes
    expect(throwUndefined).toThrow();
    expect(failure(() => expect(run).toThrow("another message"))).not.toBe("no failure");
    expect(failure(() => expect(() => undefined).toThrow("expected message"))).not.toBe(
      "no failure",
    );
  });
});
