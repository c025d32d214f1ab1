import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { findReferenceProductTokens } from "@promptstack-tools/test-utils";
import { parseRunFacts } from "@promptstack/config";
import type { PromptMode } from "@promptstack/renderer";
import { describe, expect, it } from "vitest";
import { createPromptAssembler } from "../src/index.js";

/*
 * The example bot of docs/profiles.md: a config on the neutral profile, a sections file and a
 * workspace under fixtures/examples/neutral-bot. It renders through the assembler like a live
 * run; the doc quotes its files, so the doc and the example cannot drift apart.
 */

const caseDir = "../../../fixtures/examples/neutral-bot";
const path = (name: string) => fileURLToPath(new URL(`${caseDir}/${name}`, import.meta.url));
const docsFile = fileURLToPath(new URL("../../../docs/profiles.md", import.meta.url));

async function renderExample(promptMode?: PromptMode) {
  const facts = parseRunFacts(JSON.parse(await readFile(path("facts.json"), "utf8")));
  const assembler = await createPromptAssembler({
    config: path("config.json5"),
    skillRoots: [],
    skillEnvironment: { platform: "linux", env: {}, hasBin: () => false },
    displayPaths: [{ real: path("workspace"), shown: "/srv/pip" }],
    ...(promptMode === undefined ? {} : { promptMode }),
  });
  try {
    return await assembler.turn(facts);
  } finally {
    await assembler.close();
  }
}

describe("example bot (neutral profile)", () => {
  it("renders the documented prompt (golden)", async () => {
    const turn = await renderExample();
    expect(turn.diagnostics).toEqual([]);
    await expect(turn.model.text).toMatchFileSnapshot(`${caseDir}/expected-prompt.txt`);
  });

  it("applies the config: profile, sections file, disabled and custom sections", async () => {
    const turn = await renderExample();
    const ids = turn.prompt.sections.map((section) => section.id);
    expect(ids).not.toContain("promised_work");
    expect(ids.slice(ids.indexOf("care"), ids.indexOf("care") + 3)).toEqual([
      "care",
      "house_rules",
      "quiet_hours",
    ]);
    expect(turn.model.text.startsWith("You are Pip, the assistant")).toBe(true);
    expect(turn.model.text).toContain("<<<BEGIN_PIP_INTERNAL_CONTEXT>>>");
    // Only AGENTS.md is required: no missing marker for the absent SOUL.md and IDENTITY.md.
    expect(turn.model.text).not.toContain("[MISSING]");
  });

  it.each(["full", "minimal", "none"] as const)(
    "names nothing of the reference product in any section (%s mode)",
    async (mode) => {
      const turn = await renderExample(mode);
      for (const section of turn.prompt.sections) {
        expect({ id: section.id, leaks: findReferenceProductTokens(section.text) }).toEqual({
          id: section.id,
          leaks: [],
        });
      }
      expect(findReferenceProductTokens(turn.model.text)).toEqual([]);
    },
  );

  it("the leak check can fail: the same bot under the reference profile names the product", async () => {
    const facts = parseRunFacts(JSON.parse(await readFile(path("facts.json"), "utf8")));
    const assembler = await createPromptAssembler({
      config: path("config.json5"),
      skillRoots: [],
      overrides: { profile: (await import("@promptstack/renderer")).OPENCLAW_PRODUCT_PROFILE },
    });
    const turn = await assembler.turn(facts);
    await assembler.close();
    expect(findReferenceProductTokens(turn.model.text).length).toBeGreaterThan(0);
  });

  it("docs/profiles.md quotes the example's files as they are", async () => {
    const docs = await readFile(docsFile, "utf8");
    for (const name of ["config.json5", "sections.md", "workspace/AGENTS.md", "facts.json"]) {
      const text = (await readFile(path(name), "utf8")).trimEnd();
      expect({ name, quoted: docs.includes(text) }).toEqual({ name, quoted: true });
    }
    const golden = await readFile(path("expected-prompt.txt"), "utf8");
    const head = golden.split("\n").slice(0, 40).join("\n");
    expect(docs).toContain(head);
  });
});
