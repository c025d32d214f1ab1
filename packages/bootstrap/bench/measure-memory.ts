/**
 * Peak-memory check for bounded reads: loads a workspace whose MEMORY.md is 5 MB, then one whose
 * MEMORY.md is a 2 GB sparse file with text at both ends, and prints memory growth. Run with
 * `node --expose-gc --conditions=@promptstack/source --import tsx packages/bootstrap/bench/measure-memory.ts`.
 */
import { mkdtempSync, openSync, rmSync, truncateSync, writeFileSync, writeSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadBootstrapFiles } from "../src/load-bootstrap-files.js";

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

async function measure(label: string, run: () => Promise<unknown>): Promise<void> {
  await run();
  gc();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  let peakBuffers = before.arrayBuffers;
  for (let i = 0; i < 20; i += 1) {
    await run();
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
    peakBuffers = Math.max(peakBuffers, now.arrayBuffers);
  }
  console.log(
    `${label}: peak growth heap ${mb(peakHeap - before.heapUsed)}, arrayBuffers ${mb(peakBuffers - before.arrayBuffers)}, rss ${mb(peakRss - before.rss)}`,
  );
}

const five = mkdtempSync(join(tmpdir(), "bootstrap-mem-5mb-"));
writeFileSync(join(five, "MEMORY.md"), "".padEnd(5 * 1024 * 1024, "- a remembered fact\n"));
const sparse = mkdtempSync(join(tmpdir(), "bootstrap-mem-2gb-"));
const sparseFile = join(sparse, "MEMORY.md");
const size = 2 * 1024 ** 3;
writeFileSync(sparseFile, "");
truncateSync(sparseFile, size);
const edge = Buffer.alloc(128 * 1024, "- a remembered fact\n");
const fd = openSync(sparseFile, "r+");
writeSync(fd, edge, 0, edge.length, 0);
writeSync(fd, edge, 0, edge.length, size - edge.length);

try {
  await measure("naive readFile of the 5 MB MEMORY.md (for contrast)", () =>
    readFile(join(five, "MEMORY.md"), "utf8"),
  );
  await measure("loadBootstrapFiles, 5 MB MEMORY.md", () =>
    loadBootstrapFiles({ workspaceDir: five, sessionKind: "main" }),
  );
  await measure("loadBootstrapFiles, 2 GB sparse MEMORY.md", () =>
    loadBootstrapFiles({ workspaceDir: sparse, sessionKind: "main" }),
  );
} finally {
  rmSync(five, { recursive: true, force: true });
  rmSync(sparse, { recursive: true, force: true });
}
