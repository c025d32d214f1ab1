import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_RAW_TOKEN_COUNT_CHARS, readRawBootstrapText } from "./read-raw-bootstrap-text.js";

let dir: string;
let workspace: string;

beforeAll(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "promptstack-cli-raw-")));
  workspace = join(dir, "workspace");
  await mkdir(workspace);
  await mkdir(join(dir, "outside"));
  await writeFile(join(dir, "outside", "secret.md"), "SECRET OUTSIDE TEXT\n");
  await writeFile(join(workspace, "SOUL.md"), "\uFEFFCalm.\r\nKind.\r\n");
  await writeFile(join(workspace, "inside.md"), "Inside.\n");
  await symlink(join(dir, "outside", "secret.md"), join(workspace, "AGENTS.md"));
  await symlink(join(workspace, "inside.md"), join(workspace, "USER.md"));
  execFileSync("mkfifo", [join(workspace, "MEMORY.md")]);
  await writeFile(join(workspace, "IDENTITY.md"), Buffer.from([0x4e, 0x00, 0x41]));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("readRawBootstrapText", () => {
  it("reads a regular file, normalized like the injected text", async () => {
    expect(await readRawBootstrapText(join(workspace, "SOUL.md"), workspace, 10)).toBe(
      "Calm.\nKind.\n",
    );
    expect(await readRawBootstrapText(join(workspace, "USER.md"), workspace, 10)).toBe("Inside.\n");
  });

  it("never reads a symlink out of the workspace, a FIFO or a binary file", async () => {
    // Called directly (as if the loader had said ok): the reader's own checks must hold.
    expect(await readRawBootstrapText(join(workspace, "AGENTS.md"), workspace, 10)).toBeUndefined();
    expect(await readRawBootstrapText(join(workspace, "MEMORY.md"), workspace, 10)).toBeUndefined();
    expect(
      await readRawBootstrapText(join(workspace, "IDENTITY.md"), workspace, 10),
    ).toBeUndefined();
  });

  it("does not read a file the loader measured above the cap, nor return text above it", async () => {
    const path = join(workspace, "SOUL.md");
    expect(await readRawBootstrapText(path, workspace, MAX_RAW_TOKEN_COUNT_CHARS + 1)).toBe(
      undefined,
    );
    // 1.5 M chars: small enough for the reader to return whole, too large to count.
    const big = join(workspace, "BIG.md");
    await writeFile(big, "x".repeat(MAX_RAW_TOKEN_COUNT_CHARS * 1.5));
    expect(await readRawBootstrapText(big, workspace, 10)).toBeUndefined();
  });

  it("reads nothing without a root or for a missing file", async () => {
    expect(await readRawBootstrapText(join(workspace, "SOUL.md"), null, 10)).toBeUndefined();
    expect(await readRawBootstrapText(join(workspace, "NOPE.md"), workspace, 10)).toBeUndefined();
  });
});
