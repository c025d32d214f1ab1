import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { ConfigError } from "./config-error.js";
import { buildRunFactsJsonSchema, parseRunFacts } from "./parse-run-facts.js";

const factsPath = fileURLToPath(
  new URL("../../../fixtures/config/telegram-direct-turn-facts/facts.json", import.meta.url),
);
const factsRaw: unknown = JSON.parse(readFileSync(factsPath, "utf8"));

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
