// What the reads do when the file system fails or changes under them at a given step: each
// step of node:fs/promises can be made to fail or answer differently, one test at a time.
import { execFileSync } from "node:child_process";
import { mkdirSync, realpathSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import type { Stats } from "node:fs";
import type * as FsPromises from "node:fs/promises";
import type { FileHandle } from "node:fs/promises";
import { join } from "node:path";
import { createTempDir } from "@promptstack-tools/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readBoundedFile } from "./read-bounded-file.js";
import { readContainedFile } from "./read-contained-file.js";

type Step = "open" | "lstat" | "realpath" | "stat" | "readlink";
type Hook = (original: (...args: never[]) => Promise<unknown>, ...args: never[]) => unknown;

const hooks = vi.hoisted(() => new Map<string, Hook>());

vi.mock("node:fs/promises", async (importOriginal) => {
  const original = await importOriginal<typeof FsPromises>();
  const wrap =
    (step: Step) =>
    (...args: never[]): unknown => {
      const run = original[step] as (...args: never[]) => Promise<unknown>;
      const hook = hooks.get(step);
      return hook === undefined ? run(...args) : hook(run, ...args);
    };
  return {
    ...original,
    open: wrap("open"),
    lstat: wrap("lstat"),
    realpath: wrap("realpath"),
    stat: wrap("stat"),
    readlink: wrap("readlink"),
  };
});

afterEach(() => hooks.clear());

function hook(step: Step, run: Hook): void {
  hooks.set(step, run);
}

const failure = (code: unknown): Error =>
  Object.assign(new Error(`failed: ${String(code)}`), { code });

/** A rejection with any reason: the file system's are Errors, but the reads must not rely on it. */
function rejectWith(reason: unknown): Promise<never> {
  // oxlint-disable-next-line typescript/prefer-promise-reject-errors -- some tests feed non-Errors
  return Promise.reject(reason);
}

/** Every handle the reads open, to check each one is closed afterwards (`fd` is -1 then). */
function recordHandles(change?: (handle: FileHandle) => void): FileHandle[] {
  const handles: FileHandle[] = [];
  hook("open", async (original, ...args) => {
    const handle = (await original(...args)) as FileHandle;
    change?.(handle);
    handles.push(handle);
    return handle;
  });
  return handles;
}

function failReads(handle: FileHandle, code: string): void {
  handle.read = () => rejectWith(failure(code));
}

function makeRoot(): string {
  const root = join(createTempDir("safe-read-failures-"), "root");
  mkdirSync(root);
  return root;
}

describe("readBoundedFile when the file system fails", () => {
  it("reports an open failure other than a missing path as unreadable, with its code", async () => {
    const error = failure("EACCES");
    hook("open", () => rejectWith(error));
    expect(await readBoundedFile("/any/config.json", 64)).toEqual({
      kind: "refused",
      reason: "unreadable",
      detail: "EACCES",
      cause: error,
    });
  });

  it("refuses a folder whose open or read fails with EISDIR", async () => {
    const path = join(makeRoot(), "config.json");
    writeFileSync(path, "{}");
    hook("open", () => rejectWith(failure("EISDIR")));
    const directory = { kind: "refused", reason: "not-regular", detail: "a directory" };
    expect(await readBoundedFile(path, 64)).toEqual(directory);
    const handles = recordHandles((handle) => failReads(handle, "EISDIR"));
    expect(await readBoundedFile(path, 64)).toEqual(directory);
    expect(handles.map((handle) => handle.fd)).toEqual([-1]);
  });

  it("refuses a read that fails after the open as unreadable, and closes the handle", async () => {
    const path = join(makeRoot(), "config.json");
    writeFileSync(path, "{}");
    const handles = recordHandles((handle) => failReads(handle, "EIO"));
    expect(await readBoundedFile(path, 64)).toMatchObject({
      kind: "refused",
      reason: "unreadable",
      detail: "EIO",
    });
    expect(handles.map((handle) => handle.fd)).toEqual([-1]);
  });

  it("closes the handle after a whole read and after a refusal", async () => {
    const root = makeRoot();
    writeFileSync(join(root, "small.json"), "{}");
    writeFileSync(join(root, "large.json"), "x".repeat(100));
    mkdirSync(join(root, "folder"));
    const handles = recordHandles();
    expect((await readBoundedFile(join(root, "small.json"), 64)).kind).toBe("ok");
    expect(await readBoundedFile(join(root, "large.json"), 64)).toMatchObject({
      reason: "too-large",
    });
    expect(await readBoundedFile(join(root, "folder"), 64)).toMatchObject({
      reason: "not-regular",
    });
    expect(handles.map((handle) => handle.fd)).toEqual([-1, -1, -1]);
  });

  it("words an error without a string code as 'an unknown error', and never throws", async () => {
    for (const error of [new Error("no code"), failure(42), null, "a string"]) {
      hook("open", () => rejectWith(error));
      expect(await readBoundedFile("/any/config.json", 64)).toMatchObject({
        kind: "refused",
        reason: "unreadable",
        detail: "an unknown error",
      });
    }
  });
});

describe("readContainedFile when the file changes or fails between its steps", () => {
  function setup(): {
    root: string;
    path: string;
    read: () => ReturnType<typeof readContainedFile>;
  } {
    const root = makeRoot();
    const path = join(root, "AGENTS.md");
    writeFileSync(path, "inside");
    return {
      root,
      path,
      read: () => readContainedFile({ filePath: path, rootRealPath: root, headBytes: 64 }),
    };
  }

  /** Answers the /proc/self/fd lookup of the open descriptor with `link`. */
  function descriptorPointsTo(link: string): void {
    hook("readlink", (original, ...args) =>
      String(args[0]).startsWith("/proc/self/fd/") ? Promise.resolve(link) : original(...args),
    );
  }

  it.skipIf(process.platform !== "linux")(
    "refuses an open descriptor whose real path lies outside the root",
    async () => {
      const { read } = setup();
      descriptorPointsTo("/elsewhere/secret.md");
      expect(await read()).toEqual({
        kind: "refused",
        reason: "outside-root",
        detail: "/elsewhere/secret.md",
      });
    },
  );

  it.skipIf(process.platform !== "linux")(
    "refuses a descriptor of a deleted file, or of something with no path, as changed",
    async () => {
      const { path, read } = setup();
      const changed = {
        kind: "refused",
        reason: "changed",
        detail: "the file moved while it was opened",
      };
      descriptorPointsTo(`${path} (deleted)`);
      expect(await read()).toEqual(changed);
      descriptorPointsTo("anon_inode:[eventfd]");
      expect(await read()).toEqual(changed);
    },
  );

  it("without /proc, resolves the path again and accepts it only when it is the same file", async () => {
    const { root, read } = setup();
    writeFileSync(join(root, "OTHER.md"), "other");
    hook("readlink", () => rejectWith(failure("ENOENT")));
    const ok = await read();
    expect(ok.kind === "ok" && Buffer.from(ok.head).toString()).toBe("inside");

    let opened = false;
    hook("open", (original, ...args) => {
      opened = true;
      return original(...args);
    });
    const changed = {
      kind: "refused",
      reason: "changed",
      detail: "the file moved while it was opened",
    };
    // Another file took the path after the open.
    hook("realpath", (original, ...args) =>
      opened ? Promise.resolve(join(root, "OTHER.md")) : original(...args),
    );
    expect(await read()).toEqual(changed);
    // The same inode number on another device is another file too.
    opened = false;
    hooks.delete("realpath");
    hook("stat", async (original, ...args) => {
      const stats = (await original(...args)) as Stats;
      return opened ? { ino: stats.ino, dev: stats.dev + 1 } : stats;
    });
    expect(await read()).toEqual(changed);
    // Resolving again fails: the file is gone.
    opened = false;
    hooks.delete("stat");
    hook("realpath", (original, ...args) =>
      opened ? rejectWith(failure("ENOENT")) : original(...args),
    );
    expect(await read()).toEqual(changed);
  });

  it("never opens a file whose resolved path is outside the root", async () => {
    const { root } = setup();
    const outside = join(root, "..", "outside.md");
    writeFileSync(outside, "secret");
    symlinkSync(outside, join(root, "out.md"));
    const handles = recordHandles();
    expect(
      await readContainedFile({ filePath: join(root, "out.md"), rootRealPath: root, headBytes: 8 }),
    ).toEqual({ kind: "refused", reason: "outside-root", detail: realpathSync(outside) });
    expect(handles).toEqual([]);
  });

  it.skipIf(process.platform === "win32")(
    "refuses what the open descriptor shows is not a regular file, whatever the check before said",
    async () => {
      const { root } = setup();
      const fifo = join(root, "pipe.md");
      execFileSync("mkfifo", [fifo]);
      const regular = statSync(join(root, "AGENTS.md"));
      hook("stat", () => Promise.resolve(regular));
      const handles = recordHandles();
      expect(await readContainedFile({ filePath: fifo, rootRealPath: root, headBytes: 8 })).toEqual(
        { kind: "refused", reason: "not-regular", detail: "a FIFO" },
      );
      expect(handles.map((handle) => handle.fd)).toEqual([-1]);
    },
  );

  it("refuses as changed when the open meets a new symlink (ELOOP), as unreadable otherwise", async () => {
    const { read } = setup();
    hook("open", () => rejectWith(failure("ELOOP")));
    expect(await read()).toEqual({ kind: "refused", reason: "changed", detail: "ELOOP" });
    hook("open", () => rejectWith(failure("EACCES")));
    expect(await read()).toEqual({ kind: "refused", reason: "unreadable", detail: "EACCES" });
  });

  it("refuses a file it cannot resolve or stat before the open as unreadable", async () => {
    const { read } = setup();
    hook("realpath", () => rejectWith(failure("EACCES")));
    expect(await read()).toEqual({ kind: "refused", reason: "unreadable", detail: "EACCES" });
    hooks.delete("realpath");
    hook("stat", () => rejectWith(failure("EIO")));
    expect(await read()).toEqual({ kind: "refused", reason: "unreadable", detail: "EIO" });
  });

  it("refuses a read that fails after the open as unreadable, and closes the handle", async () => {
    const { read } = setup();
    const handles = recordHandles((handle) => failReads(handle, "EIO"));
    expect(await read()).toEqual({ kind: "refused", reason: "unreadable", detail: "EIO" });
    expect(handles.map((handle) => handle.fd)).toEqual([-1]);
  });

  it("closes the handle after a whole read", async () => {
    const { read } = setup();
    const handles = recordHandles();
    expect((await read()).kind).toBe("ok");
    expect(handles.map((handle) => handle.fd)).toEqual([-1]);
  });

  it("words an error without a string code as 'an unknown error', and never throws", async () => {
    const { read } = setup();
    for (const error of [new Error("no code"), failure(42), null, "a string"]) {
      hook("lstat", () => rejectWith(error));
      expect(await read()).toEqual({
        kind: "refused",
        reason: "unreadable",
        detail: "an unknown error",
      });
    }
  });
});
