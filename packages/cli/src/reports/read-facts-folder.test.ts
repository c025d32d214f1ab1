import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createTempDir, rejectedBy } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { CliError } from "../cli-error.js";
import { FACTS_FOLDER_MAX_ENTRIES, readFactsFolder } from "./read-facts-folder.js";

async function refusalOf(dir: string, cwd: string): Promise<CliError> {
  const error = await rejectedBy(readFactsFolder(dir, cwd));
  expect(error).toBeInstanceOf(CliError);
  return error as CliError;
}

describe("readFactsFolder", () => {
  it("lists the regular .json files in name order, relative to the folder given", async () => {
    const cwd = createTempDir("promptstack-facts-dir-");
    const dir = join(cwd, "turns");
    mkdirSync(dir);
    for (const name of ["turn-10.json", "turn-02.json", "Turn-03.json", "notes.txt"]) {
      writeFileSync(join(dir, name), "{}");
    }
    mkdirSync(join(dir, "folder.json"));
    symlinkSync(join(dir, "turn-02.json"), join(dir, "link.json"));
    expect(await readFactsFolder("turns", cwd)).toEqual([
      join("turns", "Turn-03.json"),
      join("turns", "turn-02.json"),
      join("turns", "turn-10.json"),
    ]);
  });

  it("refuses a folder that cannot be read, and one without .json files", async () => {
    const cwd = createTempDir("promptstack-facts-dir-");
    const missing = await refusalOf("nope", cwd);
    expect(missing).toMatchObject({
      code: "CLI_FILE_MISSING",
      message: "Facts folder nope cannot be read.",
      path: "nope",
      hint: "Pass --facts-dir with a folder of facts JSON files, one per turn.",
    });
    expect(missing.cause).toMatchObject({ code: "ENOENT" });
    mkdirSync(join(cwd, "empty"));
    writeFileSync(join(cwd, "empty", "facts.txt"), "{}");
    expect(await refusalOf("empty", cwd)).toMatchObject({
      code: "CLI_FILE_MISSING",
      message: "Facts folder empty holds no .json files.",
      path: "empty",
      hint: "Put one facts JSON file per turn in it; they are used in name order.",
    });
  });

  it(`lists a folder of ${FACTS_FOLDER_MAX_ENTRIES} entries, and refuses one more`, async () => {
    const cwd = createTempDir("promptstack-facts-dir-");
    const dir = join(cwd, "many");
    mkdirSync(dir);
    for (let index = 0; index < FACTS_FOLDER_MAX_ENTRIES; index++) {
      writeFileSync(join(dir, `${String(index).padStart(5, "0")}.json`), "");
    }
    const listed = await readFactsFolder("many", cwd);
    expect(listed).toHaveLength(FACTS_FOLDER_MAX_ENTRIES);
    expect(listed.at(-1)).toBe(join("many", "09999.json"));
    writeFileSync(join(dir, "extra.txt"), "");
    expect(await refusalOf("many", cwd)).toMatchObject({
      code: "CLI_FILE_MISSING",
      message: `Facts folder many has more than ${FACTS_FOLDER_MAX_ENTRIES} entries.`,
      path: "many",
      hint: "Put only the facts files of one conversation in the folder.",
    });
  });
});
