import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadStartupMemoryContext } from "./load-startup-memory-context.js";

let root: string;
let workspace: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "bootstrap-startup-"));
  workspace = join(root, "ws");
  await mkdir(join(workspace, "memory"), { recursive: true });
  for (const day of ["2026-07-10", "2026-07-11", "2026-07-12", "2026-07-13", "2026-07-14"]) {
    await writeFile(join(workspace, "memory", `${day}.md`), `notes of ${day}\n`);
  }
  await writeFile(join(workspace, "memory", "ideas.md"), "not a daily file");
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const base = { today: "2026-07-13", maxChars: 4000, maxFiles: 2 };

/** Replaces `memory/` with a symlink to an outside folder holding `fileName`, then loads. */
async function loadWithMemoryLinkedOutside(fileName: string) {
  const outside = join(root, "outside");
  await mkdir(outside);
  await writeFile(join(outside, fileName), "secret");
  await rm(join(workspace, "memory"), { recursive: true });
  await symlink(outside, join(workspace, "memory"));
  return loadStartupMemoryContext({ ...base, workspaceDir: workspace, command: "/new" });
}

describe("loadStartupMemoryContext", () => {
  it("adds the newest daily files up to today, newest first, on a bare /new", async () => {
    const result = await loadStartupMemoryContext({
      ...base,
      workspaceDir: workspace,
      command: "/new",
    });
    expect(result.block).toBe(
      "[Startup context: recent daily memory, included once for this first turn]\n\n" +
        "## memory/2026-07-13.md\nnotes of 2026-07-13\n\n" +
        "## memory/2026-07-12.md\nnotes of 2026-07-12",
    );
    expect(result.files.map((f) => f.path)).toEqual([
      join(workspace, "memory", "2026-07-13.md"),
      join(workspace, "memory", "2026-07-12.md"),
    ]);
  });

  it("works for /reset too and ignores surrounding whitespace", async () => {
    const result = await loadStartupMemoryContext({
      ...base,
      workspaceDir: workspace,
      command: " /reset\n",
    });
    expect(result.block).not.toBeNull();
  });

  it("adds nothing unless the turn is a bare /new or /reset", async () => {
    for (const command of ["/new please summarize", "hello", "/status"]) {
      const result = await loadStartupMemoryContext({ ...base, workspaceDir: workspace, command });
      expect(result.block).toBeNull();
    }
  });

  it("stays within maxChars, truncating the newest file if needed", async () => {
    await writeFile(join(workspace, "memory", "2026-07-13.md"), "x".repeat(10_000));
    const result = await loadStartupMemoryContext({
      ...base,
      maxChars: 500,
      workspaceDir: workspace,
      command: "/new",
    });
    expect(result.block?.length).toBeLessThanOrEqual(500);
    expect(result.files).toHaveLength(1);
    expect(result.files[0]?.truncated).toBe(true);
  });

  it("returns nothing without a memory folder and skips links leaving the workspace", async () => {
    const empty = join(root, "empty");
    await mkdir(empty);
    expect(
      (await loadStartupMemoryContext({ ...base, workspaceDir: empty, command: "/new" })).block,
    ).toBeNull();
    const result = await loadWithMemoryLinkedOutside("2026-07-13.md");
    expect(result.block).toBeNull();
    expect(result.diagnostics[0]?.code).toBe("BOOTSTRAP_FILE_OUTSIDE_WORKSPACE");
  });

  it("does not list a memory folder that resolves outside the workspace", async () => {
    const result = await loadWithMemoryLinkedOutside("2026-07-12.md");
    expect(result.block).toBeNull();
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: "BOOTSTRAP_FILE_OUTSIDE_WORKSPACE",
        path: join(workspace, "memory"),
      }),
    ]);
    // Names listed from outside the workspace must not leak into diagnostics either.
    expect(JSON.stringify(result.diagnostics)).not.toContain("2026-07-12");
  });

  it("skips daily files that are symlinks out of the workspace, FIFOs or folders", async () => {
    await writeFile(join(root, "secret.md"), "secret");
    await rm(join(workspace, "memory", "2026-07-13.md"));
    await symlink(join(root, "secret.md"), join(workspace, "memory", "2026-07-13.md"));
    await rm(join(workspace, "memory", "2026-07-12.md"));
    execFileSync("mkfifo", [join(workspace, "memory", "2026-07-12.md")]);
    await rm(join(workspace, "memory", "2026-07-11.md"));
    await mkdir(join(workspace, "memory", "2026-07-11.md"));
    const result = await loadStartupMemoryContext({
      ...base,
      maxFiles: 4,
      workspaceDir: workspace,
      command: "/new",
    });
    expect(result.block).not.toContain("secret");
    expect(result.files.map((f) => f.path)).toEqual([join(workspace, "memory", "2026-07-10.md")]);
    expect(result.diagnostics.map((d) => d.code)).toEqual([
      "BOOTSTRAP_FILE_OUTSIDE_WORKSPACE",
      "BOOTSTRAP_FILE_NOT_REGULAR",
      "BOOTSTRAP_FILE_NOT_REGULAR",
    ]);
  });

  it("rejects a command that is not text", async () => {
    await expect(
      loadStartupMemoryContext({
        ...base,
        workspaceDir: workspace,
        command: undefined as unknown as string,
      }),
    ).rejects.toMatchObject({ code: "BOOTSTRAP_INVALID_OPTIONS", path: "command" });
  });

  it("rejects a malformed date", async () => {
    await expect(
      loadStartupMemoryContext({
        ...base,
        today: "13/07/2026",
        workspaceDir: workspace,
        command: "/new",
      }),
    ).rejects.toMatchObject({ code: "BOOTSTRAP_INVALID_OPTIONS" });
  });
});
