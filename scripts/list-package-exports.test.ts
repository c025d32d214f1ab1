import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { formatPackageExports, listPackageExports } from "./list-package-exports.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const PACKAGES = readdirSync(join(ROOT, "packages")).sort();

describe("public API of each package", () => {
  it.each(PACKAGES)("%s: the export list matches fixtures/package-exports", async (name) => {
    const text = readFileSync(join(ROOT, "packages", name, "src", "index.ts"), "utf8");
    await expect(formatPackageExports(listPackageExports(text))).toMatchFileSnapshot(
      join(ROOT, "fixtures", "package-exports", `${name}.txt`),
    );
  });

  it("sees an added or removed export, and rejects export *", () => {
    const base = 'export { a } from "./a.js";\nexport type { B } from "./b.js";\n';
    expect(formatPackageExports(listPackageExports(base))).toBe("type B\nvalue a\n");
    expect(listPackageExports(`${base}export { c } from "./c.js";\n`)).toHaveLength(3);
    expect(() => listPackageExports('export * from "./a.js";')).toThrow(/export \*/);
  });
});
