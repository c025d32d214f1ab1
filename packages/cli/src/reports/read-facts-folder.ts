import { opendir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { CliError } from "../cli-error.js";

/** Most entries read from a `--facts-dir` listing; a larger folder is refused. */
export const FACTS_FOLDER_MAX_ENTRIES = 10_000;

/**
 * Lists the `.json` files of `dir` (relative to `cwd`) in name order: one turn each. Regular
 * files only (a link is not followed); a folder of more than `FACTS_FOLDER_MAX_ENTRIES` entries
 * is refused rather than listed whole.
 */
export async function readFactsFolder(dir: string, cwd: string): Promise<string[]> {
  const names: string[] = [];
  let entries = 0;
  try {
    for await (const entry of await opendir(resolve(cwd, dir))) {
      entries += 1;
      if (entries > FACTS_FOLDER_MAX_ENTRIES) break;
      if (entry.isFile() && entry.name.endsWith(".json")) names.push(entry.name);
    }
  } catch (error) {
    throw new CliError("CLI_FILE_MISSING", `Facts folder ${dir} cannot be read.`, {
      path: dir,
      hint: "Pass --facts-dir with a folder of facts JSON files, one per turn.",
      cause: error,
    });
  }
  if (entries > FACTS_FOLDER_MAX_ENTRIES) {
    throw new CliError(
      "CLI_FILE_MISSING",
      `Facts folder ${dir} has more than ${FACTS_FOLDER_MAX_ENTRIES} entries.`,
      { path: dir, hint: "Put only the facts files of one conversation in the folder." },
    );
  }
  names.sort();
  if (names.length === 0) {
    throw new CliError("CLI_FILE_MISSING", `Facts folder ${dir} holds no .json files.`, {
      path: dir,
      hint: "Put one facts JSON file per turn in it; they are used in name order.",
    });
  }
  return names.map((name) => join(dir, name));
}
