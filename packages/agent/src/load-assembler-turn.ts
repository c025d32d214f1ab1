import { resolve } from "node:path";
import type { LoadedBootstrapFiles } from "@promptstack/bootstrap";
import type { Diagnostic, ProductProfile, TokenCounter } from "@promptstack/core";
import {
  CONFIG_DEFAULTS,
  expandHomePath,
  parseRunFacts,
  resolveDefaultPromptMode,
} from "@promptstack/config";
import type {
  ResolvedAgentPromptConfig,
  RunFacts,
  RunFactsInput,
  SectionsFile,
} from "@promptstack/config";
import { OPENCLAW_PRODUCT_PROFILE } from "@promptstack/renderer";
import type { PromptMode, TurnInput } from "@promptstack/renderer";
import { AgentError } from "./agent-error.js";
import type { AgentTurn, AgentTurnOptions, PromptAssemblerOptions } from "./agent-types.js";
import { buildAgentTurn } from "./build-agent-turn.js";
import { buildTurnInput } from "./build-turn-input.js";
import type { CompiledRenderer } from "./create-compiled-renderer.js";
import type { ConfigCache } from "./create-config-cache.js";
import type { DisplayPaths } from "./create-display-paths.js";
import type { FolderCache } from "./create-folder-cache.js";
import { listWatchInputs } from "./create-inputs-watcher.js";
import type { InputsWatcher } from "./create-inputs-watcher.js";
import type { PrefixPin } from "./create-prefix-pin.js";
import type { SkillsCache, SkillsListing } from "./create-skills-cache.js";
import { readHeartbeatFile } from "./read-heartbeat-file.js";
import { loadTurnStart } from "./load-turn-start.js";
import { readSectionsFile } from "./read-sections-file.js";
import { loadTurnBootstrap } from "./load-turn-bootstrap.js";
import type { WorkspaceReadCache, WorkspaceReadCounter } from "./read-workspace-file-cached.js";
import { resolveSkillRoots } from "./resolve-skill-roots.js";

/** What a turn works through: the assembler's options and the caches it keeps across turns. */
export interface AssemblerTurnContext {
  readonly options: PromptAssemblerOptions;
  readonly agentId: string;
  readonly paths: DisplayPaths;
  readonly config: ConfigCache;
  /** Bootstrap, heartbeat and sections files by stat. */
  readonly readCache: WorkspaceReadCache;
  readonly folders: FolderCache;
  readonly skills: SkillsCache;
  readonly prefixPin: PrefixPin;
  readonly renderer: CompiledRenderer;
  readonly watcher: InputsWatcher;
  /** The token counter, loaded on first use. */
  readonly tokenCounter: () => Promise<TokenCounter>;
  /** The one field a turn writes: true until a turn seeded the workspace (`seedWorkspace`). */
  seedPending: boolean;
}

/** Where and how one turn renders: its facts, prompt mode, resolved config, folders and profile. */
interface TurnScope {
  readonly facts: RunFacts;
  readonly promptMode: PromptMode;
  readonly resolvedKey: string;
  readonly resolved: ResolvedAgentPromptConfig;
  readonly workspaceDir: string;
  /** Undefined when it is the workspace. */
  readonly executionDir: string | undefined;
  readonly profile: ProductProfile;
}

/** What one turn read from disk through the caches. */
interface TurnReads {
  readonly bootstrap: LoadedBootstrapFiles;
  readonly rawByPath: Map<string, string>;
  readonly listing: SkillsListing;
  readonly skillsScanned: boolean;
  readonly sectionsFile: SectionsFile | undefined;
  readonly heartbeatFile: AgentTurn["heartbeatFile"] | undefined;
  readonly turnInput: TurnInput;
  /** The start-up block's, seeding's and heartbeat file's diagnostics. */
  readonly turnDiagnostics: readonly Diagnostic[];
}

/**
 * One turn of an assembler: parses the facts, re-reads what changed (config, workspace files,
 * skills, sections and heartbeat files) through the caches, applies the prefix policy and builds
 * the turn.
 */
