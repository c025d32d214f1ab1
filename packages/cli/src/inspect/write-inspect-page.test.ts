import type * as FsPromises from "node:fs/promises";
import { mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";
import { createTempDir, rejectedBy } from "@promptstack-tools/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CliError } from "../cli-error.js";
import { writeInspectPage } from "./write-inspect-page.js";

const fail = vi.hoisted(() => ({
  mkdir: undefined as Error | undefined,
  lstat: undefined as Error | undefined,
}));

// A folder made at --out between the check and the rename cannot be timed in a test, nor a
// failure without an error code provoked: the mocked calls answer for them.
vi.mock("node:fs/promises", async (importOriginal) => {
  const original = await importOriginal<typeof FsPromises>();
  return {
    ...original,
    mkdir: (...args: Parameters<typeof original.mkdir>) =>
      fail.mkdir === undefined ? original.mkdir(...args) : Promise.reject(fail.mkdir),
    lstat: (...args: Parameters<typeof original.lstat>) =>
      fail.lstat === undefined ? original.lstat(...args) : Promise.reject(fail.lstat),
  };
});

afterEach(() => {
  fail.mkdir = undefined;
  fail.lstat = undefined;
});

describe("writeInspectPage", () => {
  it("says 'an unknown error' when the folder cannot be made for a reason without a code", async () => {
    const dir = createTempDir("promptstack-inspect-write-");
    const cause = new Error("no code");
    fail.mkdir = cause;
    const file = join(dir, "pages", "prompt.html");
    const error = await rejectedBy(writeInspectPage(file, "<p>page</p>"));
    expect(error).toBeInstanceOf(CliError);
    expect(error).toMatchObject({
      code: "CLI_OUTPUT_UNWRITABLE",
      message: `Cannot write ${file}: its folder cannot be created (an unknown error).`,
      path: "--out",
      hint: "Pick another --out.",
      cause,
    });
  });

  it("names a folder that appears at the path after the check, and leaves no temp file", async () => {
    const dir = createTempDir("promptstack-inspect-write-");
    const file = join(dir, "prompt.html");
    await mkdir(file);
    fail.lstat = Object.assign(new Error("not there yet"), { code: "ENOENT" });
    const error = await rejectedBy(writeInspectPage(file, "<p>page</p>"));
    expect(error).toBeInstanceOf(CliError);
    expect(error).toMatchObject({
      code: "CLI_OUTPUT_UNWRITABLE",
      message: `Cannot write ${file}: it is a directory.`,
      path: "--out",
      hint: "Check the folder is writable, or pick another --out.",
      cause: { code: "EISDIR" },
    });
    expect(await readdir(dir)).toEqual(["prompt.html"]);
    expect(await readdir(file)).toEqual([]);
  });
});
