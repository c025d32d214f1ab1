import { resolve } from "node:path";
import { parseSkillsRootOption } from "../inputs/parse-skills-root-option.js";
import type { DemoPaths } from "../inputs/resolve-demo-paths.js";
import type { WatchInputs } from "@promptstack/safe-read";
import type { InspectOptions } from "./inspect-options.js";

/** What `resolveWatchPaths` returns: the inputs to watch and the config whose sections file counts. */
export interface InspectWatchPaths extends WatchInputs {
  /** The config file the render reads, if any (its `sections.file` is watched too). */
  readonly configFile?: string;
}

/**
 * Every file and folder whose change can change the page: the folders the render reads below
 * (the workspace with its `skills/` and `.agents/skills/`, where the demo's side roots live too;
 * the execution folder; each `--skills-root`) and the single files (the config, the facts or
 * `before`/`after`, the skill environment). Relative paths resolve against `cwd`, as the render
 * resolves them. Each list sorted, without duplicates.
 */
export function resolveWatchPaths(
  options: InspectOptions,
  cwd: string,
  demo: DemoPaths,
): InspectWatchPaths {
  const at = (path: string): string => resolve(cwd, path);
  const workspace = options.workspace === undefined ? demo.workspaceDir : at(options.workspace);
  const isDemo = workspace === demo.workspaceDir;
  const facts =
    options.before !== undefined || options.after !== undefined
      ? [options.before, options.after]
      : [options.facts];
  const configFile =
    options.config === undefined ? (isDemo ? demo.configFile : undefined) : at(options.config);
  const folders = [
    workspace,
    ...(options.execDir === undefined ? [] : [at(options.execDir)]),
    ...(options.skillsRoot ?? []).map((value) => at(parseSkillsRootOption(value).dir)),
  ];
  const files = [
    ...(configFile === undefined ? [] : [configFile]),
    ...facts.map((file) => (file === undefined ? demo.factsFile : at(file))),
    ...(options.skillEnv === undefined
      ? isDemo
        ? [demo.skillEnvFile]
        : []
      : [at(options.skillEnv)]),
  ];
  const unique = (paths: readonly string[]): string[] => [...new Set(paths)].sort();
  return {
    folders: unique(folders),
    files: unique(files).filter((file) => !folders.includes(file)),
    ...(configFile === undefined ? {} : { configFile }),
  };
}
