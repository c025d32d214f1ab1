import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ReadBootstrapFileOptions, ReadBootstrapFileResult } from "@promptstack/bootstrap";
import { createTempDir } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { readWorkspaceFileCached } from "./read-workspace-file-cached.js";
import type { WorkspaceReadCache } from "./read-workspace-file-cached.js";

/** A reader that records the options of every read and answers with a fresh result each time. */
function recordingReader(onRead?: (options: ReadBootstrapFileOptions) => Promise<void>) {
  const calls: ReadBootstrapFileOptions[] = [];
  const read = async (options: ReadBootstrapFileOptions): Promise<ReadBootstrapFileResult> => {
    calls.push(options);
    await onRead?.(options);
    return { kind: "ok", content: `read ${calls.length}`, rawBytes: 6, diagnostics: [] };
  };
  return { calls, read };
}

async function setUp() {
  const root = createTempDir("promptstack-read-cache-");
  const filePath = join(root, "MEMORY.md");
  await writeFile(filePath, "- a fact\n");
  const options: ReadBootstrapFileOptions = { filePath, rootRealPath: root, maxChars: 300 };
  return { root, filePath, options, cache: new Map() as WorkspaceReadCache, counter: { reads: 0 } };
}

describe("readWorkspaceFileCached", () => {
  it("reads a file once while its stamp holds, and counts only that read", async () => {
    const { options, cache, counter } = await setUp();
    const { calls, read } = recordingReader();
    const first = await readWorkspaceFileCached(cache, counter, options, read);
    const second = await readWorkspaceFileCached(cache, counter, options, read);
    expect(second).toBe(first);
    expect(calls).toEqual([options]);
    expect(counter.reads).toBe(1);
  });

  it("keeps one entry per char bound and per root: a raised bound reads the file again", async () => {
    const { root, options, cache, counter } = await setUp();
    const { calls, read } = recordingReader();
    const raised = { ...options, maxChars: 20_000 };
    const otherRoot = { ...options, rootRealPath: join(root, "..") };
    await readWorkspaceFileCached(cache, counter, options, read);
    expect((await readWorkspaceFileCached(cache, counter, raised, read)).kind).toBe("ok");
    await readWorkspaceFileCached(cache, counter, otherRoot, read);
    expect(calls).toEqual([options, raised, otherRoot]);
    expect(counter.reads).toBe(3);
    // Each bound keeps its own read: going back to 300 reads nothing.
    expect(await readWorkspaceFileCached(cache, counter, options, read)).toMatchObject({
      content: "read 1",
    });
    expect(counter.reads).toBe(3);
  });

  it("reads a changed file again", async () => {
    const { filePath, options, cache, counter } = await setUp();
    const { read } = recordingReader();
    await readWorkspaceFileCached(cache, counter, options, read);
    await writeFile(filePath, "- a fact\n- another fact\n");
    expect(await readWorkspaceFileCached(cache, counter, options, read)).toMatchObject({
      content: "read 2",
    });
    expect(counter.reads).toBe(2);
  });

  it("takes the stamp before reading, so a write during the read is seen on the next call", async () => {
    const { filePath, options, cache, counter } = await setUp();
    let writes = 0;
    const { read } = recordingReader(async () => {
      if (writes++ === 0) await writeFile(filePath, "- written while it was read\n");
    });
    await readWorkspaceFileCached(cache, counter, options, read);
    expect(await readWorkspaceFileCached(cache, counter, options, read)).toMatchObject({
      content: "read 2",
    });
    expect(await readWorkspaceFileCached(cache, counter, options, read)).toMatchObject({
      content: "read 2",
    });
    expect(counter.reads).toBe(2);
  });
});
