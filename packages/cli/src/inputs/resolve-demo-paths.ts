import { join } from "node:path";

/** Where the demo workspace and its side roots live, and how they are shown. */
export interface DemoPaths {
  /** Absolute directory of the demo workspace. */
  readonly workspaceDir: string;
  /** How the workspace is shown in outputs: stable, independent of the install location. */
  readonly displayWorkspaceDir: string;
  readonly configFile: string;
  readonly factsFile: string;
  readonly managedSkillsDir: string;
  readonly bundledSkillsDir: string;
  readonly pluginSkillRoots: readonly { readonly pluginId: string; readonly dir: string }[];
  readonly skillEnvFile: string;
}

/** The demo's files and side roots inside a copy of `fixtures/workspaces/demo/`. */
export function resolveDemoPaths(workspaceDir: string, displayWorkspaceDir: string): DemoPaths {
  const roots = join(workspaceDir, ".demo-roots");
  return {
    workspaceDir,
    displayWorkspaceDir,
    configFile: join(workspaceDir, "config.json5"),
    factsFile: join(workspaceDir, "facts.json"),
    managedSkillsDir: join(roots, "managed"),
    bundledSkillsDir: join(roots, "bundled"),
    pluginSkillRoots: [
      { pluginId: "voice-call", dir: join(roots, "plugins", "voice-call", "skills") },
    ],
    skillEnvFile: join(roots, "environment.json"),
  };
}
