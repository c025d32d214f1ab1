import { stat } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { createPromptAssembler, readProcessSkillEnvironment } from "@promptstack/agent";
import type {
  AgentTurn,
  PrefixPolicy,
  PromptAssembler,
  SkillEnvironment,
} from "@promptstack/agent";
import { isInsideRoot } from "@promptstack/safe-read";
import { ConfigError, parseRunFacts } from "@promptstack/config";
import type { RunFacts } from "@promptstack/config";
import { NEUTRAL_PRODUCT_PROFILE, OPENCLAW_PRODUCT_PROFILE } from "@promptstack/renderer";
import type { RuntimeFactsLocation } from "@promptstack/renderer";
import type { SkillRoot } from "@promptstack/skills";
import { CliError } from "../cli-error.js";
import type { CliIo } from "../cli-io.js";
import { discoverCliAssets } from "./discover-cli-assets.js";
import type { CliAssets } from "./discover-cli-assets.js";
import type { InputOptions } from "./input-options.js";
import { parseSkillsRootOption } from "./parse-skills-root-option.js";
import { pickBootstrapStat, pickSkillOutcome } from "./pick-run-fields.js";
import { readJsonFile } from "./read-json-file.js";
import { readSkillEnvironment } from "./read-skill-environment.js";
import type { RenderRun, RenderRunBootstrapFile, RenderRunSkill } from "./render-run.js";
import type { DemoPaths } from "./resolve-demo-paths.js";
import { resolveHomeDir } from "./resolve-home-dir.js";
import type { DisplayPathContext } from "./to-display-path.js";

async function requireDirectory(
  path: string,
  shown: string,
  what: string,
  flag: string,
): Promise<void> {
  let isDirectory = false;
  try {
    isDirectory = (await stat(path)).isDirectory();
  } catch {
    throw new CliError("CLI_WORKSPACE_MISSING", `${what} ${shown} does not exist.`, {
      path: shown,
      hint: `Pass ${flag} with an existing folder${flag === "--workspace" ? ", or leave it out to render the demo workspace" : ""}.`,
    });
  }
  if (!isDirectory) {
    throw new CliError("CLI_WORKSPACE_MISSING", `${what} ${shown} is not a folder.`, {
      path: shown,
      hint: `Pass ${flag} with a folder, not a file.`,
    });
  }
}

function wrapInputError(
  error: unknown,
  code: "CLI_CONFIG_INVALID" | "CLI_FACTS_INVALID",
  file: string,
  shown: string,
): never {
  if (ConfigError.isInstance(error)) {
    const named = error.message.split(file).join(shown);
    const message = named.includes(shown) ? named : `${shown}: ${named}`;
    throw new CliError(code, message, {
      path: shown,
      ...(error.hint === undefined ? {} : { hint: error.hint }),
      cause: error,
    });
  }
  throw error;
}

/** Reads and validates one facts file (`undefined`: the demo's facts). */
export async function loadFacts(
  factsOption: string | undefined,
  io: CliIo,
  demo: DemoPaths,
): Promise<RunFacts> {
  const file = factsOption === undefined ? demo.factsFile : resolve(io.cwd, factsOption);
  const shown = factsOption ?? `${demo.displayWorkspaceDir}/facts.json`;
  const raw = await readJsonFile(file, shown, "CLI_FACTS_INVALID", "facts");
  try {
    return parseRunFacts(raw, { source: shown });
  } catch (error) {
    return wrapInputError(error, "CLI_FACTS_INVALID", file, shown);
  }
}

async function loadSkillEnvironment(
  options: InputOptions,
  io: CliIo,
  demo: DemoPaths,
  isDemo: boolean,
): Promise<SkillEnvironment> {
  if (options.skillEnv !== undefined) {
    return readSkillEnvironment(resolve(io.cwd, options.skillEnv), options.skillEnv);
  }
  if (isDemo) {
    return readSkillEnvironment(
      demo.skillEnvFile,
      `${demo.displayWorkspaceDir}/.demo-roots/environment.json`,
    );
  }
  return readProcessSkillEnvironment(io.env);
}

function resolveExtraSkillRoots(
  options: InputOptions,
  io: CliIo,
  demo: DemoPaths | undefined,
): SkillRoot[] {
  const roots: SkillRoot[] = [];
  if (demo !== undefined) {
    roots.push(
      ...demo.pluginSkillRoots.map((root): SkillRoot => ({
        tier: "plugin",
        dir: root.dir,
        pluginId: root.pluginId,
      })),
      { tier: "bundled", dir: demo.bundledSkillsDir },
      { tier: "managed", dir: demo.managedSkillsDir },
    );
  }
  for (const value of options.skillsRoot ?? []) {
    const root = parseSkillsRootOption(value);
    roots.push({ ...root, dir: resolve(io.cwd, root.dir) });
  }
  return roots;
}

