import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { isAbsolute, join, relative, sep } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createTempDir, startPathSwapper } from "@promptstack-tools/test-utils";
import {
  CONTAINED_READ_CEILING_BYTES,
  isInsideRoot,
  readContainedFile,
} from "./read-contained-file.js";

function makeRoot(): { root: string; outside: string } {
  const base = createTempDir("safe-read-");
  const root = join(base, "root");
  const outside = join(base, "outside");
  mkdirSync(root);
  mkdirSync(outside);
  return { root, outside };
}

const text = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? []).toString("utf8");

describe("readContainedFile", () => {
  it("reads a regular file inside the root, whole when it fits", async () => {
    const { root } = makeRoot();
    writeFileSync(join(root, "a.md"), "hello");
    const result = await readContainedFile({
      filePath: join(root, "a.md"),
      rootRealPath: root,
      headBytes: 64,
    });
    expect(result).toMatchObject({ kind: "ok", size: 5, tail: undefined });
    expect(result.kind === "ok" && text(result.head)).toBe("hello");
  });

  it("reads only a bounded head and tail of a large file (sparse 1 GiB: no allocation by size)", async () => {
    const { root } = makeRoot();
    const path = join(root, "big.md");
    writeFileSync(path, "HEAD");
    truncateSync(path, 1024 ** 3);
    const result = await readContainedFile({
      filePath: path,
      rootRealPath: root,
      headBytes: 4,
      tailBytes: 8,
    });
    expect(result.kind).toBe("ok");
    if (result.kind !== "ok") return;
    expect(result.size).toBe(1024 ** 3);
    expect(text(result.head)).toBe("HEAD");
    expect(result.tail?.length).toBe(8);
  });

  it("reads a file of exactly head + tail bytes whole, and one byte more as head and tail", async () => {
    const { root } = makeRoot();
    writeFileSync(join(root, "at.md"), "0123456789");
    writeFileSync(join(root, "over.md"), "0123456789A");
    const read = (name: string) =>
      readContainedFile({
        filePath: join(root, name),
        rootRealPath: root,
        headBytes: 6,
        tailBytes: 4,
      });
    const at = await read("at.md");
    expect(at).toMatchObject({ kind: "ok", size: 10, tail: undefined });
    expect(at.kind === "ok" && text(at.head)).toBe("0123456789");
    const over = await read("over.md");
    expect(over).toMatchObject({ kind: "ok", size: 11 });
    expect(over.kind === "ok" && [text(over.head), text(over.tail)]).toEqual(["012345", "789A"]);
  });

  it("reads only the head of a large file when no tail is asked for", async () => {
    const { root } = makeRoot();
    const path = join(root, "big.md");
    writeFileSync(path, "HEAD");
    truncateSync(path, 1024 ** 3);
    const result = await readContainedFile({ filePath: path, rootRealPath: root, headBytes: 4 });
    expect(result).toMatchObject({ kind: "ok", size: 1024 ** 3, tail: undefined });
    expect(result.kind === "ok" && text(result.head)).toBe("HEAD");
  });

  it("caps an enormous headBytes at the 64 MiB ceiling", async () => {
    expect(CONTAINED_READ_CEILING_BYTES).toBe(64 * 1024 * 1024);
    const { root } = makeRoot();
    const path = join(root, "huge.md");
    writeFileSync(path, "x");
    truncateSync(path, CONTAINED_READ_CEILING_BYTES + 1);
    const result = await readContainedFile({
      filePath: path,
      rootRealPath: root,
      headBytes: Number.MAX_SAFE_INTEGER,
    });
    expect(result).toMatchObject({ kind: "ok", size: CONTAINED_READ_CEILING_BYTES + 1 });
    expect(result.kind === "ok" && result.head.length).toBe(CONTAINED_READ_CEILING_BYTES);
  });

  it("reports a missing file as missing, not as an error", async () => {
    const { root } = makeRoot();
    const result = await readContainedFile({
      filePath: join(root, "nope.md"),
      rootRealPath: root,
      headBytes: 8,
    });
    expect(result).toEqual({ kind: "missing" });
  });

  it("refuses a link that leaves the root, a broken link, a folder and a FIFO (without blocking)", async () => {
    const { root, outside } = makeRoot();
    writeFileSync(join(outside, "secret.md"), "secret");
    symlinkSync(join(outside, "secret.md"), join(root, "out.md"));
    symlinkSync(join(root, "gone.md"), join(root, "broken.md"));
    mkdirSync(join(root, "dir.md"));
    execFileSync("mkfifo", [join(root, "pipe.md")]);
    const read = (name: string) =>
      readContainedFile({ filePath: join(root, name), rootRealPath: root, headBytes: 64 });
    expect(await read("out.md")).toMatchObject({ kind: "refused", reason: "outside-root" });
    expect(await read("broken.md")).toMatchObject({ kind: "refused", reason: "broken-link" });
    expect(await read("dir.md")).toMatchObject({
      kind: "refused",
      reason: "not-regular",
      detail: "a directory",
    });
    expect(await read("pipe.md")).toMatchObject({
      kind: "refused",
      reason: "not-regular",
      detail: "a FIFO",
    });
  });

  it("reports a path under a file as missing, and a link loop in the path as unreadable", async () => {
    const { root } = makeRoot();
    writeFileSync(join(root, "file.md"), "");
    symlinkSync(join(root, "loop"), join(root, "loop"));
    const read = (...names: string[]) =>
      readContainedFile({ filePath: join(root, ...names), rootRealPath: root, headBytes: 8 });
    expect(await read("file.md", "x.md")).toEqual({ kind: "missing" });
    expect(await read("loop", "x.md")).toEqual({
      kind: "refused",
      reason: "unreadable",
      detail: "ELOOP",
    });
  });

  it.skipIf(process.platform === "win32")(
    "refuses a socket before opening it (opening one fails with ENXIO)",
    async () => {
      const { root } = makeRoot();
      const path = join(root, "agent.sock");
      const server = createServer();
      await new Promise<void>((resolve) => server.listen(path, resolve));
      try {
        expect(
          await readContainedFile({ filePath: path, rootRealPath: root, headBytes: 8 }),
        ).toEqual({ kind: "refused", reason: "not-regular", detail: "a socket" });
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    },
  );

  it("follows a link that stays inside the root", async () => {
    const { root } = makeRoot();
    mkdirSync(join(root, "notes"));
    writeFileSync(join(root, "notes", "real.md"), "inside");
    symlinkSync(join(root, "notes", "real.md"), join(root, "alias.md"));
    const result = await readContainedFile({
      filePath: join(root, "alias.md"),
      rootRealPath: root,
      headBytes: 64,
    });
    expect(result.kind === "ok" && text(result.head)).toBe("inside");
  });

  it("never returns outside content while the path is swapped for an outside link or a FIFO", async () => {
    const { root, outside } = makeRoot();
    const target = join(root, "AGENTS.md");
    writeFileSync(target, "inside");
    writeFileSync(join(outside, "secret.md"), "secret");
    symlinkSync(join(outside, "secret.md"), join(root, ".link"));
    execFileSync("mkfifo", [join(root, ".fifo")]);
    const swapper = startPathSwapper(target, [join(root, ".link"), join(root, ".fifo")], 1500);
    const seen = new Set<string>();
    while (swapper.running()) {
      const result = await readContainedFile({
        filePath: target,
        rootRealPath: root,
        headBytes: 64,
      });
      seen.add(result.kind === "ok" ? text(result.head) : result.kind);
    }
    expect(await swapper.done).toBeGreaterThan(0);
    expect(seen.has("secret")).toBe(false);
    expect([...seen].every((value) => ["inside", "refused", "missing"].includes(value))).toBe(true);
  });
});

describe("isInsideRoot", () => {
  it("accepts the root and paths below it, and nothing that merely shares its prefix", () => {
    expect(isInsideRoot("/w/root", "/w/root")).toBe(true);
    expect(isInsideRoot("/w/root", "/w/root/a/b.md")).toBe(true);
    expect(isInsideRoot("/w/root", "/w/root-evil/b.md")).toBe(false);
    expect(isInsideRoot("/w/root", "/w/other")).toBe(false);
    expect(isInsideRoot("/w/root", "/w")).toBe(false);
    expect(isInsideRoot("/", "/etc/passwd")).toBe(true);
    expect(isInsideRoot("/w/root/", "/w/root/a")).toBe(true);
    expect(isInsideRoot("/w/root", "/w/root/../other")).toBe(false);
    expect(isInsideRoot("/w/root", "/w/root/a/../../other")).toBe(false);
    expect(isInsideRoot("/w/root", "/w/root/..x/b")).toBe(true);
  });

  it("agrees with path.relative on any path, dot segments included", () => {
    const byRelative = (root: string, target: string): boolean => {
      if (target === root) return true;
      const rel = relative(root, target);
      return rel !== "" && !isAbsolute(rel) && rel !== ".." && !rel.startsWith(`..${sep}`);
    };
    const segment = fc.constantFrom("", ".", "..", "..x", "a", "a.md", "root", "w");
    const absolute = fc.array(segment, { maxLength: 6 }).map((parts) => `/${parts.join("/")}`);
    fc.assert(
      fc.property(absolute, fc.array(segment, { maxLength: 4 }), (root, below) => {
        const targets = [`${root}/${below.join("/")}`, `${root}${below.join("/")}`, root];
        for (const target of targets) {
          expect(isInsideRoot(root, target)).toBe(byRelative(root, target));
        }
      }),
      { numRuns: 2000 },
    );
  });
});
