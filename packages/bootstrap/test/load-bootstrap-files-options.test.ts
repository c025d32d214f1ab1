// loadBootstrapFiles' refusals and root diagnostics, each asserted whole: what, where, how to fix.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createTempDir } from "@promptstack-tools/test-utils";
import { BOOTSTRAP_FILE_NAMES } from "../src/bootstrap-file-names.js";
import { loadBootstrapFiles } from "../src/load-bootstrap-files.js";
import type { LoadBootstrapFilesOptions } from "../src/load-bootstrap-files.js";
import type { ReadBootstrapFileOptions } from "../src/read-bootstrap-file.js";

const KNOWN = BOOTSTRAP_FILE_NAMES.join(", ");

async function workspaceWithAgents(): Promise<string> {
  const root = createTempDir("bootstrap-options-");
  const workspace = join(root, "ws");
  await mkdir(workspace);
  await writeFile(join(workspace, "AGENTS.md"), "rules\n");
  return workspace;
}

describe("loadBootstrapFiles options", () => {
  it.each([
    ["workspaceDir", { workspaceDir: "ws" }, '"ws"'],
    ["workspaceDir", { workspaceDir: "" }, '""'],
    ["workspaceDir", { workspaceDir: 7 }, '"7"'],
    ["executionDir", { executionDir: "src" }, '"src"'],
    ["executionDir", { executionDir: "" }, '""'],
  ])("refuses a %s that is not absolute: %j", async (key, override, shown) => {
    const workspace = await workspaceWithAgents();
    const options = { workspaceDir: workspace, sessionKind: "main", ...override };
    await expect(
      loadBootstrapFiles(options as unknown as LoadBootstrapFilesOptions),
    ).rejects.toMatchObject({
      code: "BOOTSTRAP_INVALID_OPTIONS",
      message: `${key} must be an absolute path, got ${shown}.`,
      path: key,
      hint: `Resolve ${key} against the current directory before calling.`,
    });
  });

  it("refuses requiredFileNames that is not an array, or names a file it does not know", async () => {
    const workspace = await workspaceWithAgents();
    const load = (requiredFileNames: unknown) =>
      loadBootstrapFiles({
        workspaceDir: workspace,
        sessionKind: "main",
        requiredFileNames: requiredFileNames as readonly string[],
      });
    await expect(load("AGENTS.md")).rejects.toMatchObject({
      code: "BOOTSTRAP_INVALID_OPTIONS",
      message: "requiredFileNames must be an array of bootstrap file names, got string.",
      path: "requiredFileNames",
      hint: `Pass names from: ${KNOWN}.`,
    });
    await expect(load(["AGENTS.md", 3])).rejects.toMatchObject({
      code: "BOOTSTRAP_INVALID_OPTIONS",
      message: "requiredFileNames[1] is 3, which is not a bootstrap file.",
      path: "requiredFileNames[1]",
      hint: `Use names from: ${KNOWN}.`,
    });
  });

  it("reports a missing workspace and a missing execution folder in full", async () => {
    const workspace = await workspaceWithAgents();
    const absentWorkspace = join(workspace, "..", "absent");
    const absentExecution = join(workspace, "..", "gone");
    const missingWorkspace = await loadBootstrapFiles({
      workspaceDir: absentWorkspace,
      sessionKind: "subagent",
    });
    expect(missingWorkspace.diagnostics[0]).toEqual({
      code: "BOOTSTRAP_WORKSPACE_NOT_FOUND",
      severity: "warning",
      message: `The workspace ${absentWorkspace} does not exist; bootstrap files are reported missing.`,
      path: absentWorkspace,
      hint: "Create the workspace, or call seedBootstrapTemplates first.",
    });
    expect(missingWorkspace.diagnostics.map((d) => d.code)).toEqual([
      "BOOTSTRAP_WORKSPACE_NOT_FOUND",
      "BOOTSTRAP_FILE_MISSING",
    ]);
    const missingExecution = await loadBootstrapFiles({
      workspaceDir: workspace,
      executionDir: absentExecution,
      sessionKind: "subagent",
    });
    expect(missingExecution.diagnostics).toEqual([
      {
        code: "BOOTSTRAP_EXECUTION_DIR_NOT_FOUND",
        severity: "warning",
        message: `The execution folder ${absentExecution} does not exist; its AGENTS.md is not loaded.`,
        path: absentExecution,
      },
    ]);
    expect(missingExecution.contextFiles).toEqual([{ path: "AGENTS.md", content: "rules" }]);
  });

  it("reads the execution folder's AGENTS.md as optional: absent, it leaves no marker", async () => {
    const workspace = await workspaceWithAgents();
    const execution = join(workspace, "..", "project");
    await mkdir(execution);
    const result = await loadBootstrapFiles({
      workspaceDir: workspace,
      executionDir: execution,
      sessionKind: "subagent",
    });
    expect(result.contextFiles).toEqual([{ path: "AGENTS.md", content: "rules" }]);
    expect(result.diagnostics).toEqual([]);
  });

  it("asks the reader for at most the smaller of the per-file and total char budgets", async () => {
    const workspace = await workspaceWithAgents();
    for (const [budgets, bound] of [
      [{ maxChars: 3_000, totalMaxChars: 2_000 }, 2_000],
      [{ maxChars: 1_000, totalMaxChars: 5_000 }, 1_000],
    ] as const) {
      const asked: ReadBootstrapFileOptions[] = [];
      await loadBootstrapFiles({
        workspaceDir: workspace,
        sessionKind: "subagent",
        budgets,
        readFile: (options) => {
          asked.push(options);
          return Promise.resolve({ kind: "missing" });
        },
      });
      expect(asked).toEqual([
        { filePath: join(workspace, "AGENTS.md"), rootRealPath: workspace, maxChars: bound },
      ]);
    }
  });

  it("reads and lists nothing in a workspace whose real path does not resolve", async () => {
    const workspace = await workspaceWithAgents();
    const asked: ReadBootstrapFileOptions[] = [];
    const listed: string[] = [];
    const result = await loadBootstrapFiles({
      workspaceDir: workspace,
      sessionKind: "subagent",
      realpath: () => Promise.resolve(null),
      readFile: (options) => {
        asked.push(options);
        return Promise.resolve({ kind: "ok", content: "read", rawBytes: 4, diagnostics: [] });
      },
      discoverNameVariants: (dir) => {
        listed.push(dir);
        return Promise.resolve([{ canonical: "AGENTS.md", entry: "agents.md" }]);
      },
    });
    expect(asked).toEqual([]);
    expect(listed).toEqual([]);
    expect(result.contextFiles).toEqual([
      { path: "AGENTS.md", content: `[MISSING] Expected at: ${join(workspace, "AGENTS.md")}` },
    ]);
  });
});
