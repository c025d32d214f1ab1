import { parseConfig, resolveAgentSystemPromptConfig } from "@promptstack/config";
import { describe, expect, it } from "vitest";
import { resolveSkillRoots } from "./resolve-skill-roots.js";

const resolved = resolveAgentSystemPromptConfig(
  parseConfig({ skills: { load: { extraDirs: ["shared-skills", "/opt/skills"] } } }).config,
  { agentId: "main", sessionKind: "main", promptMode: "full" },
);

describe("resolveSkillRoots", () => {
  it("lists the config's extra dirs, the caller's roots, then the workspace's two folders", () => {
    expect(
      resolveSkillRoots({
        resolved,
        workspaceDir: "/w",
        configDir: "/etc/agent",
        extraSkillRoots: [{ tier: "bundled", dir: "/usr/share/skills" }],
      }),
    ).toEqual({
      roots: [
        { tier: "extra", dir: "/etc/agent/shared-skills" },
        { tier: "extra", dir: "/opt/skills" },
        { tier: "bundled", dir: "/usr/share/skills" },
        { tier: "workspace", dir: "/w/.agents/skills" },
        { tier: "workspace", dir: "/w/skills" },
      ],
      quiet: new Set(["/w/.agents/skills", "/w/skills"]),
    });
  });

  it("takes skillRoots as they are, none of them quiet", () => {
    const skillRoots = [{ tier: "managed" as const, dir: "/m" }];
    expect(
      resolveSkillRoots({ resolved, workspaceDir: "/w", configDir: "/c", skillRoots }),
    ).toEqual({ roots: skillRoots, quiet: new Set() });
  });
});
