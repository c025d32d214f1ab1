import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createTempDir } from "./create-temp-dir.js";
import { listFixtureFolders } from "./list-fixture-folders.js";

describe("listFixtureFolders", () => {
  it("lists the folders inside, sorted, and leaves files and nested folders out", () => {
    const dir = createTempDir("promptstack-fixture-folders-");
    for (const name of ["zeta-case", "alpha-case", "Mid-case"]) mkdirSync(join(dir, name));
    mkdirSync(join(dir, "alpha-case", "nested"));
    writeFileSync(join(dir, "README.md"), "cases\n");
    expect(listFixtureFolders(dir)).toEqual(["Mid-case", "alpha-case", "zeta-case"]);
  });
});
