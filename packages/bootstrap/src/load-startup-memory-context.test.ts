import { execFileSync } from "node:child_process";
import type * as FsPromises from "node:fs/promises";
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BOOTSTRAP_MIN_REMAINING_CHARS } from "./bootstrap-file-names.js";
import { loadStartupMemoryContext } from "./load-startup-memory-context.js";

/** Reorders what `readdir` lists, when a test sets it (this platform's listing is sorted). */
const reorderListing = vi.hoisted(() => ({
  current: undefined as ((names: string[]) => string[]) | undefined,
}));

vi.mock("node:fs/promises", async (importOriginal) => {
  const original = await importOriginal<typeof FsPromises>();
  return {
    ...original,
    readdir: async (path: string): Promise<string[]> => {
      const names = await original.readdir(path);
      return reorderListing.current === undefined ? names : reorderListing.current(names);
    },
  };
});

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
  reorderListing.current = undefined;
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
    expect(result.files).toEqual([
      {
        path: join(workspace, "memory", "2026-07-13.md"),
        rawChars: 19,
        injectedChars: 19,
        truncated: false,
      },
      {
        path: join(workspace, "memory", "2026-07-12.md"),
        rawChars: 19,
        injectedChars: 19,
        truncated: false,
      },
    ]);
    expect(result.diagnostics).toEqual([]);
  });

  it("picks the newest files by name whatever order the folder lists them in", async () => {
    const orders = [
      (names: string[]) => [...names].sort().reverse(),
      (names: string[]) => [...names.slice(3), ...names.slice(0, 3)],
    ];
    for (const order of orders) {
      reorderListing.current = order;
      const result = await loadStartupMemoryContext({
        ...base,
        workspaceDir: workspace,
        command: "/new",
      });
      expect(result.files.map((f) => f.path)).toEqual([
        join(workspace, "memory", "2026-07-13.md"),
        join(workspace, "memory", "2026-07-12.md"),
      ]);
    }
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
      await loadStartupMemoryContext({ ...base, workspaceDir: empty, command: "/new" }),
    ).toEqual({ block: null, files: [], diagnostics: [] });
    const result = await loadWithMemoryLinkedOutside("2026-07-13.md");
    expect(result.block).toBeNull();
    expect(result.diagnostics[0]?.code).toBe("BOOTSTRAP_FILE_OUTSIDE_WORKSPACE");
  });

  it("returns nothing when memory is a file, not a folder", async () => {
    await rm(join(workspace, "memory"), { recursive: true });
    await writeFile(join(workspace, "memory"), "not a folder");
    expect(
      await loadStartupMemoryContext({ ...base, workspaceDir: workspace, command: "/new" }),
    ).toEqual({ block: null, files: [], diagnostics: [] });
  });

  it("cuts a large daily file with a blank end to its head, counting the whole file", async () => {
    // 100 chars of room read 316 bytes from each end: the tail read is blank, and trimmed away.
    await writeFile(join(workspace, "memory", "2026-07-13.md"), "a".repeat(400) + " ".repeat(1000));
    const heading = "[Startup context: recent daily memory, included once for this first turn]";
    const fileHeading = "\n\n## memory/2026-07-13.md\n";
    const result = await loadStartupMemoryContext({
      ...base,
      maxFiles: 1,
      maxChars: heading.length + fileHeading.length + 100,
      workspaceDir: workspace,
      command: "/new",
    });
    expect(result).toEqual({
      block: `${heading}${fileHeading}${"a".repeat(59)}\n[... truncated ...]\n`,
      files: [
        {
          path: join(workspace, "memory", "2026-07-13.md"),
          rawChars: 1400,
          injectedChars: 80,
          truncated: true,
        },
      ],
      diagnostics: [],
    });
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

  it.each([
    [
      { workspaceDir: "ws" },
      "workspaceDir must be an absolute path.",
      "workspaceDir",
      "Resolve it first.",
    ],
    [
      { workspaceDir: 42 },
      "workspaceDir must be an absolute path.",
      "workspaceDir",
      "Resolve it first.",
    ],
    [
      { today: "2026-7-13" },
      'today must be a YYYY-MM-DD date, got "2026-7-13".',
      "today",
      "Format the user's local date as YYYY-MM-DD.",
    ],
    [{ maxChars: 0 }, "maxChars must be a positive integer.", "maxChars", "Pass a whole number."],
    [{ maxChars: 1.5 }, "maxChars must be a positive integer.", "maxChars", "Pass a whole number."],
    [
      { command: 7 },
      "command must be the turn's text.",
      "command",
      "Pass the user's message as a string.",
    ],
    [{ maxFiles: -1 }, "maxFiles must be a whole number.", "maxFiles", "Pass 0 or more."],
    [{ maxFiles: Number.NaN }, "maxFiles must be a whole number.", "maxFiles", "Pass 0 or more."],
  ])("rejects %j with what, where and how to fix", async (override, message, path, hint) => {
    const options = { ...base, workspaceDir: workspace, command: "/new", ...override };
    await expect(
      loadStartupMemoryContext(options as Parameters<typeof loadStartupMemoryContext>[0]),
    ).rejects.toMatchObject({ code: "BOOTSTRAP_INVALID_OPTIONS", message, path, hint });
  });

  it("accepts the smallest limits: one character and no files", async () => {
    const options = { ...base, workspaceDir: workspace, command: "/new" };
    const empty = { block: null, files: [], diagnostics: [] };
    expect(await loadStartupMemoryContext({ ...options, maxChars: 1 })).toEqual(empty);
    expect(await loadStartupMemoryContext({ ...options, maxFiles: 0 })).toEqual(empty);
    expect(await loadStartupMemoryContext({ ...options, command: "hello" })).toEqual(empty);
  });

  it("reports a memory folder outside the workspace in full", async () => {
    const result = await loadWithMemoryLinkedOutside("2026-07-13.md");
    const outsideReal = await realpath(join(root, "outside"));
    const workspaceReal = await realpath(workspace);
    expect(result).toEqual({
      block: null,
      files: [],
      diagnostics: [
        {
          code: "BOOTSTRAP_FILE_OUTSIDE_WORKSPACE",
          severity: "warning",
          message: `memory resolves to ${outsideReal}, outside ${workspaceReal}; no startup context.`,
          path: join(workspace, "memory"),
          hint: "Keep daily memory files in a real memory/ folder inside the workspace.",
        },
      ],
    });
  });

  it("leaves out blank daily files, and adds no block when every file is blank", async () => {
    await writeFile(join(workspace, "memory", "2026-07-13.md"), "  \n\n");
    const result = await loadStartupMemoryContext({
      ...base,
      workspaceDir: workspace,
      command: "/new",
    });
    expect(result.files.map((file) => file.path)).toEqual([
      join(workspace, "memory", "2026-07-12.md"),
    ]);
    await writeFile(join(workspace, "memory", "2026-07-12.md"), "\n");
    expect(
      await loadStartupMemoryContext({ ...base, workspaceDir: workspace, command: "/new" }),
    ).toEqual({ block: null, files: [], diagnostics: [] });
  });

  it("still reads a file when the room left is exactly the minimum", async () => {
    const options = { ...base, maxFiles: 1, workspaceDir: workspace, command: "/new" };
    const whole = await loadStartupMemoryContext(options);
    const blockHeading = whole.block!.split("\n\n")[0]!;
    const fileHeading = "\n\n## memory/2026-07-13.md\n";
    const exact = blockHeading.length + fileHeading.length + BOOTSTRAP_MIN_REMAINING_CHARS;
    const fits = await loadStartupMemoryContext({ ...options, maxChars: exact });
    expect(fits.files).toHaveLength(1);
    expect(fits.block!.length).toBeLessThanOrEqual(exact);
    expect((await loadStartupMemoryContext({ ...options, maxChars: exact - 1 })).block).toBeNull();
  });
});
