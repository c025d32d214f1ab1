import * as z from "zod/mini";
import { describe, expect, it, vi } from "vitest";
import { nonBlankText } from "./config-schema-primitives.js";
import { formatZodIssues } from "./format-zod-issues.js";

/** The formatted issues of one parse, `[]` when the value passes. */
function issuesOf(schema: z.ZodMiniType, value: unknown) {
  const result = schema.safeParse(value, { reportInput: true });
  return result.success ? [] : formatZodIssues(result.error.issues);
}

describe("nonBlankText (issue 36)", () => {
  // Each test builds its own schema: the run facts schema is built once per process.
  const never = () => z.refine(() => false, { message: "the further check failed" });

  it("reports an empty string once, as empty, and runs no further check", () => {
    expect(issuesOf(nonBlankText(never()), "")).toEqual([
      { path: "(root)", message: "must not be empty" },
    ]);
  });

  it("reports blank text once, as blank, and runs no further check", () => {
    expect(issuesOf(nonBlankText(never()), " \t\n")).toEqual([
      { path: "(root)", message: "must not be blank" },
    ]);
  });

  it("runs the further checks on text with a non-space character", () => {
    expect(issuesOf(nonBlankText(never()), " x ")).toEqual([
      { path: "(root)", message: "the further check failed" },
    ]);
    expect(issuesOf(nonBlankText(), " x ")).toEqual([]);
  });
});

describe("positiveInt and nonEmptyString (issue 36)", () => {
  // A fresh copy of the module: its functions are made when it loads, and a test that loads it
  // is the one that covers them (what mutation testing needs to see).
  it("take positive whole numbers and non-empty strings, then the further checks", async () => {
    vi.resetModules();
    const { nonEmptyString, positiveInt } = await import("./config-schema-primitives.js");
    const upToFive = positiveInt(z.maximum(5));
    expect([1, 5, 0, 1.5, 6].map((value) => issuesOf(upToFive, value).length)).toEqual([
      0, 0, 1, 1, 1,
    ]);
    const short = nonEmptyString(z.maxLength(2));
    expect(["a", "ab", "", "abc"].map((value) => issuesOf(short, value).length)).toEqual([
      0, 0, 1, 1,
    ]);
  });
});
