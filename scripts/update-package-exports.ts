/**
 * Rewrites `fixtures/package-exports/<name>.txt` from each package's `src/index.ts`
 * (`pnpm exports:update`). Review the diff: every added or removed name is a public API change.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { formatPackageExports, listPackageExports } from "./list-package-exports.js";

const root = join(import.meta.dirname, "..");
for (const name of readdirSync(join(root, "packages"))) {
  const index = readFileSync(join(root, "packages", name, "src", "index.ts"), "utf8");
  writeFileSync(
    join(root, "fixtures", "package-exports", `${name}.txt`),
    formatPackageExports(listPackageExports(index)),
  );
}
