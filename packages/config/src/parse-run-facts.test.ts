import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { ConfigError } from "./config-error.js";
import { buildRunFactsJsonSchema, parseRunFacts } from "./parse-run-facts.js";
import { thrownBy } from "@promptstack-tools/test-utils";
import { readTelegramFactsJson } from "../test/read-telegram-facts.js";

const factsRaw: unknown = readTelegramFactsJson();

describe("parseRunFacts", () => {
  it("parses the fixture and fills capability defaults", () => {
    const facts = parseRunFacts(factsRaw);
    expect(facts.tools).toHaveLength(10);
    expect(facts.channel.capabilities).toEqual({
      nativeApprovals: true,
      collapsibleDetails: false,
      messageToolOnly: false,
      reactions: "minimal",
      voice: true,
      presentation: false,
      controlUiEmbed: false,
    });
  });

  it("fills capabilities when absent", () => {
    const { channel, ...rest } = factsRaw as { channel: Record<string, unknown> };
    const facts = parseRunFacts({ ...rest, channel: { id: "discord", chatType: "group" } });
    expect(facts.channel.capabilities.reactions).toBe("none");
  });

  it("accepts heartbeat results and names a bad one by path", () => {
    const heartbeats = [
      { id: "hb-1", finishedAt: "2026-09-06T07:00Z", outcome: "alerted", summary: "Disk full." },
      { id: "hb-2", finishedAt: "2026-09-06T07:30Z", outcome: "ok" },
    ];
    const base = factsRaw as Record<string, unknown>;
    expect(parseRunFacts({ ...base, runtimeContext: { heartbeats } }).runtimeContext).toEqual({
      heartbeats,
    });
    const bad = {
      runtimeContext: { heartbeats: [{ id: "hb", finishedAt: " ", outcome: "sent" }] },
    };
    let caught: unknown;
    try {
      parseRunFacts({ ...base, ...bad });
    } catch (error) {
      caught = error;
    }
    expect((caught as ConfigError).issues.map((issue) => issue.path).sort()).toEqual([
      "runtimeContext.heartbeats.0.finishedAt",
      "runtimeContext.heartbeats.0.outcome",
    ]);
  });

  it("lists every invalid path with CONFIG_INVALID_FACTS", () => {
    let caught: unknown;
    try {
      parseRunFacts({
        sessionKind: "party",
        tools: [{ description: "no name" }],
        channel: { id: "", chatType: "direct", capabilities: { voice: "yes" } },
        model: { id: "gpt-5.5" },
        time: { date: "2026-09-06" },
        runtime: { host: "h", os: "o", node: "n" },
        colour: "blue",
      });
    } catch (error) {
      caught = error;
    }
    expect(ConfigError.isInstance(caught)).toBe(true);
    const error = caught as ConfigError;
    expect(error.code).toBe("CONFIG_INVALID_FACTS");
    expect(error.issues.map((issue) => issue.path).sort()).toEqual(
      [
        "(root)",
        "channel.capabilities.voice",
        "channel.id",
        "model.provider",
        "sessionKind",
        "time.timeZone",
        "tools.0.name",
      ].sort(),
    );
    expect(error.message).toContain("(root): unknown keys colour");
    expect(error.message).not.toMatch(/\[object Object\]|undefined/);
  });

  function factsIssues(patch: Record<string, unknown>): string[] {
    try {
      parseRunFacts({ ...(factsRaw as object), ...patch });
    } catch (error) {
      expect(ConfigError.isInstance(error)).toBe(true);
      expect((error as ConfigError).code).toBe("CONFIG_INVALID_FACTS");
      return (error as ConfigError).issues.map((issue) => `${issue.path}: ${issue.message}`);
    }
    throw new Error("expected CONFIG_INVALID_FACTS");
  }

  it("rejects duplicate tool names, naming the first occurrence", () => {
    expect(factsIssues({ tools: [{ name: "read" }, { name: "exec" }, { name: "read" }] })).toEqual([
      'tools.2.name: duplicate tool name "read" (first at tools.0); tool names must be unique',
    ]);
  });

  it("rejects empty, blank and multi-word tool names with one reason each", () => {
    expect(
      factsIssues({ tools: [{ name: "" }, { name: "  " }, { name: "a\nb" }, { name: "ok_1" }] }),
    ).toEqual([
      "tools.0.name: must not be empty",
      "tools.1.name: must not contain spaces or control characters",
      "tools.2.name: must not contain spaces or control characters",
    ]);
  });

  it("takes lightContext on cron turns only", () => {
    expect(
      parseRunFacts({ ...(factsRaw as object), sessionKind: "cron", lightContext: true }),
    ).toMatchObject({
      lightContext: true,
    });
    expect(factsIssues({ sessionKind: "main", lightContext: true })).toEqual([
      'lightContext: applies only to cron turns; this run\'s sessionKind is "main"',
    ]);
  });

  it("rejects blank text facts instead of passing them to the renderer", () => {
    expect(factsIssues({ channel: { id: "  ", chatType: "direct" }, sender: "\t" }).sort()).toEqual(
      ["channel.id: must not be blank", "sender: must not be blank"],
    );
  });

  it("rejects a time zone Intl does not know, like userTimezone in config", () => {
    expect(factsIssues({ time: { date: "2026-09-06", timeZone: "Mars/Olympus" } })).toEqual([
      "time.timeZone: expected an IANA time zone such as Europe/Berlin",
    ]);
    expect(factsIssues({ time: { date: "2026-09-06", timeZone: " " } })).toEqual([
      "time.timeZone: must not be blank",
    ]);
    expect(
      parseRunFacts({ ...(factsRaw as object), time: { date: "2026-09-06", timeZone: "UTC" } }).time
        .timeZone,
    ).toBe("UTC");
  });

  it("rejects prototype keys in facts", () => {
    expect(() => parseRunFacts(JSON.parse('{"__proto__": {"polluted": 1}}'))).toThrow(ConfigError);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  });

  it("exports a JSON Schema that accepts the fixture and rejects bad facts", () => {
    const ajv = new Ajv2020({ strict: false });
    const validate = ajv.compile(buildRunFactsJsonSchema());
    expect(validate(factsRaw)).toBe(true);
    expect(validate({ ...(factsRaw as object), sessionKind: "party" })).toBe(false);
  });
});

