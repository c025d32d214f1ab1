import { readdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { CliError } from "../cli-error.js";

/** Lists the `.json` files of `dir` (relative to `cwd`) in name order: one turn each. */
export async function readFactsFolder(dir: string, cwd: string): Promise<string[]> {
  let names: string[];
  try {
    const entries = await readdir(resolve(cwd, dir), { withFileTypes: true });
    names = entries
      .filter((entry) => entry.isFile() && entry.name.endsWith(".json"))
      .map((entry) => entry.name)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  } catch (error) {
    throw new CliError("CLI_FILE_MISSING", `Facts folder ${dir} cannot be read.`, {
      path: dir,
      hint: "Pass --facts-dir with a folder of facts JSON files, one per turn.",
      cause: error,
    });
  }
  if (names.length === 0) {
    throw new CliError("CLI_FILE_MISSING", `Facts folder ${dir} holds no .json files.`, {
      path: dir,
      hint: "Put one facts JSON file per turn in it; they are used in name order.",
    });
  }
  return names.map((name) => join(dir, name));
}
