// The diagnostic for each way safe-read can refuse a bootstrap file. Some refusals (a file
// swapped during the read, a permission error for root) cannot be staged with real files, so
// safe-read's answer is set here.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReadContainedFileResult } from "@promptstack/safe-read";
import { readBootstrapFile } from "./read-bootstrap-file.js";

const answer = vi.hoisted(() => ({ current: undefined as ReadContainedFileResult | undefined }));

vi.mock("@promptstack/safe-read", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@promptstack/safe-read")>()),
  readContainedFile: () => Promise.resolve(answer.current),
}));

afterEach(() => {
  answer.current = undefined;
});

const FILE = "/ws/SOUL.md";

describe("readBootstrapFile refusals", () => {
  it.each([
    [
      "broken-link",
      "ENOENT",
      "broken symlink",
      "BOOTSTRAP_FILE_BROKEN_LINK",
      "SOUL.md is a symlink that cannot be resolved (ENOENT); skipped.",
      "Point the symlink at an existing file inside the workspace, or replace it with a file.",
    ],
    [
      "outside-root",
      "/etc/secret.md",
      "outside workspace",
      "BOOTSTRAP_FILE_OUTSIDE_WORKSPACE",
      "SOUL.md resolves to /etc/secret.md, outside /ws; skipped.",
      "Bootstrap files must live inside the workspace: replace the symlink with a regular file.",
    ],
    [
      "not-regular",
      "a FIFO",
      "not a regular file",
      "BOOTSTRAP_FILE_NOT_REGULAR",
      "SOUL.md is a FIFO, not a regular file; skipped.",
      "Replace it with a regular text file.",
    ],
    [
      "changed",
      "the file moved while it was opened",
      "changed while reading",
      "BOOTSTRAP_FILE_CHANGED",
      "SOUL.md was replaced while it was being read; skipped for this turn.",
      "Retry; the next turn reads the new file.",
    ],
    [
      "unreadable",
      "EACCES",
      "unreadable",
      "BOOTSTRAP_FILE_UNREADABLE",
      "SOUL.md could not be opened (EACCES); skipped.",
      "Check the file's permissions.",
    ],
  ] as const)(
    "words a %s refusal for the user",
    async (refusal, detail, reason, code, message, hint) => {
      answer.current = { kind: "refused", reason: refusal, detail };
      expect(
        await readBootstrapFile({ filePath: FILE, rootRealPath: "/ws", maxChars: 100 }),
      ).toEqual({
        kind: "skipped",
        reason,
        diagnostic: { code, severity: "warning", message, path: FILE, hint },
      });
    },
  );
});