describe("invalid run facts errors (issue 36)", () => {
  const hint =
    "Fix each listed path; docs/run-facts.md in the promptstack repository, or buildRunFactsJsonSchema(), describes every field.";

  it("counts one problem and several, names the first path and says where the fields are described", () => {
    const base = factsRaw as Record<string, unknown>;
    expect(thrownBy(() => parseRunFacts({ ...base, sessionKind: 7 }))).toMatchObject({
      code: "CONFIG_INVALID_FACTS",
      message: expect.stringMatching(/^Invalid run facts \(1 problem\):\n {2}sessionKind: /),
      path: "sessionKind",
      hint,
    });
    const two = thrownBy(() => parseRunFacts({ ...base, sessionKind: 7, sender: 3 }));
    expect(two).toMatchObject({
      message: expect.stringMatching(
        /^Invalid run facts \(2 problems\):\n {2}sessionKind: [^\n]+\n {2}sender: /,
      ),
      path: "sessionKind",
      hint,
    });
  });

  it("names the value it got, and a non-JSON value before any schema check", () => {
    const base = factsRaw as Record<string, unknown>;
    const kinds = '"main" | "direct" | "group" | "subagent" | "cron" | "heartbeat"';
    const wrongKind = {
      path: "sessionKind",
      message: `expected one of ${kinds}, got the number 7`,
    };
    expect(thrownBy(() => parseRunFacts({ ...base, sessionKind: 7 }))).toMatchObject({
      code: "CONFIG_INVALID_FACTS",
      message: `Invalid run facts (1 problem):\n  sessionKind: ${wrongKind.message}`,
      issues: [wrongKind],
      path: "sessionKind",
      hint,
    });
    const bigint = { path: "sender", message: "expected a JSON value, got a bigint" };
    expect(thrownBy(() => parseRunFacts({ ...base, sender: 1n }))).toMatchObject({
      code: "CONFIG_INVALID_FACTS",
      message: `Invalid run facts (1 problem):\n  sender: ${bigint.message}`,
      issues: [bigint],
      path: "sender",
      hint,
    });
  });

  it("titles its JSON Schema", () => {
    expect(buildRunFactsJsonSchema()).toMatchObject({ title: "promptstack run facts" });
  });
});

describe("run facts dates and times in other wording (issue 36)", () => {
  it("passes a date and a time the runtime formatted its own way", () => {
    const base = factsRaw as Record<string, unknown>;
    const time = { date: "Sunday, 6 September 2026", time: "2pm", timeZone: "Europe/Berlin" };
    expect(parseRunFacts({ ...base, time }).time).toEqual(time);
  });
});