// Codex-only flags would otherwise be ignored without a word on an embedded render.
function requireCodexHarnessForCodexFlags(options: InputOptions): void {
  if (options.harness === "codex") return;
  const flag =
    options.connection !== undefined
      ? "--connection"
      : options.catalog !== undefined
        ? "--catalog"
        : options.lightContext === true
          ? "--light-context"
          : undefined;
  if (flag === undefined) return;
  throw new CliError("CLI_USAGE", `${flag} applies only to the Codex harness.`, {
    path: flag,
    hint: `Add --harness codex, or leave ${flag} out for the embedded harness.`,
  });
}

/** Extras of `openRenderAssembler` and `loadRenderRun` beyond the input flags. */
export interface RenderAssemblerExtras {
  /** Show the workspace (not the demo) under this path instead of its own. */
  readonly displayWorkspaceAs?: string;
  /** Where the per-turn facts travel (the assembler's option). Default: the assembler's. */
  readonly factsLocation?: RuntimeFactsLocation;
  /** The assembler's prefix policy. Default: the assembler's (`live`). */
  readonly prefixPolicy?: PrefixPolicy;
  /**
   * Read the workspace from this copy of it (absolute), shown and resolved as the original: the
   * prompt reads the same, and a config file inside the workspace is read from the copy too.
   */
  readonly workspaceCopyDir?: string;
}

/**
 * Opens the assembler a render uses (workspace, config, skills; the demo when left out). The
 * caller closes it.
 */
export async function openRenderAssembler(
  options: InputOptions,
  io: CliIo,
  extras: RenderAssemblerExtras = {},
): Promise<{ assembler: PromptAssembler; assets: CliAssets }> {
  const { displayWorkspaceAs, factsLocation, prefixPolicy, workspaceCopyDir } = extras;
  requireCodexHarnessForCodexFlags(options);
  const assets = io.assets ?? discoverCliAssets();
  const { demo } = assets;
  const workspaceDir =
    options.workspace === undefined ? demo.workspaceDir : resolve(io.cwd, options.workspace);
  const isDemo = workspaceDir === demo.workspaceDir;
  const display: DisplayPathContext = {
    workspaceDir,
    displayWorkspaceDir: isDemo ? demo.displayWorkspaceDir : workspaceDir,
  };
  await requireDirectory(
    workspaceDir,
    options.workspace ?? display.displayWorkspaceDir,
    "Workspace",
    "--workspace",
  );
  const executionDir = options.execDir === undefined ? undefined : resolve(io.cwd, options.execDir);
  if (executionDir !== undefined && options.execDir !== undefined) {
    await requireDirectory(executionDir, options.execDir, "Execution folder", "--exec-dir");
  }

  const configFile =
    options.config !== undefined
      ? resolve(io.cwd, options.config)
      : isDemo
        ? demo.configFile
        : undefined;
  const skillEnvironment = await loadSkillEnvironment(options, io, demo, isDemo);
  const readDir = workspaceCopyDir ?? workspaceDir;
  const shownAs = isDemo ? display.displayWorkspaceDir : (displayWorkspaceAs ?? workspaceDir);
  const configInCopy =
    workspaceCopyDir !== undefined &&
    configFile !== undefined &&
    isInsideRoot(workspaceDir, configFile)
      ? join(workspaceCopyDir, relative(workspaceDir, configFile))
      : configFile;
  let assembler: PromptAssembler;
  try {
    assembler = await createPromptAssembler({
      ...(configInCopy === undefined ? { configDir: io.cwd } : { config: configInCopy }),
      agentId: options.agent ?? "main",
      workspaceDir: readDir,
      ...(executionDir === undefined ? {} : { executionDir }),
      extraSkillRoots: resolveExtraSkillRoots(options, io, isDemo ? demo : undefined),
      skillEnvironment,
      homeDir: resolveHomeDir(io),
      // A copy is shown as the original; so is the original (the demo's side skill roots).
      displayPaths: [
        ...(readDir === shownAs && !isDemo ? [] : [{ real: readDir, shown: shownAs }]),
        ...(readDir === workspaceDir ? [] : [{ real: workspaceDir, shown: shownAs }]),
      ],
      ...(options.mode === undefined ? {} : { promptMode: options.mode }),
      ...(options.size === undefined ? {} : { promptSize: options.size }),
      ...(options.profile === undefined
        ? {}
        : {
            product:
              options.profile === "neutral" ? NEUTRAL_PRODUCT_PROFILE : OPENCLAW_PRODUCT_PROFILE,
          }),
      ...(factsLocation === undefined ? {} : { factsLocation }),
      ...(prefixPolicy === undefined ? {} : { prefixPolicy }),
    });
  } catch (error) {
    if (configFile === undefined || !ConfigError.isInstance(error)) throw error;
    const shown = options.config ?? `${demo.displayWorkspaceDir}/config.json5`;
    return wrapInputError(error, "CLI_CONFIG_INVALID", configInCopy ?? configFile, shown);
  }
  return { assembler, assets };
}

