import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rejectedBy } from "@promptstack-tools/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
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

  it("refuses a workspace over the byte or entry cap; skips folders below the depth cap", async () => {
    for (const limits of [
      { totalBytes: 6, entries: 100, depth: 8 },
      { totalBytes: 1000, entries: 2, depth: 8 },
    ]) {
      const error = await writeWorkspaceCopy(source, "ws", limits).catch((e: unknown) => e);
      expect(CliError.isInstance(error)).toBe(true);
      expect((error as CliError).message).toContain("ws is too large to copy for --edit-every");
    }
    const shallow = await writeWorkspaceCopy(source, "ws", {
      totalBytes: 1000,
      entries: 100,
      depth: 1,
    });
    expect(shallow.skipped.map((d) => d.path)).toContain("ws/memory/deep");
    await shallow.remove();
  });

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
    const temp = await mkdtemp(join(tmpdir(), "promptstack-copy-temp-"));
    vi.stubEnv("TMPDIR", temp);
    try {
      await writeFile(join(temp, "beside.txt"), "not the copy's\n");
      const copy = await writeWorkspaceCopy(source, "ws");
      expect((await readdir(temp)).length).toBe(2);
      await copy.remove();
      expect(await readdir(temp)).toEqual(["beside.txt"]);
    } finally {
      vi.unstubAllEnvs();
      await rm(temp, { recursive: true, force: true });
    }
  });
});
