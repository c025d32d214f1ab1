import { execFileSync } from "node:child_process";
import { mkdirSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createTempDir } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import type { Stats } from "node:fs";
import { describeFileKind, readBoundedFile } from "./read-bounded-file.js";

const folder = () => createTempDir("bounded-read-");

describe("readBoundedFile", () => {
  it("reads a whole regular file within the cap", async () => {
    const path = join(folder(), "config.json");
    writeFileSync(path, '{"a":1}');
    const result = await readBoundedFile(path, 64);
    expect(result.kind).toBe("ok");
    expect(result.kind === "ok" && Buffer.from(result.bytes).toString()).toBe('{"a":1}');
  });

  it("reads a file of exactly the cap, and refuses one byte more as too-large", async () => {
    const dir = folder();
    writeFileSync(join(dir, "at.txt"), "x".repeat(8));
    writeFileSync(join(dir, "over.txt"), "x".repeat(9));
    expect((await readBoundedFile(join(dir, "at.txt"), 8)).kind).toBe("ok");
    expect(await readBoundedFile(join(dir, "over.txt"), 8)).toEqual({
      kind: "refused",
      reason: "too-large",
      detail: "8",
    });
  });

  it("refuses a 1 GiB sparse file without reading or allocating it", async () => {
    const path = join(folder(), "big.json");
    writeFileSync(path, "{");
    truncateSync(path, 1024 ** 3);
    expect(await readBoundedFile(path, 1024)).toMatchObject({ reason: "too-large" });
  });

  it("reports a missing path, or one under a file, as missing", async () => {
    const dir = folder();
    writeFileSync(join(dir, "file"), "");
    expect(await readBoundedFile(join(dir, "nope.json"), 64)).toEqual({
      kind: "missing",
      code: "ENOENT",
    });
    expect(await readBoundedFile(join(dir, "file", "x.json"), 64)).toMatchObject({
      kind: "missing",
      code: "ENOTDIR",
    });
  });

  it("refuses a folder as not-regular", async () => {
    const dir = folder();
    mkdirSync(join(dir, "sub"));
    expect(await readBoundedFile(join(dir, "sub"), 64)).toMatchObject({
      kind: "refused",
      reason: "not-regular",
      detail: "a directory",
    });
  });

  it.skipIf(process.platform === "win32")(
    "refuses a FIFO without blocking on the open",
    async () => {
      const path = join(folder(), "pipe");
      execFileSync("mkfifo", [path]);
      expect(await readBoundedFile(path, 64)).toMatchObject({
        kind: "refused",
        reason: "not-regular",
        detail: "a FIFO",
      });
    },
  );

  it.skipIf(process.platform !== "linux")("refuses a device as not-regular", async () => {
    expect(await readBoundedFile("/dev/null", 64)).toEqual({
      kind: "refused",
      reason: "not-regular",
      detail: "a device",
    });
  });

  // A /proc file reports size 0 but has content: exactly what a file growing between the
  // handle's stat and the read looks like. What was read is not the whole file.
  it.skipIf(process.platform !== "linux")(
    "refuses a file that has more bytes than its size said, instead of returning it cut short",
    async () => {
      expect(await readBoundedFile("/proc/self/status", 1024 * 1024)).toEqual({
        kind: "refused",
        reason: "changed",
        detail: "the file grew while it was read",
      });
    },
  );
});

describe("describeFileKind", () => {
  /** Stats that answer true for one kind only. */
  function statsOf(kind: string): Stats {
    const is = (name: string) => () => name === kind;
    return {
      isDirectory: is("directory"),
      isFIFO: is("fifo"),
      isSocket: is("socket"),
      isCharacterDevice: is("character"),
      isBlockDevice: is("block"),
      isSymbolicLink: is("symlink"),
    } as Stats;
  }

  it.each([
    ["directory", "a directory"],
    ["fifo", "a FIFO"],
    ["socket", "a socket"],
    ["character", "a device"],
    ["block", "a device"],
    ["symlink", "a symlink"],
    ["something else", "not a regular file"],
  ])("words %s as %s", (kind, words) => {
    expect(describeFileKind(statsOf(kind))).toBe(words);
  });
});
