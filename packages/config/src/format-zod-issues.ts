import type { z } from "zod/mini";
import type { ConfigIssue } from "./config-error.js";
import { formatConfigPath } from "./format-config-path.js";

/** Describes a value's type for a message, never its object contents. */
export function describeValueType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return String(value);
    return Number.isInteger(value) ? `the number ${value}` : `the fraction ${value}`;
  }
  if (typeof value === "string") {
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    return `the string ${JSON.stringify(shown)}`;
  }
  if (typeof value === "boolean") return `${value}`;
  if (value === undefined) return "nothing";
  return `a ${typeof value}`;
}

const EXPECTED_NAMES: Readonly<Record<string, string>> = {
  int: "an integer",
  number: "a number",
  string: "a string",
  boolean: "true or false",
  object: "an object",
  array: "an array",
  record: "an object",
};

/** Turns zod issues (parsed with `reportInput`) into `{ path, message }` with our wording. */
export function formatZodIssues(issues: readonly z.core.$ZodIssue[]): ConfigIssue[] {
  return issues.flatMap((issue): ConfigIssue[] => {
    if (issue.code === "invalid_union" && issue.errors.length > 0) {
      return formatUnionIssue(issue);
    }
    return [{ path: formatConfigPath(issue.path), message: formatIssueReason(issue) }];
  });
}

/**
 * A value that matches no branch of a union (`profile`: a name or an inline object). When one
 * branch accepted the value's type, its own issues are the useful ones; otherwise one line lists
 * what each branch expects instead of zod's "Invalid input".
 */
function formatUnionIssue(issue: z.core.$ZodIssueInvalidUnion): ConfigIssue[] {
  const isTypeMiss = (inner: z.core.$ZodIssue) =>
    inner.path.length === 0 && (inner.code === "invalid_type" || inner.code === "invalid_value");
  const matched = issue.errors.find((branch) => !branch.every(isTypeMiss));
  if (matched !== undefined) {
    return formatZodIssues(
      matched.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] })),
    );
  }
  const expected = issue.errors.flatMap((branch) =>
    branch.map((inner) =>
      inner.code === "invalid_value"
        ? inner.values.map((value) => JSON.stringify(value)).join(" | ")
        : inner.code === "invalid_type"
          ? (EXPECTED_NAMES[inner.expected] ?? inner.expected)
          : inner.message,
    ),
  );
  const input = "input" in issue ? issue.input : undefined;
  return [
    {
      path: formatConfigPath(issue.path),
      message: `expected ${expected.join(" or ")}, got ${describeValueType(input)}`,
    },
  ];
}

function formatIssueReason(issue: z.core.$ZodIssue): string {
  const input = "input" in issue ? issue.input : undefined;
  switch (issue.code) {
    case "invalid_type": {
      const expected = EXPECTED_NAMES[issue.expected] ?? issue.expected;
      return `expected ${expected}, got ${describeValueType(input)}`;
    }
    case "invalid_value": {
      const options = issue.values.map((value) => JSON.stringify(value)).join(" | ");
      return `expected one of ${options}, got ${describeValueType(input)}`;
    }
    case "too_small": {
      if (issue.origin === "string") return "must not be empty";
      if (issue.origin === "array") return `needs at least ${String(issue.minimum)} items`;
      const bound = issue.inclusive
        ? `at least ${String(issue.minimum)}`
        : `greater than ${String(issue.minimum)}`;
      return `must be ${bound}, got ${describeValueType(input)}`;
    }
    case "too_big": {
      const bound = issue.inclusive
        ? `at most ${String(issue.maximum)}`
        : `less than ${String(issue.maximum)}`;
      return `must be ${bound}, got ${describeValueType(input)}`;
    }
    case "unrecognized_keys":
      return `unknown keys ${issue.keys.join(", ")}`;
    case "invalid_key":
      return "invalid key";
    default:
      return issue.message;
  }
}
