// A run without a `read` tool: the embedded prompt leaves the skills list out (nothing could open
// a SKILL.md), but a native Codex turn keeps it, since Codex reads files with its own tools.
import { readFile, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { loadAgentTurn } from "@promptstack/agent";
import { parseRunFacts } from "@promptstack/config";
import { SYNTHETIC_CODEX_CATALOG } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { buildCodexTurn } from "../src/build-codex-turn.js";
import { parseCodexModelCatalog } from "../src/parse-codex-model-catalog.js";

const DEMO = resolve(import.meta.dirname, "../../../fixtures/workspaces/demo");
const catalog = parseCodexModelCatalog(
  readFileSync(SYNTHETIC_CODEX_CATALOG, "utf8"),
  SYNTHETIC_CODEX_CATALOG,
);

async function turnWithoutRead() {
  const facts = parseRunFacts(
    JSON.parse(await promisify(readFile)(join(DEMO, "facts.json"), "utf8")),
  );
  return loadAgentTurn({
    config: join(DEMO, "config.json5"),
    workspaceDir: DEMO,
    facts: { ...facts, tools: facts.tools.filter((tool) => tool.name !== "read") },
    skillEnvironment: { platform: "linux", env: {}, hasBin: () => false },
  });
}

describe("skills on a run without a read tool", () => {
  it("the embedded prompt omits them; the Codex turn still lists them", async () => {
    const turn = await turnWithoutRead();
    expect(turn.prompt.text).not.toContain("<available_skills>");
    expect(turn.skills.omitted.length).toBeGreaterThan(0);
    const codex = buildCodexTurn(turn, {
      connection: "managed-stdio",
      threadId: "thread-1",
      catalog,
    });
    const layers = codex.layers.map((layer) => layer.text).join("\n");
    expect(layers).toContain("<available_skills>");
    for (const name of turn.skills.omitted) expect(layers).toContain(`<name>${name}</name>`);
  });
});
