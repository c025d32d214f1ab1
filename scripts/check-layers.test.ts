import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  checkLayers,
  formatLayerTableMarkdown,
  readWorkspacePackages,
  isLayerTableCurrent,
  replaceLayerTableBlock,
} from "./check-layers.js";
import type { PackageInput } from "./check-layers.js";

function pkg(
  name: string,
  sources: Record<string, string> = {},
  dependencies: Record<string, string> = {},
): PackageInput {
  return {
    dir: `packages/${name.replace("@promptstack/", "")}`,
    manifest: { name, dependencies },
    sources: Object.entries(sources).map(([path, text]) => ({ path, text })),
  };
}

function rules(packages: PackageInput[]): string[] {
  return checkLayers(packages).map((v) => v.rule);
}

describe("checkLayers", () => {
  it("accepts downward edges that are declared", () => {
    const config = pkg(
      "@promptstack/config",
      { "src/a.ts": `import { x } from "@promptstack/renderer";\nexport const y = x;` },
      { "@promptstack/renderer": "workspace:^" },
    );
    expect(checkLayers([config])).toEqual([]);
  });

  it("rejects an upward manifest edge", () => {
    const renderer = pkg(
      "@promptstack/renderer",
      { "src/a.ts": `import type { C } from "@promptstack/config";` },
      { "@promptstack/config": "workspace:^" },
    );
    expect(rules([renderer])).toEqual(["manifest-edge", "import-edge"]);
  });

  it("rejects a sideways import between packages of one layer", () => {
    const skills = pkg("@promptstack/skills", {
      "src/a.ts": `import { loadBootstrapFiles } from "@promptstack/bootstrap";`,
    });
    expect(rules([skills])).toEqual(["import-edge"]);
  });

  it("rejects an import of an allowed package that package.json does not declare", () => {
    const cli = pkg("@promptstack/cli", { "src/a.ts": `export * from "@promptstack/skills";` });
    expect(rules([cli])).toEqual(["undeclared-import"]);
  });

  it("rejects a declared workspace dependency that no source imports", () => {
    const agent = pkg(
      "@promptstack/agent",
      { "src/a.ts": `import { x } from "@promptstack/renderer";\nexport const y = x;` },
      { "@promptstack/renderer": "workspace:^", "@promptstack/config": "workspace:^" },
    );
    const violations = checkLayers([agent]);
    expect(violations.map((v) => v.rule)).toEqual(["unused-dependency"]);
    expect(violations[0]?.message).toContain("@promptstack/config");
    const dynamic = pkg(
      "@promptstack/agent",
      { "src/a.ts": `export const load = () => import("@promptstack/skills");` },
      { "@promptstack/skills": "workspace:^" },
    );
    expect(checkLayers([dynamic])).toEqual([]);
  });

  it("rejects a package missing from the layer table", () => {
    expect(rules([pkg("@promptstack/mystery")])).toEqual(["unknown-package"]);
  });

  it.each([
    ["node import", `import { readFileSync } from "node:fs";`, ["impure-import", "io-module-name"]],
    ["bare builtin", `import path from "path";`, ["impure-import"]],
    ["dynamic import", `const m = await import("node:os");`, ["impure-import"]],
    ["process", `export const home = () => process.env.HOME;`, ["impure-global"]],
    ["Date", `export const now = () => new Date().toISOString();`, ["impure-global"]],
    ["Date.now", `export const now = () => Date.now();`, ["impure-global"]],
    ["Math.random", `export const r = () => Math.random();`, ["impure-global"]],
    ["top-level let", `let cache = "";\nexport const f = () => cache;`, ["module-state"]],
    ["top-level Map", `const cache = new Map();\nexport const f = () => cache;`, ["module-state"]],
  ])("flags impurity in the renderer: %s", (_label, text, expected) => {
    expect(rules([pkg("@promptstack/renderer", { "src/x.ts": text })])).toEqual(expected);
  });

  it("holds the providers package to the same purity, on the renderer only", () => {
    const providers = pkg(
      "@promptstack/providers",
      {
        "src/a.ts": `import { x } from "@promptstack/renderer";\nimport os from "node:os";\nexport const t = () => Date.now();`,
        "src/b.ts": `import { y } from "@promptstack/config";`,
      },
      { "@promptstack/renderer": "workspace:^" },
    );
    const violations = checkLayers([providers]);
    expect(violations.map((v) => v.rule)).toEqual([
      "impure-import",
      "impure-global",
      "import-edge",
    ]);
    expect(violations[0]!.message).toContain("@promptstack/providers must stay pure");
  });

  it("does not flag names that merely look like globals", () => {
    const text = [
      `export interface T { process: string; Date: number }`,
      `export const f = (t: { process: string }) => t.process;`,
      `export const o = { Date: 1 };`,
      `export const ids = Object.freeze(["a", "b"]);`,
      `export function g() { const seen = new Set<string>(); return seen; }`,
    ].join("\n");
    expect(checkLayers([pkg("@promptstack/renderer", { "src/x.ts": text })])).toEqual([]);
  });

  it("allows the file system only in I/O-named modules", () => {
    const bootstrap = pkg("@promptstack/bootstrap", {
      "src/read-bootstrap-file.ts": `import { open } from "node:fs/promises";`,
      "src/budget-files.ts": `import { readFileSync } from "node:fs";`,
    });
    const violations = checkLayers([bootstrap]);
    expect(violations.map((v) => [v.rule, v.path])).toEqual([
      ["io-module-name", "src/budget-files.ts:1"],
    ]);
  });

  it("keeps repo-only tools private and out of every published package", () => {
    const tool = {
      ...pkg("@promptstack-tools/prompt-snapshots", {
        "src/a.ts": `import { x } from "@promptstack/harness-codex";`,
      }),
      dir: "tools/prompt-snapshots",
    };
    expect(rules([tool])).toEqual(["tool-published"]);
    expect(rules([{ ...tool, manifest: { ...tool.manifest, private: true } }])).toEqual([]);
    const cli = pkg(
      "@promptstack/cli",
      { "src/a.ts": `import { y } from "@promptstack-tools/prompt-snapshots";` },
      { "@promptstack-tools/prompt-snapshots": "workspace:*" },
    );
    expect(rules([cli])).toEqual(["tool-edge", "tool-edge"]);
    const cliTests = {
      ...pkg("@promptstack/cli"),
      manifest: {
        name: "@promptstack/cli",
        devDependencies: { "@promptstack-tools/test-utils": "workspace:*" },
      },
    };
    expect(rules([cliTests])).toEqual([]);
  });

  it("passes on this repository", () => {
    const root = fileURLToPath(new URL("..", import.meta.url));
    expect(checkLayers(readWorkspacePackages(root))).toEqual([]);
  });
});

describe("the architecture doc's layer table", () => {
  it("is the generated copy of LAYER_TABLE", () => {
    const doc = readFileSync(new URL("../docs/architecture.md", import.meta.url), "utf8");
    expect(isLayerTableCurrent(doc)).toBe(true);
    expect(doc).toMatch(/\| L5 +\| `@promptstack\/cli` +\|/u);
  });

  it("drifts when the table changes", () => {
    const doc = readFileSync(new URL("../docs/architecture.md", import.meta.url), "utf8");
    const planted = doc.replace(
      /\| L1( +)\| `@promptstack\/renderer`/u,
      "| L2$1| `@promptstack/renderer`",
    );
    expect(planted).not.toBe(doc);
    expect(isLayerTableCurrent(planted)).toBe(false);
    expect(isLayerTableCurrent(replaceLayerTableBlock(planted))).toBe(true);
    expect(formatLayerTableMarkdown()).toContain("`@promptstack/providers` | `core`, `renderer`");
  });
});
