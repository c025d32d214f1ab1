import { describe, expect, it } from "vitest";
import { filterBootstrapFilesForSession } from "./filter-bootstrap-files-for-session.js";
import { sortBootstrapFiles } from "./sort-bootstrap-files.js";

const names = ["AGENTS.md", "SOUL.md", "IDENTITY.md", "USER.md", "BOOTSTRAP.md", "MEMORY.md"];
const all = [...names, "HEARTBEAT.md", "NOTES.md"].map((name) => ({ name }));

function kept(kind: Parameters<typeof filterBootstrapFilesForSession>[1]) {
  return filterBootstrapFilesForSession(all, kind).map((f) => f.name);
}

describe("filterBootstrapFilesForSession", () => {
  it("gives sub-agents AGENTS.md only", () => {
    expect(kept("subagent")).toEqual(["AGENTS.md"]);
  });

  it("gives cron turns AGENTS, SOUL, IDENTITY and USER", () => {
    expect(kept("cron")).toEqual(["AGENTS.md", "SOUL.md", "IDENTITY.md", "USER.md"]);
  });

  it("never passes HEARTBEAT.md, not even to heartbeat turns", () => {
    for (const kind of ["main", "direct", "heartbeat"] as const) {
      expect(kept(kind)).toEqual([...names, "NOTES.md"]);
    }
  });

  it("keeps MEMORY.md in the owner's main session and direct chats", () => {
    expect(kept("main")).toContain("MEMORY.md");
    expect(filterBootstrapFilesForSession(all, "direct", "direct").map((f) => f.name)).toContain(
      "MEMORY.md",
    );
  });

  it("keeps MEMORY.md out of group, channel, sub-agent and cron sessions", () => {
    const withoutMemory = names.filter((name) => name !== "MEMORY.md");
    expect(kept("group")).toEqual([...withoutMemory, "NOTES.md"]);
    expect(kept("subagent")).not.toContain("MEMORY.md");
    expect(kept("cron")).not.toContain("MEMORY.md");
    // A shared chat stays shared even when the session kind claims otherwise.
    for (const kind of ["main", "direct", "heartbeat"] as const) {
      for (const chatType of ["group", "channel"] as const) {
        const names = filterBootstrapFilesForSession(all, kind, chatType).map((f) => f.name);
        expect(names).not.toContain("MEMORY.md");
        expect(names).toContain("SOUL.md");
      }
    }
  });
});

describe("sortBootstrapFiles", () => {
  it("orders known names first, then others by name, workspace before execution folder", () => {
    const shuffled = [
      { name: "AGENTS.md", path: "/exec/AGENTS.md", origin: "execution" as const },
      { name: "ZED.md", path: "/ws/ZED.md", origin: "workspace" as const },
      { name: "MEMORY.md", path: "/ws/MEMORY.md", origin: "workspace" as const },
      { name: "ABC.md", path: "/ws/ABC.md", origin: "workspace" as const },
      { name: "BOOTSTRAP.md", path: "/ws/BOOTSTRAP.md", origin: "workspace" as const },
      { name: "USER.md", path: "/ws/USER.md", origin: "workspace" as const },
      { name: "IDENTITY.md", path: "/ws/IDENTITY.md", origin: "workspace" as const },
      { name: "SOUL.md", path: "/ws/SOUL.md", origin: "workspace" as const },
      { name: "AGENTS.md", path: "/ws/AGENTS.md", origin: "workspace" as const },
    ];
    expect(sortBootstrapFiles(shuffled).map((f) => f.path)).toEqual([
      "/ws/AGENTS.md",
      "/ws/SOUL.md",
      "/ws/IDENTITY.md",
      "/ws/USER.md",
      "/ws/BOOTSTRAP.md",
      "/ws/MEMORY.md",
      "/ws/ABC.md",
      "/ws/ZED.md",
      "/exec/AGENTS.md",
    ]);
  });

  it("orders other names by code point, and the same name by path", () => {
    const files = [
      { name: "b.md", path: "/ws/a/b.md", origin: "workspace" as const },
      { name: "a.md", path: "/ws/z/a.md", origin: "workspace" as const },
      { name: "a.md", path: "/ws/b/a.md", origin: "workspace" as const },
      { name: "B.md", path: "/ws/y/B.md", origin: "workspace" as const },
    ];
    for (const order of [files, [...files].reverse()]) {
      expect(sortBootstrapFiles(order).map((f) => f.path)).toEqual([
        "/ws/y/B.md",
        "/ws/b/a.md",
        "/ws/z/a.md",
        "/ws/a/b.md",
      ]);
    }
  });
});