export async function loadAssemblerTurn(
  context: AssemblerTurnContext,
  rawFacts: RunFacts | RunFactsInput,
  turnOptions: AgentTurnOptions,
): Promise<AgentTurn> {
  const { options, config, paths } = context;
  const facts = parseRunFacts(rawFacts);
  context.folders.beginTurn();
  const reads: WorkspaceReadCounter = { reads: 0 };
  const configReloaded = await config.beginTurn();
  const scope = resolveTurnScope(context, facts, turnOptions);
  const { workspaceDir, executionDir } = scope;
  const read = await loadTurnReads(context, scope, reads, turnOptions);

  const { parts, prefix } = context.prefixPin.apply(
    {
      agentId: context.agentId,
      facts,
      promptMode: scope.promptMode,
      config: config.current.parsed.config,
      configDiagnostics: config.current.parsed.diagnostics,
      resolved: scope.resolved,
      workspace: { dir: workspaceDir, shown: paths.show(workspaceDir) },
      ...(executionDir === undefined
        ? {}
        : { execution: { dir: executionDir, shown: paths.show(executionDir) } }),
      bootstrap: read.bootstrap,
      rawByPath: read.rawByPath,
      skills: read.listing,
      ...(read.sectionsFile === undefined ? {} : { sectionsFile: read.sectionsFile }),
      ...(read.heartbeatFile === undefined ? {} : { heartbeatFile: read.heartbeatFile }),
      turnInput: read.turnInput,
      turnDiagnostics: read.turnDiagnostics,
      ...(options.provider === undefined ? {} : { provider: options.provider }),
      ...(options.product === undefined ? {} : { product: options.product }),
      ...(options.overrides === undefined ? {} : { overrides: options.overrides }),
      factsLocation: options.factsLocation ?? "user-message",
      ...(turnOptions.countTokens === true ? { counter: await context.tokenCounter() } : {}),
      paths,
      reads: {
        files: reads.reads,
        skillsScanned: read.skillsScanned,
        configLoaded: configReloaded,
      },
    },
    turnOptions,
  );
  return buildAgentTurn({ ...parts, prefix }, context.renderer);
}

/** The turn's prompt mode, resolved config, folders and product profile. */
function resolveTurnScope(
  context: AssemblerTurnContext,
  facts: RunFacts,
  turnOptions: AgentTurnOptions,
): TurnScope {
  const { options } = context;
  const promptMode =
    turnOptions.promptMode ?? options.promptMode ?? resolveDefaultPromptMode(facts.sessionKind);
  const { key: resolvedKey, resolved } = context.config.resolveFor(facts.sessionKind, promptMode);
  const workspaceDir = resolveWorkspaceDir(context, resolved);
  const executionDir =
    options.executionDir === undefined || options.executionDir === workspaceDir
      ? undefined
      : options.executionDir;
  // The product profile option beats the config's; it also says which files are required.
  const profile =
    options.overrides?.profile ?? options.product ?? resolved.profile ?? OPENCLAW_PRODUCT_PROFILE;
  return { facts, promptMode, resolvedKey, resolved, workspaceDir, executionDir, profile };
}

/** The workspace folder: the option, else the config's (relative to the config's folder). */
function resolveWorkspaceDir(
  context: AssemblerTurnContext,
  resolved: ResolvedAgentPromptConfig,
): string {
  const { options, agentId } = context;
  if (options.workspaceDir !== undefined) return options.workspaceDir;
  const configured = resolved.workspace;
  if (configured === undefined || configured === "") {
    throw new AgentError(
      "AGENT_NO_WORKSPACE",
      `No workspace for agent "${agentId}": neither options.workspaceDir nor the config's agents.defaults.workspace / agents.entries.${agentId}.workspace is set.`,
      { path: "workspaceDir", hint: "Pass workspaceDir, or set a workspace in the config." },
    );
  }
  return resolve(
    context.config.current.dir,
    context.paths.toReal(expandHomePath(configured, options.homeDir)),
  );
}

/**
 * Everything the turn reads, in order: the turn start (seeding, start-up block), the sections
 * file, the workspace files, the skills and the turn's own input.
 */
