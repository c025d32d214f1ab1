import { isAbsolute } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RenderOutput } from "../src/output/render-output-schema.js";
import { runCli } from "../src/run-cli.js";
import { createTestIo } from "./create-test-io.js";
import { createCodexCatalogSandbox } from "@promptstack-tools/test-utils";

let dir: string;
let home: string;
let codexHome: string;
let cleanup: () => Promise<void>;

beforeEach(async () => {
  ({ dir, home, codexHome, cleanup } = await createCodexCatalogSandbox("promptstack-cli-send-"));
});

afterEach(() => cleanup());

async function render(
  args: readonly string[],
): Promise<{ code: number; out: string; err: string }> {
  const io = createTestIo({ env: { HOME: home, CODEX_HOME: codexHome }, cwd: dir });
  const code = await runCli(["render", "--harness", "codex", ...args], io);
  return { code, out: io.out, err: io.err };
}

describe("render --harness codex --json: params the app-server takes as they are", () => {
  it("carries absolute paths in cwd and writableRoots; the human view shows the display path", async () => {
    const json = await render(["--json"]);
    expect(json.code, json.err).toBe(0);
    const codex = (JSON.parse(json.out) as RenderOutput).codex;
    expect(codex).toBeDefined();
    const { threadStart, threadResume, turnStart } = codex as unknown as {
      threadStart: { cwd: string };
      threadResume: { cwd: string };
      turnStart: { cwd: string; sandboxPolicy: { writableRoots?: string[] } };
    };
    for (const path of [
      threadStart.cwd,
      threadResume.cwd,
      turnStart.cwd,
      ...(turnStart.sandboxPolicy.writableRoots ?? []),
    ]) {
      expect(isAbsolute(path), path).toBe(true);
    }
    expect(threadStart.cwd.endsWith("fixtures/workspaces/demo")).toBe(true);
    const text = await render([]);
    expect(text.code, text.err).toBe(0);
    expect(text.out).toContain("Writable root: fixtures/workspaces/demo.");
    expect(text.out).not.toContain(threadStart.cwd);
  });

  it("maps the demo's thinking level onto a supported reasoning effort", async () => {
    const json = await render(["--json"]);
    const turnStart = (JSON.parse(json.out) as { codex: { turnStart: { effort?: string } } }).codex
      .turnStart;
    expect(turnStart.effort).toBe("medium");
  });
});
