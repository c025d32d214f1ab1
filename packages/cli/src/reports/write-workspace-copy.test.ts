import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTempDir, rejectedBy } from "@promptstack-tools/test-utils";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { CliError } from "../cli-error.js";
import { writeWorkspaceCopy } from "./write-workspace-copy.js";

let source: string;
beforeEach(async () => {
  source = await mkdtemp(join(tmpdir(), "promptstack-copy-source-"));
  await writeFile(join(source, "MEMORY.md"), "- one\n");
  await mkdir(join(source, "memory", "deep"), { recursive: true });
  await writeFile(join(source, "memory", "deep", "day.md"), "day\n");
  await symlink(join(source, "MEMORY.md"), join(source, "LINK.md"));
  execFileSync("mkfifo", [join(source, "pipe")]);
});
afterEach(async () => {
  await rm(source, { recursive: true, force: true });
});

/** A temp folder of the test's own, made the system's temp folder (TMPDIR) until the test ends. */
function stubTmpdir(): string {
  const temp = createTempDir("promptstack-copy-temp-");
  vi.stubEnv("TMPDIR", temp);
  onTestFinished(() => {
    vi.unstubAllEnvs();
  });
  return temp;
}

describe("writeWorkspaceCopy", () => {
  it("copies files and folders, leaves out links and FIFOs, edits only the copy, removes it", async () => {
    const copy = await writeWorkspaceCopy(source, "ws");
    expect((await readdir(copy.dir)).sort()).toEqual(["MEMORY.md", "memory"]);
    expect(await readFile(join(copy.dir, "memory", "deep", "day.md"), "utf8")).toBe("day\n");
    expect(copy.skipped.map((d) => d.message)).toEqual([
      "ws/LINK.md is a symlink; the edited copy leaves it out.",
      "ws/pipe is not a regular file; the edited copy leaves it out.",
    ]);
    await copy.appendToFile("MEMORY.md", "- two\n");
    await copy.appendToFile("NEW.md", "new\n");
    expect(await readFile(join(copy.dir, "MEMORY.md"), "utf8")).toBe("- one\n- two\n");
    expect(await readFile(join(source, "MEMORY.md"), "utf8")).toBe("- one\n");
    await expect(stat(join(source, "NEW.md"))).rejects.toThrow(/ENOENT/);
    await copy.remove();
    await expect(stat(join(copy.dir, ".."))).rejects.toThrow(/ENOENT/);
    await copy.remove();
  });

  // The source holds six entries (LINK.md, MEMORY.md, memory, memory/deep, its day.md, pipe) and
  // ten bytes of regular files (MEMORY.md 6, day.md 4).
  it.each([
    [{ totalBytes: 9, entries: 100, depth: 8 }, "more than 9 bytes"],
    [{ totalBytes: 1000, entries: 5, depth: 8 }, "more than 5 files and folders"],
  ])("refuses a workspace over the cap %o, and removes the partial copy", async (limits, what) => {
    const temp = stubTmpdir();
    const error = await rejectedBy(writeWorkspaceCopy(source, "ws", limits));
    expect(CliError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: "CLI_USAGE",
      message: `ws is too large to copy for --edit-every: ${what}.`,
      path: "ws",
      hint: "Run cache-report on a smaller workspace, or leave out --edit-every (no copy is made then).",
    });
    expect(await readdir(temp)).toEqual([]);
  });

  it("copies a workspace of exactly the byte and entry caps", async () => {
    const copy = await writeWorkspaceCopy(source, "ws", { totalBytes: 10, entries: 6, depth: 8 });
    expect(await readFile(join(copy.dir, "memory", "deep", "day.md"), "utf8")).toBe("day\n");
    await copy.remove();
  });

  it("skips a folder below the depth cap with an info diagnostic", async () => {
    const shallow = await writeWorkspaceCopy(source, "ws", {
      totalBytes: 1000,
      entries: 100,
      depth: 1,
    });
    expect(shallow.skipped).toContainEqual({
      code: "CLI_WORKSPACE_COPY_SKIPPED",
      severity: "info",
      message: "ws/memory/deep is more than 1 folders deep; the edited copy leaves it out.",
      path: "ws/memory/deep",
    });
    expect(await readdir(join(shallow.dir, "memory"))).toEqual([]);
    await shallow.remove();
  });

  it("by default copies folders 8 deep and skips the ninth", async () => {
    const nested = ["a", "b", "c", "d", "e", "f", "g", "h", "i"];
    await mkdir(join(source, ...nested), { recursive: true });
    const copy = await writeWorkspaceCopy(source, "ws");
    expect(copy.skipped.map((d) => d.message)).toContain(
      "ws/a/b/c/d/e/f/g/h/i is more than 8 folders deep; the edited copy leaves it out.",
    );
    expect(await readdir(join(copy.dir, ...nested.slice(0, 8)))).toEqual([]);
    await copy.remove();
  });

  // libuv lists a folder in byte order; the copy walks it in JavaScript's (UTF-16) order, so the
  // order of its diagnostics (and the entry that trips the cap) matches every other name sort.
  it("walks each folder in UTF-16 name order, not the listing's byte order", async () => {
    const fullwidthA = "\uFF21.md"; // UTF-8 EF BC A1, UTF-16 FF21
    const grin = "\u{1F600}.md"; // UTF-8 F0 9F 98 80, UTF-16 D83D DE00
    for (const name of [fullwidthA, grin]) await symlink("MEMORY.md", join(source, name));
    const copy = await writeWorkspaceCopy(source, "ws");
    expect(copy.skipped.map((d) => d.path)).toEqual([
      "ws/LINK.md",
      "ws/pipe",
      `ws/${grin}`,
      `ws/${fullwidthA}`,
    ]);
    await copy.remove();
  });

  it.skipIf(process.platform !== "linux")(
    "closes the file it appends to (no descriptor left open)",
    async () => {
      const copy = await writeWorkspaceCopy(source, "ws");
      const open = async () => (await readdir("/proc/self/fd")).length;
      const before = await open();
      for (let round = 0; round < 5; round += 1) await copy.appendToFile("MEMORY.md", "- more\n");
      expect(await open()).toBe(before);
      await copy.remove();
    },
  );

  it("refuses a missing workspace with CLI_WORKSPACE_MISSING", async () => {
    const error = await rejectedBy(writeWorkspaceCopy(join(source, "nope"), "nope"));
    expect(CliError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: "CLI_WORKSPACE_MISSING",
      message: "Workspace nope is not an existing folder.",
      path: "nope",
      hint: "Pass --workspace with an existing folder, or leave it out to use the demo workspace.",
    });
  });

  it("refuses to append to a folder of the copy, naming --edit-file", async () => {
    const copy = await writeWorkspaceCopy(source, "ws");
    const error = await rejectedBy(copy.appendToFile("memory", "- two\n"));
    expect(CliError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: "CLI_USAGE",
      message: "--edit-file memory: ws/memory is not a regular file.",
      path: "--edit-file",
      hint: "Name a regular file of the workspace, or a new one.",
    });
    await copy.remove();
  });

  it("copies into a temp folder of its own and removes only that", async () => {
    const temp = stubTmpdir();
    await writeFile(join(temp, "beside.txt"), "not the copy's\n");
    const copy = await writeWorkspaceCopy(source, "ws");
    expect((await readdir(temp)).length).toBe(2);
    await copy.remove();
    expect(await readdir(temp)).toEqual(["beside.txt"]);
  });
});
