import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, open, realpath, rm, symlink, truncate, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import type { Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readBootstrapFile } from "./read-bootstrap-file.js";

let root: string;
let workspace: string;
let outside: string;

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), "bootstrap-read-")));
  workspace = join(root, "workspace");
  outside = join(root, "outside");
  await mkdir(workspace);
  await mkdir(outside);
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function read(name: string, maxChars = 20_000) {
  return readBootstrapFile({ filePath: join(workspace, name), rootRealPath: workspace, maxChars });
}

describe("readBootstrapFile", () => {
  it("reads a regular file", async () => {
    await writeFile(join(workspace, "AGENTS.md"), "# Agents\nhello\n");
    expect(await read("AGENTS.md")).toEqual({
      kind: "ok",
      content: "# Agents\nhello\n",
      rawBytes: 15,
      diagnostics: [],
    });
  });

  it("reports a missing file, also under a parent that is a file", async () => {
    expect(await read("SOUL.md")).toEqual({ kind: "missing" });
    await writeFile(join(workspace, "memory"), "x");
    expect(await read("memory/2026-01-01.md")).toEqual({ kind: "missing" });
  });

  it("skips a symlink that resolves outside the workspace", async () => {
    await writeFile(join(outside, "secret.md"), "secret");
    await symlink(join(outside, "secret.md"), join(workspace, "SOUL.md"));
    const result = await read("SOUL.md");
    expect(result).toMatchObject({ kind: "skipped", reason: "outside workspace" });
    expect(JSON.stringify(result)).not.toContain('"secret"');
  });

  it("skips a file reached through a symlinked folder outside the workspace", async () => {
    await writeFile(join(outside, "2026-01-01.md"), "secret");
    await symlink(outside, join(workspace, "memory"));
    expect(await read("memory/2026-01-01.md")).toMatchObject({
      kind: "skipped",
      diagnostic: { code: "BOOTSTRAP_FILE_OUTSIDE_WORKSPACE" },
    });
  });

  it("follows a symlink that stays inside the workspace", async () => {
    await writeFile(join(workspace, "real-user.md"), "me");
    await symlink("real-user.md", join(workspace, "USER.md"));
    expect(await read("USER.md")).toMatchObject({ kind: "ok", content: "me" });
  });

  it("does not treat a sibling folder sharing the workspace prefix as inside", async () => {
    await mkdir(`${workspace}-evil`);
    await writeFile(`${workspace}-evil/x.md`, "secret");
    await symlink(`${workspace}-evil/x.md`, join(workspace, "SOUL.md"));
    expect(await read("SOUL.md")).toMatchObject({ kind: "skipped", reason: "outside workspace" });
  });

  it("skips a dangling symlink", async () => {
    await symlink(join(workspace, "nowhere.md"), join(workspace, "SOUL.md"));
    expect(await read("SOUL.md")).toMatchObject({
      kind: "skipped",
      diagnostic: { code: "BOOTSTRAP_FILE_BROKEN_LINK" },
    });
  });

  it("skips a directory", async () => {
    await mkdir(join(workspace, "AGENTS.md"));
    expect(await read("AGENTS.md")).toMatchObject({
      kind: "skipped",
      diagnostic: {
        code: "BOOTSTRAP_FILE_NOT_REGULAR",
        message: "AGENTS.md is a directory, not a regular file; skipped.",
      },
    });
  });

  it("skips a FIFO without blocking", async () => {
    execFileSync("mkfifo", [join(workspace, "MEMORY.md")]);
    expect(await read("MEMORY.md")).toMatchObject({
      kind: "skipped",
      diagnostic: { message: "MEMORY.md is a FIFO, not a regular file; skipped." },
    });
  });

  it("skips a socket", async () => {
    const server: Server = createServer();
    await new Promise<void>((resolve) => server.listen(join(workspace, "USER.md"), resolve));
    try {
      expect(await read("USER.md")).toMatchObject({
        kind: "skipped",
        diagnostic: { message: "USER.md is a socket, not a regular file; skipped." },
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("skips binary content with NUL bytes", async () => {
    await writeFile(join(workspace, "MEMORY.md"), Buffer.from([0x68, 0x69, 0x00, 0x01]));
    expect(await read("MEMORY.md")).toMatchObject({
      kind: "skipped",
      reason: "binary",
      diagnostic: { code: "BOOTSTRAP_FILE_BINARY" },
    });
  });

  it("replaces invalid UTF-8 and says so", async () => {
    await writeFile(join(workspace, "USER.md"), Buffer.from([0x61, 0xff, 0x62, 0xc3]));
    const result = await read("USER.md");
    expect(result).toMatchObject({ kind: "ok", content: "a\uFFFDb\uFFFD" });
    expect(result.kind === "ok" && result.diagnostics[0]?.code).toBe("BOOTSTRAP_FILE_INVALID_UTF8");
  });

  it("strips a BOM and turns CRLF into LF", async () => {
    await writeFile(join(workspace, "SOUL.md"), Buffer.from("\uFEFFone\r\ntwo\r\n", "utf8"));
    expect(await read("SOUL.md")).toMatchObject({ kind: "ok", content: "one\ntwo\n" });
  });

  it("strips a BOM written twice at the start of a file", async () => {
    await writeFile(join(workspace, "SOUL.md"), Buffer.from("\uFEFF\uFEFFone", "utf8"));
    expect(await read("SOUL.md")).toEqual({
      kind: "ok",
      content: "one",
      rawBytes: 9,
      diagnostics: [],
    });
  });

  it("reads only a head and a tail window of a 5 MB file, sized by stat", async () => {
    const size = 5 * 1024 * 1024;
    const body = Buffer.alloc(size, "m");
    body.write("HEAD", 0);
    body.write("TAIL", size - 4);
    await writeFile(join(workspace, "MEMORY.md"), body);
    const result = await read("MEMORY.md");
    if (result.kind !== "ok") throw new Error("expected ok");
    expect(result.rawBytes).toBe(size);
    expect(result.window?.rawChars).toBe(size);
    expect(result.content.length).toBe(2 * (20_000 * 3 + 16));
    expect(result.content.startsWith("HEAD")).toBe(true);
    expect(result.content.endsWith("TAIL")).toBe(true);
    expect(result.window?.gapAt).toBe(20_000 * 3 + 16);
  });

  it("handles a 2 GB sparse file without reading it", async () => {
    const path = join(workspace, "MEMORY.md");
    await writeFile(path, "");
    await truncate(path, 2 * 1024 ** 3);
    // A sparse file reads as NUL bytes, so it is skipped as binary, after bounded reads only.
    const before = process.memoryUsage().arrayBuffers;
    const result = await read("MEMORY.md");
    expect(result).toMatchObject({ kind: "skipped", reason: "binary" });
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(16 * 1024 * 1024);
  });

  it("reads the text ends of a 2 GB sparse file with flat memory", async () => {
    const path = join(workspace, "MEMORY.md");
    const size = 2 * 1024 ** 3;
    await writeFile(path, "");
    await truncate(path, size);
    const edge = Buffer.alloc(64 * 1024, "n");
    const handle = await open(path, "r+");
    await handle.write(edge, 0, edge.length, 0);
    await handle.write(edge, 0, edge.length, size - edge.length);
    await handle.close();
    const before = process.memoryUsage().arrayBuffers;
    const result = await read("MEMORY.md");
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(16 * 1024 * 1024);
    if (result.kind !== "ok") throw new Error("expected ok");
    expect(result.rawBytes).toBe(size);
    expect(result.window?.rawChars).toBe(size);
    expect(result.content).toBe("n".repeat(2 * (20_000 * 3 + 16)));
  });

  it("does not report a multi-byte character cut by the read window as invalid", async () => {
    // 7-byte windows for maxChars 1 would cut "é" (2 bytes) and "😀" (4 bytes) mid-sequence.
    const text = "é".repeat(50) + "😀".repeat(50);
    await writeFile(join(workspace, "MEMORY.md"), text);
    for (const maxChars of [1, 2, 3, 5, 8]) {
      const result = await read("MEMORY.md", maxChars);
      if (result.kind !== "ok") throw new Error("expected ok");
      expect(result.diagnostics).toEqual([]);
      expect(result.content).not.toContain("\uFFFD");
      expect(result.window).toBeDefined();
    }
  });

  // maxChars 1 reads a 19-byte head and a 19-byte tail (1 char × 3 bytes + 16 bytes of slack).
  describe("the tail window of a large file", () => {
    const middle = "a".repeat(1000);

    it("skips the file when only the tail holds a NUL byte", async () => {
      await writeFile(join(workspace, "MEMORY.md"), `${middle}\u0000tail`);
      expect(await read("MEMORY.md", 1)).toMatchObject({ kind: "skipped", reason: "binary" });
    });

    it("reports invalid UTF-8 found only in the tail, in full", async () => {
      const bytes = Buffer.concat([Buffer.from(middle), Buffer.from([0xff]), Buffer.from("end")]);
      await writeFile(join(workspace, "MEMORY.md"), bytes);
      const result = await read("MEMORY.md", 1);
      if (result.kind !== "ok") throw new Error("expected ok");
      expect(result.diagnostics).toEqual([
        {
          code: "BOOTSTRAP_FILE_INVALID_UTF8",
          severity: "warning",
          message: "MEMORY.md is not valid UTF-8; invalid bytes were replaced with U+FFFD.",
          path: join(workspace, "MEMORY.md"),
          hint: "Re-save the file as UTF-8.",
        },
      ]);
    });

    // The diagnostic of invalid bytes, but its path (the workspace is made for each test).
    const invalidUtf8 = {
      code: "BOOTSTRAP_FILE_INVALID_UTF8",
      severity: "warning",
      message: "MEMORY.md is not valid UTF-8; invalid bytes were replaced with U+FFFD.",
      hint: "Re-save the file as UTF-8.",
    };

    it("holds back a character the head window cuts, even in a head with invalid bytes", async () => {
      // The 19-byte head ends with the first byte of "é".
      const bytes = Buffer.from([
        0xff,
        ...Buffer.from(`${"a".repeat(17)}é${middle}${"b".repeat(19)}`),
      ]);
      await writeFile(join(workspace, "MEMORY.md"), bytes);
      expect(await read("MEMORY.md", 1)).toEqual({
        kind: "ok",
        content: `\uFFFD${"a".repeat(17)}${"b".repeat(19)}`,
        window: { rawChars: 18 + 19 + 1001, gapAt: 18 },
        rawBytes: 1039,
        diagnostics: [{ ...invalidUtf8, path: join(workspace, "MEMORY.md") }],
      });
    });

    it("reports a character cut by the end of the file as invalid", async () => {
      const bytes = Buffer.from([...Buffer.from(`${middle}${"b".repeat(18)}`), 0xe2]);
      await writeFile(join(workspace, "MEMORY.md"), bytes);
      expect(await read("MEMORY.md", 1)).toEqual({
        kind: "ok",
        content: `${"a".repeat(19)}${"b".repeat(18)}\uFFFD`,
        window: { rawChars: 19 + 19 + 981, gapAt: 19 },
        rawBytes: 1019,
        diagnostics: [{ ...invalidUtf8, path: join(workspace, "MEMORY.md") }],
      });
    });

    it("keeps a U+FEFF that starts it: mid-file, that is text, not a byte order mark", async () => {
      const bom = [0xef, 0xbb, 0xbf];
      await writeFile(
        join(workspace, "MEMORY.md"),
        Buffer.from([...Buffer.from(middle), ...bom, ...Buffer.from("b".repeat(16))]),
      );
      expect(await read("MEMORY.md", 1)).toEqual({
        kind: "ok",
        content: `${"a".repeat(19)}\uFEFF${"b".repeat(16)}`,
        window: { rawChars: 19 + 17 + 981, gapAt: 19 },
        rawBytes: 1019,
        diagnostics: [],
      });
      // The same with an invalid byte after it, which takes the lenient decoder.
      await writeFile(
        join(workspace, "MEMORY.md"),
        Buffer.from([...Buffer.from(middle), ...bom, ...Buffer.from("b".repeat(15)), 0xff]),
      );
      expect(await read("MEMORY.md", 1)).toEqual({
        kind: "ok",
        content: `${"a".repeat(19)}\uFEFF${"b".repeat(15)}\uFFFD`,
        window: { rawChars: 19 + 17 + 981, gapAt: 19 },
        rawBytes: 1019,
        diagnostics: [{ ...invalidUtf8, path: join(workspace, "MEMORY.md") }],
      });
    });

    it("skips at most three continuation bytes at its start: a fourth is invalid", async () => {
      const tail = [0x80, 0x80, 0x80, 0x80, ...Buffer.from("b".repeat(15))];
      await writeFile(join(workspace, "MEMORY.md"), Buffer.from([...Buffer.from(middle), ...tail]));
      const result = await read("MEMORY.md", 1);
      if (result.kind !== "ok") throw new Error("expected ok");
      expect(result.content.endsWith(`\uFFFD${"b".repeat(15)}`)).toBe(true);
      expect(result.diagnostics.map((d) => d.code)).toEqual(["BOOTSTRAP_FILE_INVALID_UTF8"]);
    });
  });
});
