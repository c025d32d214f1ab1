import { realpath, stat } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { loadBootstrapFiles, readBootstrapFile } from "@promptstack/bootstrap";
import {
  ConfigError,
  buildConfiguredAgentSystemPrompt,
  loadConfigFile,
  parseConfig,
  parseRunFacts,
  resolveAgentSystemPromptConfig,
} from "@promptstack/config";
import type { ParsedConfig, RunFacts } from "@promptstack/config";
import type { Diagnostic } from "@promptstack/renderer";
import { discoverSkills, filterEligibleSkills, formatSkillsForPrompt } from "@promptstack/skills";
import type { Skill, SkillRoot } from "@promptstack/skills";
import { CliError } from "./cli-error.js";
import type { CliIo } from "./cli-io.js";
import { discoverCliAssets } from "./discover-cli-assets.js";
import type { InputOptions } from "./input-options.js";
import { loadCodexRun } from "./load-codex-run.js";
import { parseSkillsRootOption } from "./parse-skills-root-option.js";
import { readJsonFile } from "./read-json-file.js";
import { readProcessSkillEnvironment } from "./read-process-skill-environment.js";
import { readRawBootstrapText } from "./read-raw-bootstrap-text.js";
import { readSkillEnvironment } from "./read-skill-environment.js";
import type { SkillEnvironment } from "./read-skill-environment.js";
import type { RenderRun, RenderRunBootstrapFile, RenderRunSkill } from "./render-run.js";
import type { DemoPaths } from "./resolve-demo-paths.js";
import { resolveHomeDir } from "./resolve-home-dir.js";
import { toDisplayPath } from "./to-display-path.js";
import type { DisplayPathContext } from "./to-display-path.js";
import { toModelText } from "./to-model-text.js";
import { toSkillEntryTexts } from "./to-skill-entry-texts.js";

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

async function loadConfig(
  options: InputOptions,
  io: CliIo,
  demo: DemoPaths,
  isDemo: boolean,
): Promise<{ parsed: ParsedConfig; dir: string }> {
  const file =
    options.config !== undefined
      ? resolve(io.cwd, options.config)
      : isDemo
        ? demo.configFile
        : undefined;
  if (file === undefined) return { parsed: parseConfig({}), dir: io.cwd };
  const shown = options.config ?? `${demo.displayWorkspaceDir}/config.json5`;
  try {
    return { parsed: await loadConfigFile(file), dir: dirname(file) };
  } catch (error) {
    return wrapInputError(error, "CLI_CONFIG_INVALID", file, shown);
  }
}

