import { describe, expect, it } from "vitest";
import { inspectPackedFiles, inspectPackedManifest } from "./inspect-packed-package.js";

describe("inspectPackedManifest", () => {
  const good = {
    name: "@promptstack/config",
    exports: { ".": { types: "./dist/index.d.ts", default: "./dist/index.js" } },
    engines: { node: ">=20" },
    dependencies: { "@promptstack/renderer": "^0.0.0", zod: "4.6.7" },
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
      "bin/promptstack.js",
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
