import { thrownBy } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import {
  assertObjectArgument,
  assertStringArgument,
  describeArgument,
  throwInvalidArgument,
} from "./assert-argument.js";
import { RendererError } from "./renderer-error.js";

describe("describeArgument", () => {
  it.each<[string, unknown, string]>([
    ["an empty string", "", '""'],
    ["a short string", 'say "hi"', '"say \\"hi\\""'],
    ["nothing", undefined, "nothing"],
    ["null", null, "null"],
    ["an array", [1, 2], "an array"],
    ["an empty array", [], "an array"],
    ["a finite number", -2.5, "the number -2.5"],
    ["zero", 0, "the number 0"],
    ["NaN", Number.NaN, "a number"],
    ["infinity", Number.POSITIVE_INFINITY, "a number"],
    ["an object", { a: 1 }, "an object"],
    ["a date", new Date(0), "an object"],
    ["a boolean", false, "a boolean"],
    ["a function", () => 1, "a function"],
    ["a bigint", 10n, "a bigint"],
    ["a symbol", Symbol("s"), "a symbol"],
  ])("describes %s", (_name, value, described) => {
    expect(describeArgument(value)).toBe(described);
  });

  it("quotes a string of 60 characters whole and cuts one of 61", () => {
    expect(describeArgument("a".repeat(60))).toBe(`"${"a".repeat(60)}"`);
    expect(describeArgument(`${"a".repeat(60)}b`)).toBe(`"${"a".repeat(60)}"... (61 chars)`);
  });
});

describe("throwInvalidArgument", () => {
  it("names the function, the path, what it expected and what it got, with a hint", () => {
    const error = thrownBy(() => throwInvalidArgument("renderX", "options.size", "a size", null));
    expect(RendererError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      name: "RendererError",
      code: "RENDERER_INVALID_INPUT",
      message: "renderX: expected a size at options.size, got null.",
      path: "options.size",
      hint: "Pass a size as options.size.",
    });
  });
});

describe("assertStringArgument and assertObjectArgument", () => {
  it("accept a string and a plain object", () => {
    expect(() => assertStringArgument("", "f", "p")).not.toThrow();
    expect(() => assertObjectArgument({}, "f", "p")).not.toThrow();
  });

  it("assertStringArgument refuses anything else, naming the field", () => {
    expect(thrownBy(() => assertStringArgument(7, "f", "p.q"))).toMatchObject({
      code: "RENDERER_INVALID_INPUT",
      message: "f: expected a string at p.q, got the number 7.",
      path: "p.q",
      hint: "Pass a string as p.q.",
    });
  });

  it.each<[unknown, string]>([
    ["text", '"text"'],
    [3, "the number 3"],
    [undefined, "nothing"],
    [null, "null"],
    [[], "an array"],
  ])("assertObjectArgument refuses %o", (value, described) => {
    expect(thrownBy(() => assertObjectArgument(value, "f", "p"))).toMatchObject({
      code: "RENDERER_INVALID_INPUT",
      message: `f: expected an object at p, got ${described}.`,
      path: "p",
      hint: "Pass an object as p.",
    });
  });
});
