import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createTempDir } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { createDisplayPaths } from "./create-display-paths.js";
import { createFolderCache } from "./create-folder-cache.js";
import { readHeartbeatFile } from "./read-heartbeat-file.js";

function context(workspaceDir: string) {
  return {
    folders: createFolderCache(),
    cache: new Map(),
    counter: { reads: 0 },
    paths: createDisplayPaths([{ real: workspaceDir, shown: "/ws" }]),
  };
}

describe("readHeartbeatFile", () => {
  it("reads the file, shown through the display mapping", async () => {
    const workspaceDir = createTempDir("promptstack-heartbeat-");
    await writeFile(join(workspaceDir, "HEARTBEAT.md"), "- check the inbox\n");
    expect(await readHeartbeatFile(workspaceDir, "HEARTBEAT.md", context(workspaceDir))).toEqual({
      file: { path: "/ws/HEARTBEAT.md", content: "- check the inbox\n" },
      diagnostics: [],
    });
  });

  it("is nothing, without a diagnostic, when the file or the workspace is missing", async () => {
    const workspaceDir = createTempDir("promptstack-heartbeat-");
    expect(await readHeartbeatFile(workspaceDir, "HEARTBEAT.md", context(workspaceDir))).toEqual({
      diagnostics: [],
    });
    const gone = join(workspaceDir, "gone");
    expect(await readHeartbeatFile(gone, "HEARTBEAT.md", context(gone))).toEqual({
      diagnostics: [],
    });
  });

  it("skips a file that leaves the workspace, with the reader's diagnostic shown", async () => {
    const root = createTempDir("promptstack-heartbeat-");
    const workspaceDir = join(root, "ws");
    await mkdir(workspaceDir);
    await writeFile(join(root, "outside.md"), "- planted outside\n");
    await symlink(join(root, "outside.md"), join(workspaceDir, "HEARTBEAT.md"));
    expect(await readHeartbeatFile(workspaceDir, "HEARTBEAT.md", context(workspaceDir))).toEqual({
      diagnostics: [
        {
          code: "BOOTSTRAP_FILE_OUTSIDE_WORKSPACE",
          severity: "warning",
          message: `HEARTBEAT.md resolves to ${root}/outside.md, outside /ws; skipped.`,
          path: "/ws/HEARTBEAT.md",
          hint: "Bootstrap files must live inside the workspace: replace the symlink with a regular file.",
        },
      ],
    });
  });

  it("is nothing, without a diagnostic, when the workspace is a link loop", async () => {
    const root = createTempDir("promptstack-heartbeat-");
    const workspaceDir = join(root, "ws");
    await symlink(join(root, "loop"), workspaceDir);
    await symlink(workspaceDir, join(root, "loop"));
    expect(await readHeartbeatFile(workspaceDir, "HEARTBEAT.md", context(workspaceDir))).toEqual({
      diagnostics: [],
    });
  });
});
