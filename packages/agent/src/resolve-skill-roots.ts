import { join, resolve } from "node:path";
import type { ResolvedAgentPromptConfig } from "@promptstack/config";
import type { SkillRoot } from "@promptstack/skills";

/**
 * The skill roots of a turn: exactly `skillRoots` when given; else the config's extra dirs
 * (relative to `configDir`), the caller's extra roots, then the workspace's `.agents/skills` and
 * `skills`. `quiet`: roots whose absence is normal (no diagnostic). Pure.
 */
export function resolveSkillRoots(options: {
  readonly resolved: ResolvedAgentPromptConfig;
  readonly workspaceDir: string;
  readonly configDir: string;
  readonly skillRoots?: readonly SkillRoot[];
  readonly extraSkillRoots?: readonly SkillRoot[];
}): { readonly roots: readonly SkillRoot[]; readonly quiet: ReadonlySet<string> } {
  if (options.skillRoots !== undefined) return { roots: options.skillRoots, quiet: new Set() };
  const workspaceRoots: SkillRoot[] = [
    { tier: "workspace", dir: join(options.workspaceDir, ".agents", "skills") },
    { tier: "workspace", dir: join(options.workspaceDir, "skills") },
  ];
  return {
    roots: [
      ...options.resolved.extraSkillDirs.map((dir): SkillRoot => ({
        tier: "extra",
        dir: resolve(options.configDir, dir),
      })),
      ...(options.extraSkillRoots ?? []),
      ...workspaceRoots,
    ],
    quiet: new Set(workspaceRoots.map((root) => root.dir)),
  };
}
