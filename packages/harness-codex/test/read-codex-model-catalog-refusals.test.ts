import { beforeEach, describe, expect, it, vi } from "vitest";
import { rejectedBy } from "@promptstack-tools/test-utils";
import { readBoundedFile } from "@promptstack/safe-read";
import type { ReadBoundedFileResult } from "@promptstack/safe-read";
import { MAX_CODEX_CATALOG_BYTES, readCodexModelCatalog } from "../src/read-codex-model-catalog.js";

// Every answer of the bounded read, including the ones a test cannot provoke on a real file
// system (a file that grows while read, EACCES as root), maps to one exact CodexError.
vi.mock("@promptstack/safe-read", async (original) => ({
  ...(await original<typeof import("@promptstack/safe-read")>()),
  readBoundedFile: vi.fn<typeof import("@promptstack/safe-read").readBoundedFile>(),
}));

const read = vi.mocked(readBoundedFile);
const HINT = "Pass a readable models.json or models_cache.json file.";

beforeEach(() => {
  read.mockReset();
});

async function refusal(result: ReadBoundedFileResult): Promise<unknown> {
  read.mockResolvedValueOnce(result);
  return rejectedBy(readCodexModelCatalog("/c/models.json"));
}

describe("readCodexModelCatalog refusals", () => {
  it("reads at most MAX_CODEX_CATALOG_BYTES of the named file", async () => {
    read.mockResolvedValueOnce({ kind: "ok", bytes: new TextEncoder().encode('{"models":[]}') });
    await expect(readCodexModelCatalog("/c/models.json")).resolves.toStrictEqual({
      source: "/c/models.json",
      shape: "models",
      models: [],
    });
    expect(read).toHaveBeenCalledWith("/c/models.json", 64 * 1024 * 1024);
    expect(MAX_CODEX_CATALOG_BYTES).toBe(67108864);
  });

  const cause = new Error("EACCES");
  it.each<[string, ReadBoundedFileResult, string, unknown]>([
    ["missing", { kind: "missing", code: "ENOENT" }, "it does not exist", undefined],
    [
      "a folder",
      { kind: "refused", reason: "not-regular", detail: "a directory" },
      "it is a folder",
      undefined,
    ],
    [
      "a FIFO",
      { kind: "refused", reason: "not-regular", detail: "a FIFO" },
      "it is not a regular file",
      undefined,
    ],
    [
      "too large",
      { kind: "refused", reason: "too-large", detail: "67108864" },
      "it is larger than 67108864 bytes",
      undefined,
    ],
    [
      "changed",
      { kind: "refused", reason: "changed", detail: "the file grew while it was read" },
      "it changed while it was read",
      undefined,
    ],
    [
      "EACCES",
      { kind: "refused", reason: "unreadable", detail: "EACCES", cause },
      "permission denied",
      cause,
    ],
    [
      "EPERM",
      { kind: "refused", reason: "unreadable", detail: "EPERM", cause },
      "permission denied",
      cause,
    ],
    ["EIO", { kind: "refused", reason: "unreadable", detail: "EIO", cause }, "EIO", cause],
  ])("%s", async (_name, result, reason, expectedCause) => {
    const error = await refusal(result);
    expect(error).toMatchObject({
      name: "CodexError",
      code: "CODEX_CATALOG_UNREADABLE",
      message: `Cannot read the Codex model catalog /c/models.json: ${reason}.`,
      path: "/c/models.json",
      hint: HINT,
    });
    expect((error as Error).cause).toBe(expectedCause);
    expect(Object.hasOwn(error as object, "cause")).toBe(expectedCause !== undefined);
  });

  it("refuses bytes that are not UTF-8, with the decoder's error as cause", async () => {
    const error = await refusal({ kind: "ok", bytes: new Uint8Array([0x7b, 0xff, 0x7d]) });
    expect(error).toMatchObject({
      code: "CODEX_CATALOG_UNREADABLE",
      message: "Cannot read the Codex model catalog /c/models.json: it is not valid UTF-8 text.",
      path: "/c/models.json",
      hint: HINT,
    });
    expect((error as Error).cause).toBeInstanceOf(TypeError);
  });
});
