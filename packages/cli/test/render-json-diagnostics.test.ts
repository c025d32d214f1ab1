import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../src/run-cli.js";
import { createTestIo } from "./create-test-io.js";

describe("render --json diagnostics", () => {
  let workspace: string | undefined;
  afterEach(async () => {
    if (workspace !== undefined) await rm(workspace, { recursive: true, force: true });
  });

  it("keep every field the library gave them: code, severity, message, path and hint", async () => {
    workspace = await mkdtemp(join(tmpdir(), "promptstack-render-json-"));
    await writeFile(join(workspace, "AGENTS.md"), `${"a".repeat(79)}\n`.repeat(800));
    const io = createTestIo();
    expect(await runCli(["render", "--json", "--workspace", workspace], io), io.err).toBe(0);
    const output = JSON.parse(io.out) as { diagnostics: Record<string, unknown>[] };
    const truncated = output.diagnostics.find((d) => d.code === "BOOTSTRAP_FILE_TRUNCATED");
    expect(truncated).toEqual({
      code: "BOOTSTRAP_FILE_TRUNCATED",
      severity: "warning",
      message: expect.stringContaining("AGENTS.md: 63999 -> 20000"),
      path: join(workspace, "AGENTS.md"),
      hint: expect.stringContaining("The file on disk is untouched."),
    });
  });
});
