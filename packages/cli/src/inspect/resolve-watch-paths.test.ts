import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveDemoPaths } from "../inputs/resolve-demo-paths.js";
import { resolveWatchPaths } from "./resolve-watch-paths.js";

const demo = resolveDemoPaths("/repo/fixtures/workspaces/demo", "fixtures/workspaces/demo");

describe("resolveWatchPaths", () => {
  it("watches the demo workspace, its config, facts and skill environment by default", () => {
    expect(resolveWatchPaths({}, "/cwd", demo)).toEqual(
      [demo.workspaceDir, demo.configFile, demo.factsFile, demo.skillEnvFile].sort(),
    );
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
    expect(paths).toEqual(
      [
        "/cwd/ws",
        "/abs/exec",
        "/cwd/ws/config.json5",
        "/cwd/a.json",
        "/cwd/b.json",
        "/cwd/env.json",
        "/cwd/skills/managed",
        "/p/skills",
      ].sort(),
    );
  });

  it("keeps the demo's facts for another workspace without --facts, and lists each path once", () => {
    const paths = resolveWatchPaths({ workspace: "ws", facts: "ws" }, "/cwd", demo);
    expect(paths).toEqual(["/cwd/ws"]);
    expect(resolveWatchPaths({ workspace: "ws" }, "/cwd", demo)).toEqual(
      [join("/cwd", "ws"), demo.factsFile].sort(),
    );
  });
});