async function loadFacts(
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

function resolveSkillRoots(
  options: InputOptions,
  io: CliIo,
  workspaceDir: string,
  demo: DemoPaths | undefined,
  extraDirs: readonly string[],
  configDir: string,
): SkillRoot[] {
  const roots: SkillRoot[] = extraDirs.map((dir) => ({
    tier: "extra",
    dir: resolve(configDir, dir),
  }));
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
  roots.push(
    { tier: "workspace", dir: join(workspaceDir, ".agents", "skills") },
    { tier: "workspace", dir: join(workspaceDir, "skills") },
  );
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
        : undefined;
  if (flag === undefined) return;
  throw new CliError("CLI_USAGE", `${flag} applies only to the Codex harness.`, {
    path: flag,
    hint: `Add --harness codex, or leave ${flag} out for the embedded harness.`,
  });
}

// The heartbeat file is not a bootstrap file; Codex heartbeat turns point to it when non-empty.
async function readHeartbeatFile(
  workspaceDir: string,
  rootRealPath: string | null,
  show: (path: string) => string,
): Promise<{ path: string; content: string } | undefined> {
  if (rootRealPath === null) return undefined;
  const path = join(workspaceDir, "HEARTBEAT.md");
  const result = await readBootstrapFile({ filePath: path, rootRealPath, maxChars: 4000 });
  return result.kind === "ok" ? { path: show(path), content: result.content } : undefined;
}

async function realpathOrNull(path: string): Promise<string | null> {
  try {
    return await realpath(path);
  } catch {
    return null;
  }
}

/**
 * Loads every input of one render (workspace files, config, facts, skills) and renders through
 * the configured facade. Missing inputs fall back to the demo: workspace → the demo workspace;
 * facts → the demo's facts; config → built-in defaults (the demo's config for the demo itself).
 */
export async function loadRenderRun(options: InputOptions, io: CliIo): Promise<RenderRun> {
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
  const show = (path: string): string => toDisplayPath(path, display);
  const showDiagnostic = (diagnostic: Diagnostic): Diagnostic => ({
    ...diagnostic,
    message: diagnostic.message.split(workspaceDir).join(display.displayWorkspaceDir),
    ...(diagnostic.path === undefined ? {} : { path: show(diagnostic.path) }),
  });
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

  const { parsed, dir: configDir } = await loadConfig(options, io, demo, isDemo);
  const facts = await loadFacts(options.facts, io, demo);
  const agentId = options.agent ?? "main";
  const promptMode = options.mode ?? "full";
  const diagnostics: Diagnostic[] = [...parsed.diagnostics];

  // Resolve once up front for budgets and skill settings; the facade resolves the same again.
  const resolved = resolveAgentSystemPromptConfig(parsed.config, {
    agentId,
    sessionKind: facts.sessionKind,
    promptMode,
  });

  const bootstrap = await loadBootstrapFiles({
    workspaceDir,
    ...(executionDir === undefined || executionDir === workspaceDir ? {} : { executionDir }),
    sessionKind: facts.sessionKind,
    budgets: {
      maxChars: resolved.budgets.bootstrapMaxChars,
      totalMaxChars: resolved.budgets.bootstrapTotalMaxChars,
      ...(resolved.budgets.bootstrapMaxTokens === undefined
        ? {}
        : { maxTokens: resolved.budgets.bootstrapMaxTokens }),
      ...(resolved.budgets.bootstrapTotalMaxTokens === undefined
        ? {}
        : { totalMaxTokens: resolved.budgets.bootstrapTotalMaxTokens }),
    },
  });
  diagnostics.push(...bootstrap.diagnostics.map(showDiagnostic));
  const injectedByPath = new Map(bootstrap.files.map((file) => [file.path, file.content]));
  // Raw token counts re-read only what the loader injected, under the loader's own rules.
  const rootRealPaths = {
    workspace: await realpathOrNull(workspaceDir),
    execution: executionDir === undefined ? null : await realpathOrNull(executionDir),
  };
  const bootstrapFiles: RenderRunBootstrapFile[] = await Promise.all(
    bootstrap.stats.map(async (stat): Promise<RenderRunBootstrapFile> => {
      const injected = stat.status === "ok" || stat.status === "truncated";
      const rawText = injected
        ? await readRawBootstrapText(stat.path, rootRealPaths[stat.origin], stat.rawChars)
        : undefined;
      const injectedText = injectedByPath.get(stat.path);
      return {
        name: stat.name,
        path: show(stat.path),
        status: stat.status,
        rawChars: stat.rawChars,
        injectedChars: stat.injectedChars,
        limitedBy: stat.limitedBy,
        ...(rawText === undefined ? {} : { rawText }),
        ...(injectedText === undefined ? {} : { injectedText }),
        ...(stat.reason === undefined ? {} : { reason: stat.reason }),
      };
    }),
  );
  const contextFiles = bootstrap.contextFiles.map((file) => ({ ...file, path: show(file.path) }));

  const environment = await loadSkillEnvironment(options, io, demo, isDemo);
  const roots = resolveSkillRoots(
    options,
    io,
    workspaceDir,
    isDemo ? demo : undefined,
    resolved.extraSkillDirs,
    configDir,
  );
  const discovered = await discoverSkills(roots);
  diagnostics.push(
    ...discovered.diagnostics
      .filter((diagnostic) => diagnostic.code !== "SKILLS_ROOT_MISSING")
      .map(showDiagnostic),
  );
  const shownSkills: Skill[] = discovered.skills.map((skill) => ({
    ...skill,
    path: show(skill.path),
    dir: show(skill.dir),
  }));
  const { eligible, excluded } = filterEligibleSkills(shownSkills, {
    platform: environment.platform,
    env: environment.env,
    config: parsed.config,
    hasBin: environment.hasBin,
    enabledPlugins: resolved.enabledPlugins,
    ...(resolved.skillsAllowlist === undefined ? {} : { allowlist: resolved.skillsAllowlist }),
    entries: resolved.skillEntries,
  });
  const formatted = formatSkillsForPrompt(eligible, {
    maxSkills: resolved.budgets.maxSkillsInPrompt,
    maxChars: resolved.budgets.maxSkillsPromptChars,
    homeDir: resolveHomeDir(io),
  });
  const entries = toSkillEntryTexts(formatted);
  const omitted = new Set(formatted.omitted);
  const skillRows: RenderRunSkill[] = [
    ...eligible.map((skill): RenderRunSkill => {
      const entry = entries.get(skill.name);
      return {
        name: skill.name,
        tier: skill.tier,
        path: skill.path,
        status: omitted.has(skill.name) || entry === undefined ? "omitted" : "included",
        chars: entry?.length ?? 0,
        ...(entry === undefined ? {} : { entryText: entry }),
      };
    }),
    ...excluded.map(({ skill, reason }): RenderRunSkill => ({
      name: skill.name,
      tier: skill.tier,
      path: skill.path,
      status: "excluded",
      reason,
      chars: 0,
    })),
  ].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

  const configured = buildConfiguredAgentSystemPrompt({
    config: parsed.config,
    agentId,
    facts,
    promptMode,
    contextFiles,
    bootstrapTruncated: bootstrap.truncated,
    bootstrapPending: bootstrap.bootstrapPending,
    ...(formatted.text === "" ? {} : { skillsPrompt: formatted.text }),
    // The Workspace section names where the session runs: the execution folder when given.
    overrides: {
      workspaceDir: executionDir === undefined ? display.displayWorkspaceDir : show(executionDir),
    },
  });
  diagnostics.push(...configured.diagnostics);
  const model = toModelText(configured.prompt);

  const run: RenderRun = {
    prompt: configured.prompt,
    modelText: model.text,
    boundary: model.boundary,
    bootstrap: bootstrapFiles,
    skills: {
      all: skillRows,
      eligible: eligible.length,
      included: formatted.included.length,
      omitted: formatted.omitted,
      text: formatted.text,
      format: formatted.format,
    },
    tools: facts.tools.map((tool) => ({
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      ...(tool.parameters === undefined ? {} : { parameters: tool.parameters }),
    })),
    diagnostics,
  };
  if (options.harness !== "codex") return run;
  const heartbeatFile =
    facts.sessionKind === "heartbeat"
      ? await readHeartbeatFile(workspaceDir, rootRealPaths.workspace, show)
      : undefined;
  return loadCodexRun(
    run,
    {
      facts,
      rendererInput: configured.input,
      connection: options.connection ?? "managed-stdio",
      workspaceDir: display.displayWorkspaceDir,
      ...(executionDir === undefined ? {} : { executionDir: show(executionDir) }),
      bootstrapFiles: bootstrap.files.map((file) => ({
        name: file.name,
        path: show(file.path),
        content: file.content,
        origin: file.origin,
        missing: file.status === "missing",
      })),
      skillsPrompt: formatted.text,
      ...(heartbeatFile === undefined ? {} : { heartbeatFile }),
      demoCatalogFile: assets.demoCodexCatalogFile,
      ...(options.catalog === undefined ? {} : { catalog: options.catalog }),
    },
    io,
  );
}
