import { describe, expect, it } from "vitest";
import type { z } from "zod/mini";
import { describeValueType, formatZodIssues } from "./format-zod-issues.js";

const format = (issues: readonly object[]) =>
  formatZodIssues(issues as unknown as readonly z.core.$ZodIssue[]);

describe("describeValueType", () => {
  it("names each kind of value, never an object's contents", () => {
    const forty = "x".repeat(40);
    expect(
      [
        null,
        [1],
        Number.NaN,
        Number.POSITIVE_INFINITY,
        3,
        1.5,
        "hi",
        forty,
        `${forty}y`,
        true,
        false,
        undefined,
        { a: 1 },
        1n,
      ].map(describeValueType),
    ).toEqual([
      "null",
      "an array",
      "NaN",
      "Infinity",
      "the number 3",
      "the fraction 1.5",
      'the string "hi"',
      `the string "${forty}"`,
      `the string "${forty}…"`,
      "true",
      "false",
      "nothing",
      "a object",
      "a bigint",
    ]);
  });
});

describe("formatZodIssues", () => {
  const at = (code: string, extra: object) => ({
    code,
    path: ["a", 0],
    message: "zod says",
    ...extra,
  });

  it("words each issue code and formats its path", () => {
    expect(
      format([
        at("invalid_type", { expected: "int", input: "1" }),
        at("invalid_type", { expected: "date", input: null }),
        at("invalid_value", { values: ["a", 1], input: false }),
        at("too_small", { origin: "string", minimum: 1, inclusive: true, input: "" }),
        at("too_small", { origin: "array", minimum: 2, inclusive: true, input: [] }),
        at("too_small", { origin: "number", minimum: 1, inclusive: true, input: 0 }),
        at("too_small", { origin: "number", minimum: 0, inclusive: false, input: -1 }),
        at("too_big", { origin: "number", maximum: 9, inclusive: true, input: 10 }),
        at("too_big", { origin: "number", maximum: 9, inclusive: false, input: 9.5 }),
        at("unrecognized_keys", { keys: ["x", "y"] }),
        at("invalid_key", { origin: "record", issues: [] }),
        at("custom", {}),
      ]),
    ).toEqual(
      [
        'expected an integer, got the string "1"',
        "expected date, got null",
        'expected one of "a" | 1, got false',
        "must not be empty",
        "needs at least 2 items",
        "must be at least 1, got the number 0",
        "must be greater than 0, got the number -1",
        "must be at most 9, got the number 10",
        "must be less than 9, got the fraction 9.5",
        "unknown keys x, y",
        "invalid key",
        "zod says",
      ].map((message) => ({ path: "a.0", message })),
    );
  });

  it("shows the issues of the union branch that took the value's type, else what each branch expects", () => {
    const miss = (code: string, extra: object) => ({ code, path: [], message: "m", ...extra });
    expect(
      format([
        {
          code: "invalid_union",
          path: ["profile"],
          message: "Invalid input",
          input: { name: 1 },
          errors: [
            [miss("invalid_type", { expected: "string" })],
            [{ code: "invalid_type", path: ["name"], message: "m", expected: "string", input: 1 }],
          ],
        },
        {
          code: "invalid_union",
          path: ["mode"],
          message: "Invalid input",
          input: 7,
          errors: [
            [miss("invalid_value", { values: ["a", "b"] })],
            [miss("invalid_type", { expected: "boolean" })],
            [miss("invalid_type", { expected: "bigint" })],
          ],
        },
        { code: "invalid_union", path: ["empty"], message: "no branches", errors: [] },
        {
          code: "invalid_union",
          path: ["id"],
          message: "Invalid input",
          input: "",
          errors: [
            [miss("invalid_type", { expected: "number" })],
            [miss("too_small", { origin: "string", minimum: 1, inclusive: true, input: "" })],
          ],
        },
        {
          code: "invalid_union",
          path: ["mixed"],
          message: "Invalid input",
          input: {},
          errors: [
            [miss("invalid_type", { expected: "string" })],
            [
              miss("invalid_type", { expected: "array" }),
              { code: "invalid_type", path: [0], message: "m", expected: "int", input: "x" },
            ],
          ],
        },
      ]),
    ).toEqual([
      { path: "profile.name", message: "expected a string, got the number 1" },
      {
        path: "mode",
        message: 'expected "a" | "b" or true or false or bigint, got the number 7',
      },
      { path: "empty", message: "no branches" },
      { path: "id", message: "must not be empty" },
      { path: "mixed", message: "expected an array, got nothing" },
      { path: "mixed.0", message: 'expected an integer, got the string "x"' },
    ]);
  });
});
