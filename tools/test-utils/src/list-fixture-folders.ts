import { readdirSync } from "node:fs";

/**
 * The names of the folders directly inside `dir`, sorted: the cases of a fixture tree, each in a
 * folder of its own. Files beside them (a README) are left out.
 */
export function listFixtureFolders(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}
