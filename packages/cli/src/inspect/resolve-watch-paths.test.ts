import { describe, expect, it } from "vitest";
import { resolveDemoPaths } from "../inputs/resolve-demo-paths.js";
import { resolveWatchPaths } from "./resolve-watch-paths.js";

const demo = resolveDemoPaths("/repo/fixtures/workspaces/demo", "fixtures/workspaces/demo");

describe("resolveWatchPaths", () => {
  it("watches the demo workspace, its config, facts and skill environment by default", () => {
    expect(resolveWatchPaths({}, "/cwd", demo)).toEqual({
      folders: [demo.workspaceDir],
      files: [demo.configFile, demo.factsFile, demo.skillEnvFile].sort(),
      configFile: demo.configFile,
    });
  });

  it("resolves every named input against the working folder", () => {
    const paths = resolveWatchPaths(
      {
        workspace: "ws",
        execDir: "/abs/exec",
        config: "ws/config.json5",
        before: "a.json",
        after: "b.json",
        skillEnv: "env.json",
        skillsRoot: ["managed=skills/managed", "plugin:voice=/p/skills"],
      },
      "/cwd",
      demo,
    );
    expect(paths).toEqual({
      folders: ["/cwd/ws", "/abs/exec", "/cwd/skills/managed", "/p/skills"].sort(),
      files: ["/cwd/ws/config.json5", "/cwd/a.json", "/cwd/b.json", "/cwd/env.json"].sort(),
      configFile: "/cwd/ws/config.json5",
    });
  });

  it("watches one of --before/--after given alone, and the demo's facts in place of the other", () => {
    for (const flag of ["before", "after"] as const) {
      expect(resolveWatchPaths({ workspace: "ws", [flag]: "turn.json" }, "/cwd", demo)).toEqual({
        folders: ["/cwd/ws"],
        files: ["/cwd/turn.json", demo.factsFile].sort(),
      });
    }
  });

  it("keeps the demo's facts for another workspace without --facts, and lists each path once", () => {
    expect(resolveWatchPaths({ workspace: "ws", facts: "ws" }, "/cwd", demo)).toStrictEqual({
      folders: ["/cwd/ws"],
      files: [],
    });
    expect(resolveWatchPaths({ workspace: "ws" }, "/cwd", demo)).toStrictEqual({
      folders: ["/cwd/ws"],
      files: [demo.factsFile],
    });
  });
});
