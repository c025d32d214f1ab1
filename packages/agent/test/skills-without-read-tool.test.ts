import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseRunFacts } from "@promptstack/config";
import type { RunFacts } from "@promptstack/config";
import { beforeAll, describe, expect, it } from "vitest";
import { diagnoseAgentTurn, loadAgentTurn } from "../src/index.js";

const DEMO = fileURLToPath(new URL("../../../fixtures/workspaces/demo", import.meta.url));

let facts: RunFacts;

beforeAll(async () => {
  facts = parseRunFacts(JSON.parse(await readFile(join(DEMO, "facts.json"), "utf8")));
});

const turnWith = (tools: RunFacts["tools"]) =>
  loadAgentTurn({
    config: join(DEMO, "config.json5"),
    workspaceDir: DEMO,
    facts: { ...facts, tools },
    skillEnvironment: { platform: "linux", env: {}, hasBin: () => false },
  });

describe("skills on a run without a read tool", () => {
  it("reports every would-be listed skill as omitted, with the reason, instead of listing it", async () => {
    const withRead = await turnWith(facts.tools);
    expect(withRead.skills.included.length).toBeGreaterThan(0);
    const turn = await turnWith(facts.tools.filter((tool) => tool.name !== "read"));
    expect(turn.prompt.sections.map((section) => section.id)).not.toContain("skills");
    expect(turn.skills.included).toEqual([]);
    expect(turn.skills.text).toBe("");
    expect(turn.skills.omitted).toEqual([...withRead.skills.included].sort());
    for (const name of withRead.skills.included) {
      const skill = turn.skills.all.find((candidate) => candidate.name === name);
      expect(skill).toMatchObject({ status: "omitted", reason: expect.stringContaining("`read`") });
    }
    const diagnostic = turn.diagnostics.find((entry) => entry.code === "SKILLS_NO_READ_TOOL");
    expect(diagnostic?.severity).toBe("warning");
    expect(withRead.diagnostics.map((entry) => entry.code)).not.toContain("SKILLS_NO_READ_TOOL");
  });

  it("doctor says so once, as skills-no-read-tool, not as budget omissions", async () => {
    const turn = await turnWith(facts.tools.filter((tool) => tool.name !== "read"));
    const codes = diagnoseAgentTurn(turn).map((finding) => finding.code);
    expect(codes.filter((code) => code === "skills-no-read-tool")).toHaveLength(1);
    expect(codes).not.toContain("skill-omitted");
  });
});
