import { describe, expect, it } from "vitest";
import {
  inspectPackedFiles,
  inspectPackedManifest,
  inspectReadmeLinks,
  listExportedFiles,
  listMarkdownLinks,
  toRepositoryWebUrl,
} from "./inspect-packed-package.js";

describe("inspectPackedManifest", () => {
  const good = {
    name: "@promptstack/config",
    exports: { ".": { types: "./dist/index.d.ts", default: "./dist/index.js" } },
    engines: { node: ">=20" },
    dependencies: { "@promptstack/renderer": "^0.0.0", zod: "^4.6.7" },
    peerDependencies: { "gpt-tokenizer": "^4.0.0" },
  };

  it("accepts a manifest with real ranges and dist exports", () => {
    expect(inspectPackedManifest(good)).toEqual([]);
  });

  it("rejects a workspace range left in the tarball", () => {
    const problems = inspectPackedManifest({
      ...good,
      dependencies: { "@promptstack/renderer": "workspace:^" },
    });
    expect(problems).toEqual([expect.stringContaining('is still "workspace:^"')]);
  });

  it("rejects an exact pin, which would duplicate the dependency in every consumer", () => {
    const problems = inspectPackedManifest({
      ...good,
      dependencies: { zod: "4.6.7" },
      peerDependencies: { "gpt-tokenizer": "=4.0.0" },
    });
    expect(problems).toEqual([
      expect.stringContaining('dependencies.zod pins "4.6.7"'),
      expect.stringContaining('peerDependencies.gpt-tokenizer pins "=4.0.0"'),
    ]);
  });

  it("rejects the workspace-only source condition and a missing engines field", () => {
    const problems = inspectPackedManifest({
      name: "@promptstack/renderer",
      exports: { ".": { "@promptstack/source": "./src/index.ts", default: "./dist/index.js" } },
    });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain("@promptstack/source");
    expect(problems[1]).toContain("engines.node");
  });
});

describe("inspectPackedFiles", () => {
  it("accepts dist, bin and the usual top-level files", () => {
    const files = [
      "README.md",
      "bin/promptstack.cjs",
      "dist/index.d.ts",
      "dist/index.js",
      "package.json",
    ];
    expect(inspectPackedFiles("@promptstack/cli", files)).toEqual([]);
  });

  it("rejects sources, tests and fixtures", () => {
    const files = [
      "dist/index.d.ts",
      "dist/index.js",
      "dist/a.test.js",
      "src/index.ts",
      "package.json",
    ];
    const problems = inspectPackedFiles("@promptstack/renderer", files);
    expect(problems).toEqual([
      expect.stringContaining('test or fixture file "dist/a.test.js"'),
      expect.stringContaining('ships "src/index.ts"'),
    ]);
  });

  it("rejects a tarball without the built entry point", () => {
    expect(inspectPackedFiles("@promptstack/skills", ["package.json"])).toEqual([
      expect.stringContaining("dist/index.js or dist/index.d.ts is missing"),
    ]);
  });
});

describe("exported files", () => {
  const manifest = {
    name: "@promptstack/config",
    exports: {
      ".": { types: "./dist/index.d.ts", default: "./dist/index.js" },
      "./schema.json": "./schema.json",
    },
  };

  it("lists every file the exports point to", () => {
    expect(listExportedFiles(manifest)).toEqual([
      "dist/index.d.ts",
      "dist/index.js",
      "schema.json",
    ]);
  });

  it("allows an exported top-level file and requires it to be packed", () => {
    const exported = listExportedFiles(manifest);
    const files = ["dist/index.d.ts", "dist/index.js", "package.json", "schema.json"];
    expect(inspectPackedFiles("@promptstack/config", files, exported)).toEqual([]);
    expect(inspectPackedFiles("@promptstack/config", files.slice(0, 3), exported)).toEqual([
      expect.stringContaining('exports "./schema.json", which is not packed'),
    ]);
    expect(inspectPackedFiles("@promptstack/config", files)).toEqual([
      expect.stringContaining('ships "schema.json"'),
    ]);
  });
});

describe("README links", () => {
  const repo = "https://git.example.org/promptstack";
  const exists = (path: string): boolean =>
    ["docs/cli.md", "packages/config/schema.json"].includes(path);

  it("finds link targets outside code", () => {
    const readme =
      'See [a](../../docs/a.md) and ![b](./b.png "t").\n\n```md\n[c](c.md)\n```\n`[d](d.md)`';
    expect(listMarkdownLinks(readme)).toEqual(["../../docs/a.md", "./b.png"]);
  });

  it("accepts repository links to existing files, packed files and anchors", () => {
    const readme = `[cli](${repo}/blob/main/docs/cli.md) [s](${repo}/blob/main/packages/config/schema.json) [x](https://zod.dev) [r](#use) [l](./LICENSE)`;
    expect(inspectReadmeLinks("p", readme, ["LICENSE"], repo, exists)).toEqual([]);
  });

  it("rejects relative links out of the package and repository links to missing files", () => {
    const readme = `[a](../../docs/cli.md) [b](./schema.json) [c](${repo}/blob/main/docs/gone.md#x)`;
    expect(inspectReadmeLinks("p", readme, ["LICENSE"], repo, exists)).toEqual([
      expect.stringContaining('"../../docs/cli.md", which is not in the package'),
      expect.stringContaining('"./schema.json", which is not in the package'),
      expect.stringContaining("docs/gone.md does not exist"),
    ]);
  });

  it("without a repository, relative links must name packed files", () => {
    const readme = "[a](../../docs/cli.md) [l](./LICENSE) [x](https://zod.dev)";
    expect(inspectReadmeLinks("p", readme, ["LICENSE"], undefined, exists)).toEqual([
      expect.stringContaining("name the repository path in text instead"),
    ]);
  });

  it("derives the web address of the repository", () => {
    expect(toRepositoryWebUrl({ type: "git", url: `git+${repo}.git` })).toBe(repo);
    expect(toRepositoryWebUrl(`${repo}.git`)).toBe(repo);
    expect(toRepositoryWebUrl(undefined)).toBeUndefined();
  });
});
