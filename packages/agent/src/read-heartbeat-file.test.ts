import { writeFile } from "node:fs/promises";
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
});
