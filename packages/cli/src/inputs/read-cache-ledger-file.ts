import { realpath } from "node:fs/promises";
import { basename, dirname, resolve } from "node:path";
import { readContainedFile } from "@promptstack/safe-read";
import { CliError } from "../cli-error.js";

/** Largest ledger read: about 100,000 requests of a few hundred bytes of usage and a body each. */
export const MAX_LEDGER_FILE_BYTES = 64 * 1024 * 1024;

/**
 * Reads a `cache-ledger` JSONL file through the safe-read path: opened without blocking (a FIFO
 * never hangs the command) and without following a final symlink out of its folder, at most
 * `MAX_LEDGER_FILE_BYTES`, decoded as strict UTF-8. Every refusal is a `CliError` naming the file.
 */
export async function readCacheLedgerFile(path: string, cwd: string): Promise<string> {
  const absolute = resolve(cwd, path);
  const fail = (reason: string, hint: string, cause?: unknown): never => {
    throw new CliError("CLI_FILE_MISSING", `cache-ledger file ${path} ${reason}.`, {
      path,
      hint,
      ...(cause === undefined ? {} : { cause }),
    });
  };
  let root: string;
  try {
    root = await realpath(dirname(absolute));
  } catch (error) {
    return fail("is in a folder that does not exist", "Check the path.", error);
  }
  const read = await readContainedFile({
    filePath: resolve(root, basename(absolute)),
    rootRealPath: root,
    headBytes: MAX_LEDGER_FILE_BYTES,
  });
  if (read.kind === "missing") return fail("does not exist", "Check the path.");
  if (read.kind === "refused") {
    switch (read.reason) {
      case "outside-root":
        return fail(
          `is a link to ${read.detail}, outside its folder`,
          "Pass the file the link points to.",
        );
      case "not-regular":
        return fail(`is not a regular file (${read.detail})`, "Pass a JSONL file.");
      case "broken-link":
        return fail("is a broken link", "Pass the file itself.");
      case "changed":
        return fail("changed while it was read", "Run again once whatever writes it has finished.");
      case "unreadable":
        return fail(`cannot be read (${read.detail})`, "Check the file's permissions.");
    }
  }
  if (read.size > read.head.length) {
    return fail(
      `is larger than ${MAX_LEDGER_FILE_BYTES} bytes`,
      "Split the requests into several files (one per conversation).",
    );
  }
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true })
      .decode(read.head)
      .replace(/^\uFEFF/, "");
  } catch (error) {
    throw new CliError("CLI_LEDGER_INVALID", `cache-ledger file ${path} is not valid UTF-8 text.`, {
      path,
      hint: "Write the file as UTF-8 JSON lines.",
      cause: error,
    });
  }
}
