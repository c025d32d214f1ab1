import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discoverCliAssets, toDefaultAssetLocations } from "../src/inputs/discover-cli-assets.js";
import type { CliAssets } from "../src/inputs/discover-cli-assets.js";
import type { RenderOutput } from "../src/output/render-output-schema.js";
import { runCli } from "../src/run-cli.js";
import { createTestIo } from "./create-test-io.js";
import { REPO_ROOT } from "./run-cli-binary.js";

const COPY_ASSETS = join(REPO_ROOT, "packages", "cli", "scripts", "copy-assets.mjs");
const DEMO = join(REPO_ROOT, "fixtures", "workspaces", "demo");

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

let dir: string;
let packaged: CliAssets;
let env: Record<string, string>;

// A copy of what `pnpm --filter @promptstack/cli build` puts in dist/assets, outside any checkout:
// the layout an installed package has.
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "promptstack-cli-packaged-"));
  execFileSync(process.execPath, [COPY_ASSETS, join(dir, "pkg", "dist", "assets")]);
  packaged = discoverCliAssets({
    packagedDir: join(dir, "pkg", "dist", "assets"),
    repoRoot: join(dir, "no-checkout"),
  });
  await mkdir(join(dir, "home"));
  env = { HOME: join(dir, "home"), CODEX_HOME: join(dir, "codex-home") };
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function render(args: string[], assets?: CliAssets) {
  const io = createTestIo({ env, ...(assets === undefined ? {} : { assets }) });
  const code = await runCli(["render", "--json", ...args], io);
  return { code, err: io.err, output: code === 0 ? (JSON.parse(io.out) as RenderOutput) : null };
}

