import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, open, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadBootstrapFiles } from "../src/load-bootstrap-files.js";
import { loadStartupMemoryContext } from "../src/load-startup-memory-context.js";
import { BOOTSTRAP_READ_CEILING_CHARS, readBootstrapFile } from "../src/read-bootstrap-file.js";
import { startPathSwapper } from "@promptstack-tools/test-utils";

const SECRET = "OUTSIDE-SECRET-7f3a";
const SWAP_MS = 1500;
const MAX_ITERATIONS = 3000;
const GIB = 1024 ** 3;

let root: string;
let workspace: string;
let outside: string;

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), "bootstrap-hostile-")));
  workspace = join(root, "workspace");
  outside = join(root, "outside");
  await mkdir(workspace);
  await mkdir(outside);
  await writeFile(join(outside, "secret.md"), `${SECRET}\n`);
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Calls `read` until the swapper stops (or the iteration bound); returns the call count. */
async function readWhileSwapping(
  target: string,
  variants: readonly string[],
  read: () => Promise<unknown>,
): Promise<{ readonly reads: number; readonly swaps: number }> {
  const swapper = startPathSwapper(target, variants, SWAP_MS);
  let reads = 0;
  while (swapper.running() && reads < MAX_ITERATIONS) {
    const result = await read();
    expect(JSON.stringify(result)).not.toContain(SECRET);
    reads += 1;
  }
  return { reads, swaps: await swapper.done };
}

describe("hostile workspace: races", () => {
  it("AGENTS.md swapped for an outside link or a FIFO: no outside byte, no block", async () => {
    const target = join(workspace, "AGENTS.md");
    await writeFile(target, "inside\n");
    await symlink(join(outside, "secret.md"), join(workspace, ".link"));
    execFileSync("mkfifo", [join(workspace, ".fifo")]);
    const { reads, swaps } = await readWhileSwapping(
      target,
      [join(workspace, ".link"), join(workspace, ".fifo")],
      () => readBootstrapFile({ filePath: target, rootRealPath: workspace, maxChars: 1000 }),
    );
    expect(reads).toBeGreaterThan(0);
    expect(swaps).toBeGreaterThan(0);
  });

  it("memory/ swapped for a link to an outside folder: no outside daily note", async () => {
    await mkdir(join(workspace, "memory"));
    await writeFile(join(workspace, "memory", "2026-01-01.md"), "inside note\n");
    const outsideMemory = join(outside, "memory");
    await mkdir(outsideMemory);
    await writeFile(join(outsideMemory, "2026-01-01.md"), `${SECRET}\n`);
    await symlink(outsideMemory, join(workspace, ".memory-link"));
    const { reads } = await readWhileSwapping(
      join(workspace, "memory"),
      [join(workspace, ".memory-link")],
      () =>
        loadStartupMemoryContext({ workspaceDir: workspace, command: "/new", today: "2026-01-02" }),
    );
    expect(reads).toBeGreaterThan(0);
  });
});

describe("hostile config: huge budgets over sparse multi-GiB files", () => {
  async function sparseWithTextEnds(path: string, size: number, endBytes: number): Promise<void> {
    const handle = await open(path, "w");
    try {
      const text = Buffer.from("word ".repeat(Math.ceil(endBytes / 5)).slice(0, endBytes));
      await handle.write(text, 0, text.length, 0);
      await handle.write(text, 0, text.length, size - text.length);
      await handle.truncate(size);
    } finally {
      await handle.close();
    }
  }

  it.each([3 * GIB, 5 * GIB])(
    "a %d-byte AGENTS.md with budgets of 1e9 reads a bounded window",
    async (size) => {
      const path = join(workspace, "AGENTS.md");
      await sparseWithTextEnds(path, size, BOOTSTRAP_READ_CEILING_CHARS * 3 + 1024);
      const alloc = vi.spyOn(Buffer, "alloc");
      try {
        const loaded = await loadBootstrapFiles({
          workspaceDir: workspace,
          sessionKind: "main",
          budgets: { maxChars: 1e9, totalMaxChars: 1e9 },
        });
        const agents = loaded.stats.find((stat) => stat.name === "AGENTS.md");
        expect(agents).toMatchObject({ status: "truncated", rawChars: expect.any(Number) });
        expect(agents?.rawChars).toBeGreaterThan(size - 2 * BOOTSTRAP_READ_CEILING_CHARS * 3);
        const biggest = Math.max(0, ...alloc.mock.calls.map(([length]) => Number(length)));
        expect(biggest).toBeLessThanOrEqual(BOOTSTRAP_READ_CEILING_CHARS * 3 + 16);
        const content = loaded.files.find((file) => file.name === "AGENTS.md")?.content ?? "";
        // At most two windows of bytes, whatever the budget: ASCII is one char per byte.
        expect(content.length).toBeLessThanOrEqual(
          2 * (BOOTSTRAP_READ_CEILING_CHARS * 3 + 16) + 1000,
        );
      } finally {
        alloc.mockRestore();
      }
    },
  );

  it("a sparse daily note with a huge startup budget reads a bounded window", async () => {
    await mkdir(join(workspace, "memory"));
    await sparseWithTextEnds(join(workspace, "memory", "2026-01-01.md"), 3 * GIB, 4096);
    const alloc = vi.spyOn(Buffer, "alloc");
    try {
      const context = await loadStartupMemoryContext({
        workspaceDir: workspace,
        command: "/new",
        today: "2026-01-01",
        maxChars: 1e9,
      });
      // The middle of the sparse file is NUL bytes: the window reaches it, so it is skipped.
      expect(context.diagnostics.map((d) => d.code)).toEqual(["BOOTSTRAP_FILE_BINARY"]);
      const biggest = Math.max(0, ...alloc.mock.calls.map(([length]) => Number(length)));
      expect(biggest).toBeLessThanOrEqual(BOOTSTRAP_READ_CEILING_CHARS * 3 + 16);
    } finally {
      alloc.mockRestore();
    }
  });
});
