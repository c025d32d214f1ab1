import { stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createTempDir } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { readFileStamp } from "./read-file-stamp.js";

describe("readFileStamp", () => {
  it("is the device, inode, size and mtime of a file", async () => {
    const file = join(createTempDir("promptstack-stamp-"), "a.md");
    await writeFile(file, "four");
    const info = await stat(file);
    expect(await readFileStamp(file)).toBe(`${info.dev}:${info.ino}:4:${info.mtimeMs}`);
  });

  it("names why there is nothing to stat", async () => {
    const file = join(createTempDir("promptstack-stamp-"), "a.md");
    expect(await readFileStamp(file)).toBe("error:ENOENT");
    await writeFile(file, "four");
    expect(await readFileStamp(join(file, "inside"))).toBe("error:ENOTDIR");
  });
});
