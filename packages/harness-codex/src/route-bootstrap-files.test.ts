import { describe, expect, it } from "vitest";
import { buildBootstrapRoutingTable } from "./build-bootstrap-routing-table.js";
import { buildWorkspaceMemoryNote } from "./build-workspace-memory-note.js";
import type { BootstrapFileOrigin } from "@promptstack/bootstrap";
import { routeBootstrapFiles } from "./route-bootstrap-files.js";
import type { RouteBootstrapFilesOptions } from "./route-bootstrap-files.js";

const files: { name: string; origin: BootstrapFileOrigin }[] = [
  { name: "AGENTS.md", origin: "workspace" },
  { name: "SOUL.md", origin: "workspace" },
  { name: "IDENTITY.md", origin: "workspace" },
  { name: "USER.md", origin: "workspace" },
  { name: "BOOTSTRAP.md", origin: "workspace" },
  { name: "MEMORY.md", origin: "workspace" },
  { name: "AGENTS.md", origin: "execution" },
];

function surfaces(options: RouteBootstrapFilesOptions) {
  return routeBootstrapFiles(files, options).routes.map((r) => r.surface);
}

const base: RouteBootstrapFilesOptions = {
  harness: "codex",
  connection: "managed-stdio",
  memoryToolsAvailable: true,
  executionDirDiffers: true,
};

describe("routeBootstrapFiles", () => {
  it("puts everything into system-prompt project context on the embedded harness", () => {
    for (const connection of ["managed-stdio", "external", "desktop"] as const) {
      const result = routeBootstrapFiles(files, { ...base, harness: "embedded", connection });
      expect(new Set(result.routes.map((r) => r.surface))).toEqual(
        new Set(["system-prompt-project-context"]),
      );
      expect(result.diagnostics).toEqual([]);
    }
  });

  it("routes each file on codex managed stdio per its lifetime", () => {
    expect(surfaces(base)).toEqual([
      "thread-developer-instructions",
      "parent-request-instructions",
      "parent-request-instructions",
      "parent-request-instructions",
      "turn-context",
      "memory-note",
      "codex-native",
    ]);
  });

  it("leaves the workspace AGENTS.md to Codex when the workspace is the execution folder", () => {
    expect(surfaces({ ...base, executionDirDiffers: false })[0]).toBe("codex-native");
  });

  it("falls back to turn context for MEMORY.md without memory tools", () => {
    expect(surfaces({ ...base, memoryToolsAvailable: false })[5]).toBe("turn-context");
  });

  it("uses the collaboration carrier with a warning on external and desktop connections", () => {
    for (const connection of ["external", "desktop"] as const) {
      const result = routeBootstrapFiles(files, { ...base, connection });
      expect(result.routes.slice(1, 4).map((r) => r.surface)).toEqual([
        "collaboration-carrier",
        "collaboration-carrier",
        "collaboration-carrier",
      ]);
      expect(result.diagnostics).toEqual([
        expect.objectContaining({ code: "BOOTSTRAP_COLLABORATION_CARRIER", severity: "warning" }),
      ]);
      expect(result.diagnostics[0]?.message).toContain("SOUL.md, IDENTITY.md, USER.md");
    }
  });

  it("keeps the caller's file objects in the routes", () => {
    const result = routeBootstrapFiles(files, base);
    expect(result.routes[0]?.file).toBe(files[0]);
  });
});

describe("buildWorkspaceMemoryNote", () => {
  it("points to both memory tools", () => {
    const note = buildWorkspaceMemoryNote();
    expect(note).toContain("memory_search");
    expect(note).toContain("memory_get");
    expect(note.length).toBeLessThan(400);
  });
});

describe("buildBootstrapRoutingTable", () => {
  it("renders one row per file case and one column per harness and connection", () => {
    const table = buildBootstrapRoutingTable();
    const lines = table.trimEnd().split("\n");
    expect(lines[0]?.split("|").map((cell) => cell.trim())).toEqual([
      "",
      "file",
      "embedded (any)",
      "codex managed-stdio",
      "codex external",
      "codex desktop",
      "",
    ]);
    expect(lines).toHaveLength(12);
    const soul = lines.find((line) => line.startsWith("| SOUL.md "));
    expect(soul?.split("|").map((cell) => cell.trim())).toEqual([
      "",
      "SOUL.md",
      "`system-prompt-project-context`",
      "`parent-request-instructions`",
      "`collaboration-carrier`",
      "`collaboration-carrier`",
      "",
    ]);
  });
});
