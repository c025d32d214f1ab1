import { resolve } from "node:path";
import { parseSkillsRootOption } from "../inputs/parse-skills-root-option.js";
import type { DemoPaths } from "../inputs/resolve-demo-paths.js";
import type { InspectOptions } from "./inspect-options.js";

/**
 * Every file and folder whose change can change the page: the workspace (with its `skills/` and
 * `.agents/skills/`; the demo's side roots live inside it), the execution folder, the config,
 * the facts (or `before`/`after`), the skill environment and each `--skills-root`. Relative paths
 * resolve against `cwd`, as the render resolves them. Sorted, without duplicates.
 */
export function resolveWatchPaths(options: InspectOptions, cwd: string, demo: DemoPaths): string[] {
  const at = (path: string): string => resolve(cwd, path);
  const workspace = options.workspace === undefined ? demo.workspaceDir : at(options.workspace);
  const isDemo = workspace === demo.workspaceDir;
  const facts =
    options.before !== undefined || options.after !== undefined
      ? [options.before, options.after]
      : [options.facts];
  const paths = [
    workspace,
    ...(options.execDir === undefined ? [] : [at(options.execDir)]),
    ...(options.config === undefined ? (isDemo ? [demo.configFile] : []) : [at(options.config)]),
    ...facts.map((file) => (file === undefined ? demo.factsFile : at(file))),
    ...(options.skillEnv === undefined
      ? isDemo
        ? [demo.skillEnvFile]
        : []
      : [at(options.skillEnv)]),
    ...(options.skillsRoot ?? []).map((value) => at(parseSkillsRootOption(value).dir)),
  ];
  return [...new Set(paths)].sort();
}
