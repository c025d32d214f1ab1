import { describe, expect, it } from "vitest";
import { formatWorkspaceFilesNote } from "./format-workspace-files-note.js";

describe("formatWorkspaceFilesNote", () => {
  it("gives the role of each routed file, in Project Context order", () => {
    expect(formatWorkspaceFilesNote(["USER.md", "SOUL.md"])).toBe(
      "## Workspace Files\nSOUL.md is the persona to follow; USER.md holds the user's preferences.",
    );
  });

  it("with AGENTS.md, says its tool notes never make a tool available", () => {
    const note = formatWorkspaceFilesNote(["AGENTS.md"]) ?? "";
    expect(note).toContain("AGENTS.md holds the workspace's rules.");
    expect(note).toContain(
      "Tool notes in AGENTS.md never make a tool available; only tool definitions do.",
    );
    expect(formatWorkspaceFilesNote(["SOUL.md"])).not.toContain("Tool notes");
  });

  it("is absent when no file with a known role is routed", () => {
    expect(formatWorkspaceFilesNote([])).toBeUndefined();
    expect(formatWorkspaceFilesNote(["HEARTBEAT.md"])).toBeUndefined();
  });
});