/**
 * Loads every input of one render (workspace files, config, facts, skills) and renders through
 * the assembler. Missing inputs fall back to the demo: workspace → the demo workspace;
 * facts → the demo's facts; config → built-in defaults (the demo's config for the demo itself).
 */
export async function loadRenderRun(
  options: InputOptions,
  io: CliIo,
  extras?: RenderAssemblerExtras,
): Promise<RenderRun> {
  const { assembler, assets } = await openRenderAssembler(options, io, extras);
  try {
    return await loadRenderRunWith(assembler, assets, options, io);
  } finally {
    await assembler.close();
  }
}

/**
 * One render through an assembler the caller keeps open (`openRenderAssembler`): a session
 * whose pinned prefix lives across renders. `options.facts` names the turn's facts.
 */
export async function loadRenderRunWith(
  assembler: PromptAssembler,
  assets: CliAssets,
  options: InputOptions,
  io: CliIo,
): Promise<RenderRun> {
  const turn = await assembler.turn(await loadFacts(options.facts, io, assets.demo));
  const factsFile = options.facts ?? `${assets.demo.displayWorkspaceDir}/facts.json`;
  return toRenderRun(turn, options, io, assets.demoCodexCatalogFile, factsFile);
}

async function toRenderRun(
  turn: AgentTurn,
  options: InputOptions,
  io: CliIo,
  demoCatalogFile: string,
  factsFile: string,
): Promise<RenderRun> {
  const { facts } = turn;
  const run: RenderRun = {
    prompt: turn.prompt,
    modelText: turn.model.text,
    boundary:
      turn.prompt.boundary === -1 ? -1 : turn.model.text.length - turn.model.volatile.length,
    bootstrap: turn.bootstrap.files.map((file): RenderRunBootstrapFile => ({
      ...pickBootstrapStat(file),
      // Raw texts only of injected files: the reports count the raw tokens of what was used.
      ...(file.rawText === undefined || (file.status !== "ok" && file.status !== "truncated")
        ? {}
        : { rawText: file.rawText }),
      ...(file.injectedText === undefined ? {} : { injectedText: file.injectedText }),
      ...(file.reason === undefined ? {} : { reason: file.reason }),
    })),
    skills: {
      all: turn.skills.all.map((skill): RenderRunSkill => ({
        name: skill.name,
        tier: skill.tier,
        path: skill.path,
        status: skill.status,
        ...pickSkillOutcome(skill),
        chars: skill.entryText?.length ?? 0,
        ...(skill.entryText === undefined ? {} : { entryText: skill.entryText }),
      })),
      eligible: turn.skills.eligible,
      included: turn.skills.included.length,
      omitted: turn.skills.omitted,
      text: turn.skills.text,
      format: turn.skills.format,
    },
    tools: facts.tools.map((tool) => ({
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      ...(tool.parameters === undefined ? {} : { parameters: tool.parameters }),
    })),
    diagnostics: turn.diagnostics,
    prefix: turn.prefix,
    ...(Object.keys(turn.turnInput).length === 0 ? {} : { turnInput: turn.turnInput }),
  };
  if (options.harness !== "codex") return run;
  // Imported here: only a Codex render loads the Codex adapter.
  const { loadCodexRun } = await import("./load-codex-run.js");
  return loadCodexRun(
    run,
    {
      turn,
      connection: options.connection ?? "managed-stdio",
      demoCatalogFile,
      factsFile,
      ...(options.config === undefined ? {} : { configFile: options.config }),
      ...(options.catalog === undefined ? {} : { catalog: options.catalog }),
      ...(options.lightContext === true ? { lightContext: true } : {}),
    },
    io,
  );
}
