import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseRunFacts } from "@promptstack/config";
import type { PromptstackConfig, RunFacts } from "@promptstack/config";
import { beforeAll, describe, expect, it } from "vitest";
import { loadAgentTurn } from "../src/index.js";

const DEMO = fileURLToPath(new URL("../../../fixtures/workspaces/demo", import.meta.url));
const RULE =
  "When a skill's <version> differs from the one you last read, its SKILL.md has changed: read it again before following it.";

let facts: RunFacts;

beforeAll(async () => {
  facts = parseRunFacts(JSON.parse(await readFile(join(DEMO, "facts.json"), "utf8")));
});

const skillsSectionOf = async (config: PromptstackConfig): Promise<string> => {
  const turn = await loadAgentTurn({
    config,
    workspaceDir: DEMO,
    facts,
    skillEnvironment: { platform: "linux", env: {}, hasBin: () => true },
  });
  const section = turn.prompt.sections.find((candidate) => candidate.id === "skills");
  if (section === undefined) throw new Error("the demo renders no Skills section");
  return section.text;
};

describe("skills.versionMarkers", () => {
  it("is off by default: no <version> lines and no re-read rule", async () => {
    const text = await skillsSectionOf({});
    expect(text).not.toContain("<version>");
    expect(text).not.toContain(RULE);
  });

  it("when on, lists each skill's version and puts the re-read rule in the Skills section", async () => {
    const text = await skillsSectionOf({ skills: { versionMarkers: true } });
    expect(text).toMatch(/ {4}<version>sha256:[0-9a-f]{64}<\/version>\n/);
    expect(text).toContain(`${RULE}\n<available_skills>\n`);
  });
});
