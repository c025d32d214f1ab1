import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import { buildProfileConfigShape } from "./build-profile-config-shape.js";
import { formatZodIssues } from "./format-zod-issues.js";

// The shape is built afresh in each test (parseConfig builds it once per process), so each test
// runs the schema code it checks.

/** The formatted issues of `{ profile, sections }` parsed with a fresh shape, `[]` when it passes. */
function issuesOf(value: unknown) {
  const schema = z.object(buildProfileConfigShape()(false));
  const result = schema.safeParse(value, { reportInput: true });
  return result.success ? [] : formatZodIssues(result.error.issues);
}

describe("buildProfileConfigShape (issue 36)", () => {
  it("says a section id must be snake_case, wherever the registry lists one", () => {
    expect(
      issuesOf({
        sections: {
          disable: ["Not An Id"],
          replace: { "Bad-Id": "x" },
          add: [{ id: "9rules", heading: "Rules", cache: "stable", text: "x", after: "Safety" }],
        },
      }),
    ).toEqual([
      { path: "sections.disable.0", message: "expected a snake_case section id" },
      { path: "sections.replace.Bad-Id", message: "invalid key" },
      { path: "sections.add.0.id", message: "expected a snake_case section id" },
      { path: "sections.add.0.after", message: "expected a snake_case section id" },
    ]);
    expect(issuesOf({ sections: { disable: ["safety", "r2_d2"] } })).toEqual([]);
  });

  it("wants a custom section's heading on one line and exactly one of after and before", () => {
    const section = (id: string, extra: Record<string, string>) => ({
      id,
      heading: "Rules",
      cache: "stable",
      ...extra,
    });
    expect(
      issuesOf({
        sections: {
          add: [
            section("two_lines", { heading: "Rules\nand more", after: "safety" }),
            section("no_anchor", {}),
            section("both_anchors", { after: "safety", before: "safety" }),
            section("after_only", { after: "safety" }),
            section("before_only", { before: "safety" }),
          ],
        },
      }),
    ).toEqual([
      { path: "sections.add.0.heading", message: "expected a single-line heading" },
      { path: "sections.add.1", message: "give exactly one of after and before" },
      { path: "sections.add.2", message: "give exactly one of after and before" },
    ]);
  });

  it("says an inline profile's delimiter word must be an upper-case word", () => {
    expect(issuesOf({ profile: { delimiterWord: "pip" } })).toEqual([
      { path: "profile.delimiterWord", message: "expected an upper-case word such as PIP" },
    ]);
    expect(issuesOf({ profile: { delimiterWord: "PIP_2" } })).toEqual([]);
  });
});
