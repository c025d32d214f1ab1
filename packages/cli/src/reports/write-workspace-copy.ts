// The one place `cache-report` writes near a workspace: a temp copy it owns, edited instead of
// the user's folder, and removed afterwards.
import { constants } from "node:fs";
import { lstat, mkdir, mkdtemp, open, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { readBoundedFile } from "@promptstack/safe-read";
import type { Diagnostic } from "@promptstack/core";
import { CliError } from "../cli-error.js";

/** Bounds of one workspace copy. */
export interface WorkspaceCopyLimits {
  /** Bytes copied in all; a larger workspace is refused. */
  readonly totalBytes: number;
  /** Files and folders copied in all; a workspace with more is refused. */
  readonly entries: number;
  /** Folder depth below the workspace; deeper folders are skipped. */
  readonly depth: number;
}

/** 64 MiB, 10,000 entries, 8 folders deep: far above a real agent workspace. */
export const WORKSPACE_COPY_LIMITS: WorkspaceCopyLimits = {
  totalBytes: 64 * 1024 * 1024,
  entries: 10_000,
  depth: 8,
};

/** A temp copy of a workspace that `cache-report` may edit. */
export interface WorkspaceCopy {
  /** The copy's folder (absolute). */
  readonly dir: string;
  /** Links, special files and too-deep folders left out of the copy (one info diagnostic each). */
  readonly skipped: readonly Diagnostic[];
  /** Appends `text` to the copy's file `name` (a plain file name), creating it when missing. */
  appendToFile(name: string, text: string): Promise<void>;
  /** Removes the copy; safe to call twice. */
  remove(): Promise<void>;
}

/**
 * Copies `sourceDir` (shown as `shown`) into a new temp folder: regular files and folders only.
 * Links are never followed (a link could lead out of the workspace or into a loop) and, like
 * FIFOs, sockets and devices, are left out with an info diagnostic; files are read through
 * `readBoundedFile` (non-blocking, capped). A workspace over `limits` is refused with
 * `CLI_USAGE`, and the partial copy removed.
 */
export async function writeWorkspaceCopy(
  sourceDir: string,
  shown: string,
  limits: WorkspaceCopyLimits = WORKSPACE_COPY_LIMITS,
): Promise<WorkspaceCopy> {
  const root = await stat(sourceDir).catch(() => undefined);
  if (root?.isDirectory() !== true) {
    throw new CliError("CLI_WORKSPACE_MISSING", `Workspace ${shown} is not an existing folder.`, {
      path: shown,
      hint: "Pass --workspace with an existing folder, or leave it out to use the demo workspace.",
    });
  }
  const temp = await mkdtemp(join(tmpdir(), "promptstack-cache-report-"));
  const dir = join(temp, "workspace");
  const skipped: Diagnostic[] = [];
  let bytes = 0;
  let entries = 0;
  const tooLarge = (what: string): never => {
    throw new CliError("CLI_USAGE", `${shown} is too large to copy for --edit-every: ${what}.`, {
      path: shown,
      hint: "Run cache-report on a smaller workspace, or leave out --edit-every (no copy is made then).",
    });
  };
  const skip = (path: string, why: string): void => {
    skipped.push({
      code: "CLI_WORKSPACE_COPY_SKIPPED",
      severity: "info",
      message: `${shown}/${relative(sourceDir, path)} is ${why}; the edited copy leaves it out.`,
      path: `${shown}/${relative(sourceDir, path)}`,
    });
  };
  const copyFolder = async (from: string, to: string, depth: number): Promise<void> => {
    // `to` is new and its parent exists (`mkdtemp` made the first one).
    await mkdir(to);
    const names = (await readdir(from)).sort();
    for (const name of names) {
      entries += 1;
      if (entries > limits.entries) tooLarge(`more than ${limits.entries} files and folders`);
      const path = join(from, name);
      const info = await lstat(path);
      if (info.isSymbolicLink()) skip(path, "a symlink");
      else if (info.isDirectory()) {
        if (depth + 1 > limits.depth) skip(path, `more than ${limits.depth} folders deep`);
        else await copyFolder(path, join(to, name), depth + 1);
      } else if (!info.isFile()) skip(path, "not a regular file");
      else {
        const read = await readBoundedFile(path, limits.totalBytes - bytes);
        if (read.kind === "refused" && read.reason === "too-large") {
          tooLarge(`more than ${limits.totalBytes} bytes`);
        }
        if (read.kind !== "ok") skip(path, read.kind === "missing" ? "gone" : "unreadable");
        else {
          bytes += read.bytes.length;
          await writeFile(join(to, name), read.bytes, { flag: "wx" });
        }
      }
    }
  };
  // The folder `mkdtemp` made, by its own name: never a path worked out from the copy's.
  const remove = () => rm(temp, { recursive: true, force: true });
  try {
    await copyFolder(sourceDir, dir, 0);
  } catch (error) {
    await remove();
    throw error;
  }
  return {
    dir,
    skipped,
    async appendToFile(name, text) {
      const path = join(dir, name);
      const info = await lstat(path).catch(() => undefined);
      if (info !== undefined && !info.isFile()) {
        throw new CliError(
          "CLI_USAGE",
          `--edit-file ${name}: ${shown}/${name} is not a regular file.`,
          { path: "--edit-file", hint: "Name a regular file of the workspace, or a new one." },
        );
      }
      // O_NOFOLLOW: the copy holds no links, but never write through one if it did.
      const handle = await open(
        path,
        constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW,
      );
      try {
        await handle.appendFile(text, "utf8");
      } finally {
        await handle.close();
      }
    },
    remove,
  };
}
