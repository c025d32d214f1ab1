import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The CLI package's folder (the one holding its package.json): the nearest folder above
 * `moduleUrl` with a package.json. Found by walking up rather than by a fixed depth, so it holds
 * for `src/`, the built `dist/` and any bundled layout alike.
 */
export function discoverCliPackageDir(
  moduleUrl: string = import.meta.url,
  exists: (path: string) => boolean = existsSync,
): string {
  const start = dirname(fileURLToPath(moduleUrl));
  let dir = start;
  for (;;) {
    if (exists(join(dir, "package.json"))) return dir;
    const parent = dirname(dir);
    if (parent === dir) {
      throw new Error(`No package.json above ${start}; the CLI package is incomplete.`);
    }
    dir = parent;
  }
}
