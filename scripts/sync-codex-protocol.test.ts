import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CODEX_PROTOCOL_SUBSET, selectCodexProtocolSchemas } from "./sync-codex-protocol.js";

const FIXTURES = new URL("../fixtures/codex-protocol/0.171.0/", import.meta.url);

describe("selectCodexProtocolSchemas", () => {
  it("reproduces the committed subset byte for byte from generated files", () => {
    const generated = new Map<string, string>(
      CODEX_PROTOCOL_SUBSET.map((path) => {
        const committed = readFileSync(new URL(path, FIXTURES), "utf8");
        return [path, JSON.stringify(JSON.parse(committed))] as const;
      }),
    );
    generated.set("v2/Unrelated.json", "{}");
    const selected = selectCodexProtocolSchemas(generated);
    expect([...selected.keys()]).toEqual([...CODEX_PROTOCOL_SUBSET]);
    for (const [path, content] of selected) {
      expect(content).toBe(readFileSync(new URL(path, FIXTURES), "utf8"));
    }
  });

  it("names a file the generator no longer writes", () => {
    expect(() => selectCodexProtocolSchemas(new Map())).toThrow(/ThreadStartParams\.json/);
  });

  it("pins the protocol facts the adapter relies on", () => {
    const turn = JSON.parse(readFileSync(new URL("v2/TurnStartParams.json", FIXTURES), "utf8"));
    const settings = turn.definitions.Settings.properties;
    expect(Object.keys(settings).sort()).toEqual([
      "developer_instructions",
      "model",
      "reasoning_effort",
    ]);
    expect(turn.definitions.Personality.enum).toContain("none");
  });
});
