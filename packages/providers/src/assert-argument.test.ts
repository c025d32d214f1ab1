import { describe, expect, it } from "vitest";
import { assertObject, assertString, throwInvalidArgument } from "./assert-argument.js";
import { ProvidersError } from "./providers-error.js";
import { thrownBy } from "../test/expected-errors.js";

describe("throwInvalidArgument", () => {
  it("names the function, the field, what it expected and what it got, with a hint", () => {
    const error = thrownBy(() => throwInvalidArgument("buildX", "options.mode", "a string", 42));
    expect(ProvidersError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      name: "ProvidersError",
      code: "PROVIDERS_INVALID_ARGUMENT",
      message: "buildX: options.mode must be a string, got a number.",
      path: "options.mode",
      hint: "Pass a string as options.mode.",
    });
  });

  it.each([
    [undefined, "nothing"],
    [null, "null"],
    [[1], "an array"],
    [{}, "an object"],
    [new Date(0), "an object"],
    ["text", "a string"],
    [7, "a number"],
    [false, "a boolean"],
    [() => 1, "a function"],
    [10n, "a bigint"],
  ])("describes %o as %s", (value, described) => {
    expect(thrownBy(() => throwInvalidArgument("f", "p", "x", value))).toMatchObject({
      message: `f: p must be x, got ${described}.`,
    });
  });
});

describe("assertObject and assertString", () => {
  it("accept an object and a string", () => {
    expect(() => assertObject({}, "f", "p")).not.toThrow();
    expect(() => assertString("", "f", "p")).not.toThrow();
  });

  it.each([null, [], "s", undefined])("assertObject refuses %o", (value) => {
    expect(thrownBy(() => assertObject(value, "f", "p"))).toMatchObject({
      code: "PROVIDERS_INVALID_ARGUMENT",
      path: "p",
      hint: "Pass an object as p.",
    });
  });

  it("assertString refuses anything else, naming the field", () => {
    expect(thrownBy(() => assertString(1, "f", "p.q"))).toMatchObject({
      code: "PROVIDERS_INVALID_ARGUMENT",
      message: "f: p.q must be a string, got a number.",
      path: "p.q",
    });
  });
});
