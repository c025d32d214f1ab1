import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readRawBootstrapText } from "./read-raw-bootstrap-text.js";

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
    expect(await readRawBootstrapText(join(workspace, "SOUL.md"), workspace)).toBe(
      "Calm.\nKind.\n",
    );
    expect(await readRawBootstrapText(join(workspace, "USER.md"), workspace)).toBe("Inside.\n");
  });

  it("never reads a symlink out of the workspace, a FIFO or a binary file", async () => {
    // Called directly (as if the loader had said ok): the reader's own checks must hold.
    expect(await readRawBootstrapText(join(workspace, "AGENTS.md"), workspace)).toBeUndefined();
    expect(await readRawBootstrapText(join(workspace, "MEMORY.md"), workspace)).toBeUndefined();
    expect(await readRawBootstrapText(join(workspace, "IDENTITY.md"), workspace)).toBeUndefined();
  });

  it("reads nothing without a root or for a missing file", async () => {
    expect(await readRawBootstrapText(join(workspace, "SOUL.md"), null)).toBeUndefined();
    expect(await readRawBootstrapText(join(workspace, "NOPE.md"), workspace)).toBeUndefined();
  });
});
