import { readFile, realpath } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { listFixtureFolders } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import type { SessionKind } from "@promptstack/renderer";
import type { BootstrapBudgets } from "../src/bootstrap-types.js";
import { formatMissingFileMarker } from "../src/apply-bootstrap-budgets.js";
import { loadBootstrapFiles } from "../src/load-bootstrap-files.js";

const FIXTURES = resolve(dirname(fileURLToPath(import.meta.url)), "../../../fixtures/bootstrap");

interface CaseConfig {
  readonly sessionKind: SessionKind;
  readonly budgets?: BootstrapBudgets;
  /** Folder of the case used as the execution folder. */
  readonly executionDir?: string;
}

const cases = listFixtureFolders(FIXTURES);

/** Loads a fixture case and renders the result as stable JSON, case paths replaced by `<case>`. */
async function renderCase(caseDir: string): Promise<string> {
  const config = JSON.parse(await readFile(join(caseDir, "case.json"), "utf8")) as CaseConfig;
  const result = await loadBootstrapFiles({
    workspaceDir: join(caseDir, "workspace"),
    sessionKind: config.sessionKind,
    ...(config.executionDir === undefined
      ? {}
      : { executionDir: join(caseDir, config.executionDir) }),
    ...(config.budgets === undefined ? {} : { budgets: config.budgets }),
  });
  // Absolute paths depend on the checkout location: show them as `<case>/...`, and count a
  // missing-file marker as if it named that normalized path.
  const normalize = (text: string) => text.split(caseDir).join("<case>");
  const stats = result.stats.map((stat) =>
    stat.status === "missing"
      ? { ...stat, injectedChars: formatMissingFileMarker(normalize(stat.path)).length }
      : stat,
  );
  const json = JSON.stringify(
    {
      truncated: result.truncated,
      bootstrapPending: result.bootstrapPending,
      contextFiles: result.contextFiles,
      stats,
      diagnostics: result.diagnostics,
    },
    null,
    2,
  );
  return `${normalize(json)}\n`;
}

describe("bootstrap fixtures", () => {
  it("has cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(6);
  });

  for (const name of cases) {
    it(name, async () => {
      const caseDir = await realpath(join(FIXTURES, name));
      await expect(await renderCase(caseDir)).toMatchFileSnapshot(join(caseDir, "expected.json"));
    });
  }
});

describe("bootstrap fixture gate", () => {
  it("renders a copied case identically, and differently once an input changes", async () => {
    const { cp, mkdtemp, rm, writeFile } = await import("node:fs/promises");
    const { tmpdir } = await import("node:os");
    const source = await realpath(join(FIXTURES, "missing-soul-marker"));
    const copy = await realpath(await mkdtemp(join(tmpdir(), "bootstrap-gate-")));
    try {
      await cp(source, copy, { recursive: true });
      const expected = await readFile(join(source, "expected.json"), "utf8");
      expect(await renderCase(copy)).toBe(expected);
      await writeFile(join(copy, "workspace", "SOUL.md"), "now present");
      expect(await renderCase(copy)).not.toBe(expected);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });
});
