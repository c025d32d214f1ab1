import { describe, expect, it } from "vitest";
import { discoverCliPackageDir } from "./discover-cli-package-dir.js";

describe("discoverCliPackageDir", () => {
  const exists = (paths: readonly string[]) => (path: string) => paths.includes(path);

  it("finds the nearest package.json above the module, whatever the depth", () => {
    const packageJson = ["/x/node_modules/@promptstack/cli/package.json"];
    for (const module of ["dist/bin.js", "dist/inputs/a.js", "src/inputs/deep/b.ts"]) {
      expect(
        discoverCliPackageDir(
          `file:///x/node_modules/@promptstack/cli/${module}`,
          exists(packageJson),
        ),
      ).toBe("/x/node_modules/@promptstack/cli");
    }
  });

  it("finds this package from its own source", () => {
    expect(discoverCliPackageDir()).toMatch(/[\\/]packages[\\/]cli$/);
  });

  it("throws when no package.json is above the module", () => {
    expect(() => discoverCliPackageDir("file:///a/b/c.js", exists([]))).toThrow(/No package.json/);
  });
});
