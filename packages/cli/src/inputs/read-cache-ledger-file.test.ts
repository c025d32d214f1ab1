import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createTempDir, rejectedBy } from "@promptstack-tools/test-utils";
import type * as SafeRead from "@promptstack/safe-read";
import type { ReadContainedFileResult } from "@promptstack/safe-read";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CliError } from "../cli-error.js";
import { readCacheLedgerFile } from "./read-cache-ledger-file.js";

const answer = vi.hoisted(() => ({ current: undefined as ReadContainedFileResult | undefined }));

// A swap between the checks and the open cannot be timed in a test: the read answers for it.
vi.mock("@promptstack/safe-read", async (importOriginal) => {
  const original = await importOriginal<typeof SafeRead>();
  return {
    ...original,
    readContainedFile: (options: SafeRead.ReadContainedFileOptions) =>
      answer.current === undefined
        ? original.readContainedFile(options)
        : Promise.resolve(answer.current),
  };
});

afterEach(() => {
  answer.current = undefined;
});

/** What `readCacheLedgerFile` rejects with; fails the test when it resolves. */
async function refusalOf(path: string, cwd: string): Promise<CliError> {
  const error = await rejectedBy(readCacheLedgerFile(path, cwd));
  expect(error).toBeInstanceOf(CliError);
  return error as CliError;
}

describe("readCacheLedgerFile", () => {
  it("keeps the text after one leading byte-order mark as it is, U+FEFF elsewhere included", async () => {
    const dir = createTempDir("promptstack-ledger-read-");
    await writeFile(join(dir, "one.jsonl"), '\uFEFF{"a":"x\uFEFFy"}\n');
    expect(await readCacheLedgerFile("one.jsonl", dir)).toBe('{"a":"x\uFEFFy"}\n');
    await writeFile(join(dir, "none.jsonl"), '{"a":"\uFEFF"}\n');
    expect(await readCacheLedgerFile("none.jsonl", dir)).toBe('{"a":"\uFEFF"}\n');
    // Only the first U+FEFF is a byte-order mark; a second one is text.
    await writeFile(join(dir, "two.jsonl"), "\uFEFF\uFEFF{}\n");
    expect(await readCacheLedgerFile("two.jsonl", dir)).toBe("\uFEFF{}\n");
  });

  it("refuses a file in a folder that does not exist, keeping the error as the cause", async () => {
    const dir = createTempDir("promptstack-ledger-read-");
    const error = await refusalOf("gone/requests.jsonl", dir);
    expect(error).toMatchObject({
      code: "CLI_FILE_MISSING",
      message: "cache-ledger file gone/requests.jsonl is in a folder that does not exist.",
      path: "gone/requests.jsonl",
      hint: "Check the path.",
    });
    expect(error.cause).toMatchObject({ code: "ENOENT" });
  });

  it("refuses a missing file, a folder and a link out of its folder, each with its fix", async () => {
    const dir = createTempDir("promptstack-ledger-read-");
    const missing = await refusalOf("nope.jsonl", dir);
    expect(missing).toMatchObject({
      code: "CLI_FILE_MISSING",
      message: "cache-ledger file nope.jsonl does not exist.",
      path: "nope.jsonl",
      hint: "Check the path.",
    });
    expect(missing.cause).toBeUndefined();

    await mkdir(join(dir, "folder.jsonl"));
    expect(await refusalOf("folder.jsonl", dir)).toMatchObject({
      code: "CLI_FILE_MISSING",
      message: "cache-ledger file folder.jsonl is not a regular file (a directory).",
      path: "folder.jsonl",
      hint: "Pass a JSONL file.",
    });

    await mkdir(join(dir, "inner"));
    await writeFile(join(dir, "outside.jsonl"), "");
    await symlink(join(dir, "outside.jsonl"), join(dir, "inner", "link.jsonl"));
    expect(await refusalOf("inner/link.jsonl", dir)).toMatchObject({
      code: "CLI_FILE_MISSING",
      message: `cache-ledger file inner/link.jsonl is a link to ${join(dir, "outside.jsonl")}, outside its folder.`,
      path: "inner/link.jsonl",
      hint: "Pass the file the link points to.",
    });
  });

  it("refuses a file that changed while it was read", async () => {
    const dir = createTempDir("promptstack-ledger-read-");
    await writeFile(join(dir, "requests.jsonl"), "{}\n");
    answer.current = { kind: "refused", reason: "changed", detail: "ELOOP" };
    expect(await refusalOf("requests.jsonl", dir)).toMatchObject({
      code: "CLI_FILE_MISSING",
      message: "cache-ledger file requests.jsonl changed while it was read.",
      path: "requests.jsonl",
      hint: "Run again once whatever writes it has finished.",
    });
  });
});
