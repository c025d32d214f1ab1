import { describe, expect, it, vi } from "vitest";
import { buildJsonSchemaFromZod } from "./build-json-schema-from-zod.js";
import type { JsonSchema } from "./build-config-json-schema.js";
import { formatZodIssues } from "./format-zod-issues.js";
import { listSchemaChildren } from "./lookup-config-schema.js";
import type { RunFactsSchema } from "./run-facts-schema.js";
import { readTelegramFactsJson } from "../test/read-telegram-facts.js";

const factsRaw = readTelegramFactsJson();

/**
 * The run facts schema from a fresh copy of its module: `getRunFactsSchema` builds it once per
 * module, so each test that calls this runs the schema code it checks (what Stryker's per-test
 * coverage needs).
 */
async function buildFreshSchema(): Promise<RunFactsSchema> {
  vi.resetModules();
  const { getRunFactsSchema } = await import("./run-facts-schema.js");
  return getRunFactsSchema();
}

/** `path: message` of each issue of the fixture's facts with `patch` applied. */
function issuesOf(schema: RunFactsSchema, patch: Record<string, unknown>): string[] {
  const result = schema.safeParse({ ...factsRaw, ...patch }, { reportInput: true });
  if (result.success) return [];
  return formatZodIssues(result.error.issues).map((issue) => `${issue.path}: ${issue.message}`);
}

describe("the run facts schema (issue 36)", () => {
  it("says which date, time and time zone do not exist, and what it expects", async () => {
    const schema = await buildFreshSchema();
    expect(
      issuesOf(schema, {
        time: { date: "2026-02-29", time: "24:00", timeZone: "Mars/Olympus" },
      }),
    ).toEqual([
      "time.date: expected a date that exists, such as 2026-09-06 (YYYY-MM-DD)",
      "time.time: expected a time that exists, such as 14:05 (HH:MM or HH:MM:SS)",
      "time.timeZone: expected an IANA time zone such as Europe/Berlin",
    ]);
    expect(
      issuesOf(schema, { time: { date: "2028-02-29", time: "23:59", timeZone: "UTC" } }),
    ).toEqual([]);
  });

  it("checks only a whole YYYY-MM-DD date and HH:MM time, not one inside other words", async () => {
    const schema = await buildFreshSchema();
    for (const time of [
      { date: "week of 2026-02-30", time: "about 25:00", timeZone: "Europe/Berlin" },
      { date: "2026-02-30 or so", time: "25:00 local", timeZone: "Europe/Berlin" },
    ]) {
      expect(issuesOf(schema, { time })).toEqual([]);
    }
  });

  it("accepts a real date of a year before 100, which Date.UTC would read as 19xx", async () => {
    const schema = await buildFreshSchema();
    for (const date of ["0050-01-01", "0001-12-31", "0000-02-29"]) {
      expect(issuesOf(schema, { time: { date, timeZone: "UTC" } })).toEqual([]);
    }
    expect(issuesOf(schema, { time: { date: "0100-02-29", timeZone: "UTC" } })).toEqual([
      "time.date: expected a date that exists, such as 2026-09-06 (YYYY-MM-DD)",
    ]);
  });

  it("refuses a YYYY-MM-DD date off the calendar and an HH:MM[:SS] time off the clock", async () => {
    const schema = await buildFreshSchema();
    const dateIssue = "time.date: expected a date that exists, such as 2026-09-06 (YYYY-MM-DD)";
    const timeIssue = "time.time: expected a time that exists, such as 14:05 (HH:MM or HH:MM:SS)";
    const check = (date: string, time: string) =>
      issuesOf(schema, { time: { date, time, timeZone: "UTC" } });
    for (const date of ["2026-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "2026-01-00"]) {
      expect(check(date, "12:00")).toEqual([dateIssue]);
    }
    for (const time of ["24:00", "23:60", "23:59:60", "7:60:00"]) {
      expect(check("2026-09-06", time)).toEqual([timeIssue]);
    }
    for (const [date, time] of [
      ["2028-02-29", "00:00"],
      ["2026-12-31", "23:59:59"],
      ["2026-01-01", "9:05"],
      ["6 September 2026", "noon"],
    ] as const) {
      expect(check(date, time)).toEqual([]);
    }
  });

  it("wants presentation tool names of 1-64 letters, digits, '_' or '-'", async () => {
    const schema = await buildFreshSchema();
    const longest = "x".repeat(64);
    expect(
      issuesOf(schema, {
        presentationTools: ["a", longest, `${longest}x`, "two words", "name!", "!name"],
      }),
    ).toEqual(
      [2, 3, 4, 5].map(
        (index) =>
          `presentationTools.${index}: expected a tool name of 1-64 letters, digits, '_' or '-'`,
      ),
    );
    expect(issuesOf(schema, { presentationTools: ["show_card", "Canvas-2"] })).toEqual([]);
  });

  it("reports an empty tool name once, and a name with a space or control character", async () => {
    const schema = await buildFreshSchema();
    expect(
      issuesOf(schema, { tools: [{ name: "" }, { name: "two words" }, { name: "tab\u0007" }] }),
    ).toEqual([
      "tools.0.name: must not be empty",
      "tools.1.name: must not contain spaces or control characters",
      "tools.2.name: must not contain spaces or control characters",
    ]);
  });

  it("describes every field in its JSON Schema, and every array item but four plain strings", async () => {
    const json = buildJsonSchemaFromZod(await buildFreshSchema(), "run facts");
    const missing: string[] = [];
    const walk = (node: JsonSchema, path: string): void => {
      const children = listSchemaChildren(node);
      const items = node["items"];
      if (typeof items === "object" && items !== null && !children.some((c) => c.key === "*")) {
        children.push({ key: "*", schema: items as JsonSchema });
      }
      for (const { key, schema } of children) {
        const childPath = path === "" ? key : `${path}.${key}`;
        const description = schema["description"];
        if (typeof description !== "string" || description === "") missing.push(childPath);
        walk(schema, childPath);
      }
    };
    walk(json, "");
    expect(json["description"]).toBe("Live facts of one run (facts.json).");
    expect(missing).toEqual([
      "channel.acpHints.*",
      "presentationTools.*",
      "projectMemoryFacts.*",
      "runtimeContext.media.enabledTools.*",
    ]);
  });
});
