import { fileURLToPath } from "node:url";

/** Where the demo workspace and its side roots live, and how they are shown. */
export interface DemoPaths {
  /** Absolute directory of the demo workspace. */
  readonly workspaceDir: string;
  /** How the workspace is shown in outputs: stable, independent of the clone location. */
  readonly displayWorkspaceDir: string;
  readonly configFile: string;
  readonly factsFile: string;
  readonly managedSkillsDir: string;
  readonly bundledSkillsDir: string;
  readonly pluginSkillRoots: readonly { readonly pluginId: string; readonly dir: string }[];
  readonly skillEnvFile: string;
}

/** The demo workspace shipped in the repository (`fixtures/workspaces/demo/`). */
export function resolveDemoPaths(): DemoPaths {
  // src/ and dist/ both sit two levels below the repository root's packages/ folder.
  const workspaceDir = fileURLToPath(new URL("../../../fixtures/workspaces/demo", import.meta.url));
  const roots = `${workspaceDir}/.demo-roots`;
  return {
    workspaceDir,
    displayWorkspaceDir: "fixtures/workspaces/demo",
    configFile: `${workspaceDir}/config.json5`,
    factsFile: `${workspaceDir}/facts.json`,
    managedSkillsDir: `${roots}/managed`,
    bundledSkillsDir: `${roots}/bundled`,
    pluginSkillRoots: [{ pluginId: "voice-call", dir: `${roots}/plugins/voice-call/skills` }],
    skillEnvFile: `${roots}/environment.json`,
  };
}
