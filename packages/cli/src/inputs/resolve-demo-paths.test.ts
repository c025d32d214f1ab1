import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveDemoPaths } from "./resolve-demo-paths.js";

describe("resolveDemoPaths", () => {
  it("places the demo's files and side roots inside the copy, under .demo-roots", () => {
    const roots = join("/copy", "demo", ".demo-roots");
    expect(resolveDemoPaths(join("/copy", "demo"), "demo")).toEqual({
      workspaceDir: join("/copy", "demo"),
      displayWorkspaceDir: "demo",
      configFile: join("/copy", "demo", "config.json5"),
      factsFile: join("/copy", "demo", "facts.json"),
      managedSkillsDir: join(roots, "managed"),
      bundledSkillsDir: join(roots, "bundled"),
      pluginSkillRoots: [
        { pluginId: "voice-call", dir: join(roots, "plugins", "voice-call", "skills") },
      ],
      skillEnvFile: join(roots, "environment.json"),
    });
  });
});
