import type * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import { buildAgentConfigSchemas } from "./build-agent-config-schemas.js";
import { formatZodIssues } from "./format-zod-issues.js";

// The schemas are built afresh in each test (parseConfig builds them once per process), so each
// test runs the schema code it checks.

/** The formatted issues of one parse, `[]` when the value passes. */
function issuesOf(schema: z.ZodMiniType, value: unknown) {
  const result = schema.safeParse(value, { reportInput: true });
  return result.success ? [] : formatZodIssues(result.error.issues);
}

describe("buildAgentConfigSchemas (issue 36)", () => {
  it("refuses a time zone Intl does not know, saying what it expects, in defaults and entries", () => {
    const { agentDefaultsSchema, agentEntrySchema } = buildAgentConfigSchemas();
    const expected = [
      { path: "userTimezone", message: "expected an IANA time zone such as Europe/Berlin" },
    ];
    expect(issuesOf(agentDefaultsSchema, { userTimezone: "Mars/Olympus" })).toEqual(expected);
    expect(issuesOf(agentEntrySchema, { userTimezone: "Mars/Olympus" })).toEqual(expected);
    expect(issuesOf(agentEntrySchema, { userTimezone: "Europe/Berlin" })).toEqual([]);
  });
});
