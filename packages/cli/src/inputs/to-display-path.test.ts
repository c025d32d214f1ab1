import { describe, expect, it } from "vitest";
import { toDisplayPath } from "./to-display-path.js";

describe("toDisplayPath", () => {
  const context = {
    workspaceDir: "/clone/fixtures/workspaces/demo",
    displayWorkspaceDir: "fixtures/workspaces/demo",
  };

  it("shows paths inside the workspace under its display name", () => {
    expect(toDisplayPath("/clone/fixtures/workspaces/demo/skills/a/SKILL.md", context)).toBe(
      "fixtures/workspaces/demo/skills/a/SKILL.md",
    );
    expect(toDisplayPath("/clone/fixtures/workspaces/demo", context)).toBe(
      "fixtures/workspaces/demo",
    );
  });

  it("keeps paths outside the workspace, and everything when the display name is the path", () => {
    expect(toDisplayPath("/clone/fixtures/workspaces/demo-other/x", context)).toBe(
      "/clone/fixtures/workspaces/demo-other/x",
    );
    expect(toDisplayPath("/w/AGENTS.md", { workspaceDir: "/w", displayWorkspaceDir: "/w" })).toBe(
      "/w/AGENTS.md",
    );
    // Shown as itself, the workspace's paths are not even normalized.
    for (const path of ["/w/skills/../AGENTS.md", "/w/./AGENTS.md", "/w/"]) {
      expect(toDisplayPath(path, { workspaceDir: "/w", displayWorkspaceDir: "/w" })).toBe(path);
    }
  });
});