async function loadTurnReads(
  context: AssemblerTurnContext,
  scope: TurnScope,
  reads: WorkspaceReadCounter,
  turnOptions: AgentTurnOptions,
): Promise<TurnReads> {
  const { options, config, folders, paths } = context;
  const { facts, resolved, workspaceDir, executionDir, profile } = scope;
  const readContext = { folders, cache: context.readCache, counter: reads, paths };
  // Seeding writes into the configured workspace only, before anything reads it.
  const turnStart = await loadTurnStart({
    workspaceDir,
    seed: context.seedPending,
    ...(turnOptions.userText === undefined ? {} : { userText: turnOptions.userText }),
    today: facts.time.date,
    startupMaxChars: resolved.budgets.contextLimits.startupContextMaxChars,
    paths,
  });
  context.seedPending = false;
  if (turnStart.seeded) folders.clear();
  const sectionsFile =
    resolved.sections?.file === undefined
      ? undefined
      : await readSectionsFile(
          resolved.sections.file,
          resolved.sections.paths.file ?? "sections.file",
          { ...readContext, configDir: config.current.dir },
        );

  const { bootstrap, rawByPath } = await loadTurnBootstrap({
    workspaceDir,
    ...(executionDir === undefined ? {} : { executionDir }),
    facts,
    profile,
    budgets: resolved.budgets,
    ...(options.bootstrapHooks === undefined ? {} : { hooks: options.bootstrapHooks }),
    tokenCounter: context.tokenCounter,
    folders,
    cache: context.readCache,
    reads,
    paths,
  });
  const { listing, skillsScanned } = await loadTurnSkills(context, scope);
  const { turnInput, heartbeatFile, heartbeatDiagnostics } = await loadTurnInput({
    facts,
    profile,
    resolved,
    workspaceDir,
    readContext,
    ...(turnStart.startup === undefined ? {} : { startup: turnStart.startup }),
    ...(turnOptions.userText === undefined ? {} : { userText: turnOptions.userText }),
  });
  return {
    bootstrap,
    rawByPath,
    listing,
    skillsScanned,
    sectionsFile,
    heartbeatFile,
    turnInput,
    turnDiagnostics: [...turnStart.diagnostics, ...heartbeatDiagnostics],
  };
}

/**
 * The turn's skills: its roots (watched, with the folders and files the turn read), scanned again
 * when they changed, and the listing for this config and agent.
 */
async function loadTurnSkills(
  context: AssemblerTurnContext,
  scope: TurnScope,
): Promise<{ listing: SkillsListing; skillsScanned: boolean }> {
  const { options, config } = context;
  const { facts, resolved, workspaceDir, executionDir } = scope;
  const { roots, quiet } = resolveSkillRoots({
    resolved,
    workspaceDir,
    configDir: config.current.dir,
    ...(options.skillRoots === undefined ? {} : { skillRoots: options.skillRoots }),
    ...(options.extraSkillRoots === undefined ? {} : { extraSkillRoots: options.extraSkillRoots }),
  });
  await context.watcher.watch(
    listWatchInputs(workspaceDir, executionDir, roots, config.current, resolved.sections?.file),
  );
  const skillsScan = await context.skills.scan(roots);
  const listing = skillsScan.list({
    config: config.current.parsed.config,
    configGeneration: config.current.generation,
    resolved,
    resolvedKey: scope.resolvedKey,
    quiet,
    readTool: facts.tools.some((tool) => tool.name === "read"),
  });
  return { listing, skillsScanned: skillsScan.rescanned };
}

/**
 * The turn's own input: on heartbeat turns the configured heartbeat file is read (bounded,
 * cached, inside the workspace) for the heartbeat message; the start-up block and the user's
 * text are passed through.
 */
async function loadTurnInput(request: {
  readonly facts: RunFacts;
  readonly profile: ProductProfile;
  readonly resolved: ResolvedAgentPromptConfig;
  readonly workspaceDir: string;
  readonly readContext: Parameters<typeof readHeartbeatFile>[2];
  readonly startup?: string;
  readonly userText?: string;
}): Promise<{
  turnInput: TurnInput;
  heartbeatFile: AgentTurn["heartbeatFile"] | undefined;
  heartbeatDiagnostics: readonly Diagnostic[];
}> {
  const { facts, resolved } = request;
  const heartbeat =
    facts.sessionKind === "heartbeat"
      ? await readHeartbeatFile(
          request.workspaceDir,
          resolved.heartbeat?.file ?? CONFIG_DEFAULTS.heartbeatFile,
          request.readContext,
        )
      : undefined;
  const heartbeatFile = heartbeat?.file;
  const turnInput = buildTurnInput({
    facts,
    profile: request.profile,
    heartbeatPrompt: resolved.heartbeat?.prompt ?? CONFIG_DEFAULTS.heartbeatPrompt,
    ...(heartbeatFile === undefined ? {} : { heartbeatFile }),
    ...(request.startup === undefined ? {} : { startup: request.startup }),
    ...(request.userText === undefined ? {} : { userText: request.userText }),
  });
  return { turnInput, heartbeatFile, heartbeatDiagnostics: heartbeat?.diagnostics ?? [] };
}
