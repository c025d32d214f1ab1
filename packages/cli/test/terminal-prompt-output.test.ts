import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../src/run-cli.js";
import { createTestIo } from "./create-test-io.js";

let dir: string;

// OSC 52 (write the clipboard), a screen clear, a carriage return and a bidi override.
const PLANTED = "copy \u001b]52;c;ZWNobyBwd25lZA==\u0007 clear \u001b[2J back\rover \u202eevil";
const ESCAPED = "copy \\x1b]52;c;ZWNobyBwd25lZA==\\x07 clear \\x1b[2J back\\x0dover \\u202eevil";

async function render(isTTY: boolean, extra: readonly string[] = []): Promise<string> {
  // NO_COLOR: the only escape sequences left on a terminal would be the planted ones.
  const io = createTestIo({ cwd: dir, isTTY, env: { HOME: join(dir, "home"), NO_COLOR: "1" } });
  const code = await runCli(["render", "--workspace", "workspace", ...extra], io);
  expect(code, io.err).toBe(0);
  return io.out;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "promptstack-cli-terminal-"));
  await mkdir(join(dir, "home"));
  await mkdir(join(dir, "workspace"));
  // SOUL.md: both harnesses put it in the prompt (Codex reads AGENTS.md itself).
  await writeFile(join(dir, "workspace", "SOUL.md"), `# Soul\n${PLANTED}\n`);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("render: prompt text on a terminal", () => {
  it("escapes control sequences from a workspace file when stdout is a terminal", async () => {
    const out = await render(true);
    expect(out).toContain(ESCAPED);
    // oxlint-disable-next-line no-control-regex -- the test looks for control characters
    expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/u);
  });

  it("escapes them in every Codex layer too", async () => {
    const out = await render(true, ["--harness", "codex"]);
    expect(out).toContain(ESCAPED);
    // oxlint-disable-next-line no-control-regex -- the test looks for control characters
    expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/u);
  });

  it("keeps piped output exact: the model gets the bytes of the file", async () => {
    expect(await render(false)).toContain(PLANTED);
    expect(await render(false, ["--harness", "codex"])).toContain(PLANTED);
  });
});
