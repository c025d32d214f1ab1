import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadO200kTokenCounter } from "@promptstack/o200k";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContextReport } from "../src/reports/build-context-report.js";
import { runCli } from "../src/run-cli.js";
import { createTestIo } from "./create-test-io.js";

let dir: string;
let workspace: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "promptstack-cli-unsafe-"));
  workspace = join(dir, "workspace");
  await mkdir(workspace);
  await writeFile(join(dir, "secret.md"), "SECRET OUTSIDE TEXT\n");
  await symlink(join(dir, "secret.md"), join(workspace, "AGENTS.md"));
  // Nobody ever writes to this FIFO: a plain blocking open would hang the CLI.
  execFileSync("mkfifo", [join(workspace, "MEMORY.md")]);
  await writeFile(join(workspace, "SOUL.md"), "Calm and kind.\n");
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("a workspace with a symlink out of it and a FIFO", () => {
  it("context detail finishes, skips both, and never shows the outside file", async () => {
    const io = createTestIo({ env: { HOME: join(dir, "home") } });
    expect(await runCli(["context", "detail", "--json", "--workspace", workspace], io)).toBe(0);
    const report = JSON.parse(io.out) as ContextReport & {
      diagnostics: { code: string }[];
    };
    const byName = new Map(report.bootstrap.map((file) => [file.name, file]));
    expect(byName.get("AGENTS.md")).toMatchObject({ status: "skipped", rawTokens: null });
    expect(byName.get("MEMORY.md")).toMatchObject({ status: "skipped", rawTokens: null });
    expect(byName.get("SOUL.md")).toMatchObject({
      status: "ok",
      rawTokens: (await loadO200kTokenCounter()).countTokens("Calm and kind.\n"),
    });
    expect(report.diagnostics.map((d) => d.code)).toEqual(
      expect.arrayContaining(["BOOTSTRAP_FILE_OUTSIDE_WORKSPACE", "BOOTSTRAP_FILE_NOT_REGULAR"]),
    );
    expect(io.out).not.toContain("SECRET OUTSIDE TEXT");
  });

  it("render prints the prompt without the outside file", async () => {
    const io = createTestIo({ env: { HOME: join(dir, "home") } });
    expect(await runCli(["render", "--workspace", workspace], io)).toBe(0);
    expect(io.out).toContain("Calm and kind.");
    expect(io.out).not.toContain("SECRET OUTSIDE TEXT");
    expect(io.err).toContain("outside");
  });
});