describe("copy-assets.mjs", () => {
  it("copies the whole demo workspace and the synthetic catalog, nothing else", async () => {
    const assetsDir = join(dir, "pkg", "dist", "assets");
    expect(await listFiles(join(assetsDir, "demo"))).toEqual(await listFiles(DEMO));
    expect(await listFiles(assetsDir)).toEqual([
      "codex-model-catalog/models.json",
      ...(await listFiles(DEMO)).map((file) => `demo/${file}`),
    ]);
    expect(await readFile(join(assetsDir, "demo", "AGENTS.md"), "utf8")).toBe(
      await readFile(join(DEMO, "AGENTS.md"), "utf8"),
    );
    // The release check rejects shipped paths with a fixtures/ segment or test files.
    expect(
      (await listFiles(assetsDir)).filter((file) => /\.test\.|(^|\/)fixtures\//.test(file)),
    ).toEqual([]);
  });
});

describe("discoverCliAssets", () => {
  it("prefers the packaged copy and knows it is not in a checkout", () => {
    expect(packaged.origin).toBe("packaged");
    expect(packaged.demo.workspaceDir).toBe(join(dir, "pkg", "dist", "assets", "demo"));
    expect(packaged.demo.displayWorkspaceDir).toBe("demo");
    expect(packaged.demoCodexCatalogFile).toBe(
      join(dir, "pkg", "dist", "assets", "codex-model-catalog", "models.json"),
    );
    expect(packaged.repoRoot).toBeUndefined();
  });

  it("falls back to the repository fixtures when running from src/", () => {
    const assets = discoverCliAssets();
    expect(assets.origin).toBe("repository");
    expect(assets.demo.workspaceDir).toBe(DEMO);
    expect(assets.demo.displayWorkspaceDir).toBe("fixtures/workspaces/demo");
    expect(assets.repoRoot).toBe(REPO_ROOT.replace(/\/$/, ""));
  });

  it("looks in the module's tree: dist/assets, and two folders above the package for a checkout", () => {
    const exists = (path: string) => path === "/x/node_modules/@promptstack/cli/package.json";
    for (const module of ["dist/a.js", "dist/inputs/b.js"]) {
      expect(
        toDefaultAssetLocations(`file:///x/node_modules/@promptstack/cli/${module}`, exists),
      ).toEqual({
        packagedDir: "/x/node_modules/@promptstack/cli/dist/assets",
        repoRoot: "/x/node_modules",
      });
    }
  });
});

describe("the CLI from a packaged layout", () => {
  it("renders the demo with no arguments, the same prompt as from the repository", async () => {
    const fromPackage = await render([], packaged);
    const fromRepo = await render([]);
    expect(fromPackage.code, fromPackage.err).toBe(0);
    expect(fromRepo.code, fromRepo.err).toBe(0);
    const packagedText = fromPackage.output?.text ?? "";
    expect(packagedText).toContain("Wren is calm, curious and a little dry.");
    expect(packagedText).not.toContain(dir);
    expect(packagedText).not.toContain("fixtures/");
    expect(packagedText).toBe(
      (fromRepo.output?.text ?? "").split("fixtures/workspaces/demo").join("demo"),
    );
    expect(fromPackage.output?.bootstrap.map((file) => file.path)).toEqual([
      "demo/AGENTS.md",
      "demo/SOUL.md",
      "demo/IDENTITY.md",
      "demo/USER.md",
      "demo/MEMORY.md",
    ]);
    // Same skills; the list is shorter by the shorter display path in each location.
    expect({ ...fromPackage.output?.skills, chars: 0 }).toEqual({
      ...fromRepo.output?.skills,
      chars: 0,
    });
  });

  it("renders a workspace of its own, with and without facts (the release-gate commands)", async () => {
    const workspace = join(dir, "user-workspace");
    await mkdir(workspace);
    await writeFile(join(workspace, "AGENTS.md"), "Answer in French.\n");
    const facts = join(dir, "facts.json");
    await writeFile(facts, await readFile(join(DEMO, "facts.json"), "utf8"));
    const withFacts = await render(["--workspace", workspace, "--facts", facts], packaged);
    expect(withFacts.code, withFacts.err).toBe(0);
    expect(withFacts.output?.text).toContain("Answer in French.");
    const withoutFacts = await render(["--workspace", workspace], packaged);
    expect(withoutFacts.code, withoutFacts.err).toBe(0);
    expect(withoutFacts.output?.text).toBe(withFacts.output?.text);
  });

  it("--harness codex reads the packaged placeholder catalog and says so", async () => {
    const catalog = join(packaged.demoCodexCatalogFile);
    const original = await readFile(catalog, "utf8");
    // Marks the packaged copy so the test proves which catalog was read.
    await writeFile(catalog, original.split("PLACEHOLDER").join("PACKAGED-PLACEHOLDER"));
    try {
      const result = await render(["--harness", "codex"], packaged);
      expect(result.code, result.err).toBe(0);
      expect(result.output?.codex?.layers[0]?.text).toMatch(/^PACKAGED-PLACEHOLDER/);
      expect(result.output?.codex?.layers[0]?.source).toContain("placeholder");
      expect(result.output?.diagnostics).toContainEqual(
        expect.objectContaining({ code: "CLI_CODEX_CATALOG_PLACEHOLDER", severity: "info" }),
      );
    } finally {
      await writeFile(catalog, original);
    }
  });

  it.each([
    [
      "config",
      () => packaged.demo.configFile,
      '{ agents: { defaults: { workspace: "" } } }',
      "promptstack: error CLI_CONFIG_INVALID: Invalid demo/config.json5 (1 problem):\n  agents.defaults.workspace: must not be empty\n  fix: Fix each listed path; `promptstack schema <path>` shows what a key accepts.\n",
    ],
    [
      "facts",
      () => packaged.demo.factsFile,
      "[]",
      "promptstack: error CLI_FACTS_INVALID: Invalid demo/facts.json (1 problem):\n  (root): expected an object, got an array\n  fix: Fix each listed path; docs/run-facts.md in the promptstack repository, or buildRunFactsJsonSchema(), describes every field.\n",
    ],
    [
      "skill environment",
      () => packaged.demo.skillEnvFile,
      '{ "platform": "" }',
      'promptstack: error CLI_SKILL_ENV_INVALID: skill environment demo/.demo-roots/environment.json is invalid: platform: expected a non-empty string.\n  fix: Write {"platform": "linux", "bins": ["git"], "env": {"NAME": "value"}}.\n',
    ],
  ])("names a broken demo %s by its display path", async (_what, file, broken, err) => {
    const original = await readFile(file(), "utf8");
    await writeFile(file(), broken);
    try {
      const result = await render([], packaged);
      expect(result.code).toBe(2);
      expect(result.err).toBe(err);
    } finally {
      await writeFile(file(), original);
    }
  });

  it("--harness codex names the demo's facts by their display path when a fact spells a marker", async () => {
    const original = await readFile(packaged.demo.factsFile, "utf8");
    const facts = JSON.parse(original) as { tools: { description?: string }[] };
    facts.tools[0]!.description = "Run <!-- PROMPTSTACK_CACHE_BOUNDARY --> now.";
    await writeFile(packaged.demo.factsFile, JSON.stringify(facts));
    try {
      const result = await render(["--harness", "codex"], packaged);
      expect(result.code).toBe(2);
      expect(result.err).toBe(
        "promptstack: error CLI_FACTS_INVALID: Facts file demo/facts.json: field tools[0].description spells a renderer marker (`<!-- …BOUNDARY -->` or `<!-- …RUNTIME_TAIL… -->`), which the Codex harness cannot carry.\n  fix: Reword tools[0].description so it does not read as an HTML comment marker (e.g. drop the `<!--`).\n",
      );
    } finally {
      await writeFile(packaged.demo.factsFile, original);
    }
  });

  it("has no repository-only commands: snapshots and codex sync-model are pnpm scripts", async () => {
    for (const argv of [
      ["codex", "sync-model"],
      ["snapshots", "check"],
    ]) {
      const io = createTestIo({ env, assets: packaged });
      expect(await runCli(argv, io)).toBe(2);
      expect(io.err).toContain(`unknown command '${argv[0]}'`);
      expect(io.err).not.toMatch(/\n\s+at /);
    }
  });
});
