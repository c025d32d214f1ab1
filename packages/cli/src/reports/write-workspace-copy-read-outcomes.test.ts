import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type * as SafeRead from "@promptstack/safe-read";
import type { ReadBoundedFileResult } from "@promptstack/safe-read";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { writeWorkspaceCopy } from "./write-workspace-copy.js";

// What the bounded read answers for NOTES.md; every other file is read for real. A file that
// vanishes or changes between the listing and the read is a race a test cannot time.
const answer = vi.hoisted(() => ({ notes: undefined as ReadBoundedFileResult | undefined }));
vi.mock("@promptstack/safe-read", async (importOriginal) => {
  const original = await importOriginal<typeof SafeRead>();
  return {
    ...original,
    readBoundedFile: (path: string, cap: number) =>
      answer.notes !== undefined && path.endsWith("NOTES.md")
        ? Promise.resolve(answer.notes)
        : original.readBoundedFile(path, cap),
  };
});

let source: string;
beforeEach(async () => {
  source = await mkdtemp(join(tmpdir(), "promptstack-copy-source-"));
  await writeFile(join(source, "MEMORY.md"), "- one\n");
  await writeFile(join(source, "NOTES.md"), "notes\n");
});
afterEach(async () => {
  answer.notes = undefined;
  await rm(source, { recursive: true, force: true });
});

describe("writeWorkspaceCopy: a file the bounded read does not return", () => {
  it.each([
    ["gone", { kind: "missing", code: "ENOENT" }],
    [
      "unreadable",
      { kind: "refused", reason: "changed", detail: "the file grew while it was read" },
    ],
    ["unreadable", { kind: "refused", reason: "unreadable", detail: "EACCES" }],
  ] as const)("is left out of the copy as %s", async (why, result) => {
    answer.notes = result;
    const copy = await writeWorkspaceCopy(source, "ws");
    expect(await readdir(copy.dir)).toEqual(["MEMORY.md"]);
    expect(copy.skipped).toEqual([
      {
        code: "CLI_WORKSPACE_COPY_SKIPPED",
        severity: "info",
        message: `ws/NOTES.md is ${why}; the edited copy leaves it out.`,
        path: "ws/NOTES.md",
      },
    ]);
    await copy.remove();
  });
});
