import { isAbsolute, resolve } from "node:path";
import { loadO200kTokenCounter } from "@promptstack/o200k";
import type { Diagnostic, ProductProfile, TokenCounter } from "@promptstack/core";
import {
  CONFIG_DEFAULTS,
  expandHomePath,
  parseRunFacts,
  resolveAgentSystemPromptConfig,
  resolveDefaultPromptMode,
} from "@promptstack/config";
import type {
  PromptstackConfig,
  ResolvedAgentPromptConfig,
  RunFacts,
  RunFactsInput,
} from "@promptstack/config";
import { OPENCLAW_PRODUCT_PROFILE } from "@promptstack/renderer";
import type { PromptMode, TurnInput } from "@promptstack/renderer";
import { AgentError } from "./agent-error.js";
import type {
  AgentTurn,
  AgentTurnOptions,
  PromptAssembler,
  PromptAssemblerOptions,
} from "./agent-types.js";
import { buildAgentTurn } from "./build-agent-turn.js";
import { buildTurnInput } from "./build-turn-input.js";
import { createCompiledRenderer } from "./create-compiled-renderer.js";
import { createDisplayPaths } from "./create-display-paths.js";
import { createFolderCache } from "./create-folder-cache.js";
import { createPrefixPin } from "./create-prefix-pin.js";
import { createSkillsCache } from "./create-skills-cache.js";
import { watchContainedInputs } from "@promptstack/safe-read";
import type { ContainedInputsWatcher, WatchInputs } from "@promptstack/safe-read";
import { loadAssemblerConfig } from "./load-assembler-config.js";
import type { AssemblerConfig } from "./load-assembler-config.js";
import { readFileStamp } from "./read-file-stamp.js";
import { readHeartbeatFile } from "./read-heartbeat-file.js";
import { loadTurnStart } from "./load-turn-start.js";
import { readProcessSkillEnvironment } from "./read-process-skill-environment.js";
import { readSectionsFile } from "./read-sections-file.js";
import { loadTurnBootstrap } from "./load-turn-bootstrap.js";
import type { WorkspaceReadCache, WorkspaceReadCounter } from "./read-workspace-file-cached.js";
import { resolveSkillRoots } from "./resolve-skill-roots.js";

/**
 * Creates the long-lived assembler for one agent: config, workspace files and skills in, one
 * turn's prompt out. It only wires its caches — the read cache (bootstrap, heartbeat and sections
 * files by stat: device, inode, size, mtime), the folder cache, the skills cache (roots walked
 * again when a root's stat changed, on `refresh()` or after a watch event), the config file (read
 * again when its stat changed, resolved once per session kind and prompt mode) and the compiled
 * renderer — and hands what a turn read to `buildAgentTurn`.
 */
export async function createPromptAssembler(
  options: PromptAssemblerOptions = {},
): Promise<PromptAssembler> {
  requireAbsoluteOption(options.workspaceDir, "workspaceDir");
  requireAbsoluteOption(options.executionDir, "executionDir");
  const agentId = options.agentId ?? "main";
  const paths = createDisplayPaths(options.displayPaths ?? []);
  let config: AssemblerConfig = await loadAssemblerConfig(options.config, options.configDir);
  assertKnownAgent(config.parsed.config, options.agentId);
  let configLoaded = true;
  let resolvedByKey = new Map<string, ResolvedAgentPromptConfig>();
  const readCache: WorkspaceReadCache = new Map();
  const folders = createFolderCache();
  const skills = createSkillsCache({
    environment: options.skillEnvironment ?? readProcessSkillEnvironment(),
    paths,
    ...(options.homeDir === undefined ? {} : { homeDir: options.homeDir }),
  });
  const renderer = createCompiledRenderer();
  const prefixPin = createPrefixPin({
    ...(options.prefixPolicy === undefined ? {} : { policy: options.prefixPolicy }),
    ...(options.prefixTtlMs === undefined ? {} : { ttlMs: options.prefixTtlMs }),
    ...(options.maxChangeNoteChars === undefined
      ? {}
      : { maxNoteChars: options.maxChangeNoteChars }),
  });
  let counter: Promise<TokenCounter> | undefined;
  let watchers: ContainedInputsWatcher | undefined;
  let watchedKey = "";
  let closed = false;
  let seedPending = options.seedWorkspace === true;

  const tokenCounter = (): Promise<TokenCounter> =>
    options.tokenCounter !== undefined
      ? Promise.resolve(options.tokenCounter)
      : (counter ??= loadO200kTokenCounter());
  const forget = (): void => {
    skills.forceRescan();
    readCache.clear();
    folders.clear();
    config = { ...config, stamp: undefined };
  };
  const resolveFor = (sessionKind: RunFacts["sessionKind"], promptMode: PromptMode) => {
    const key = `${sessionKind}\0${promptMode}`;
    let resolved = resolvedByKey.get(key);
    if (resolved === undefined) {
      resolved = resolveAgentSystemPromptConfig(config.parsed.config, {
        agentId,
        sessionKind,
        promptMode,
        ...(options.promptSize === undefined ? {} : { promptSize: options.promptSize }),
      });
      resolvedByKey.set(key, resolved);
    }
    return { key, resolved };
  };
  // The readers' containment rules (@promptstack/safe-read): no link followed out of a root,
  // bounded folders and depth, one walk per change, the inputs a turn read and nothing else.
  const watchInputs = async (inputs: WatchInputs): Promise<void> => {
    if (options.watch !== true) return;
    const key = JSON.stringify(inputs);
    if (key === watchedKey) return;
    await watchers?.close();
    watchedKey = key;
    watchers = await watchContainedInputs(async () => inputs, forget, {
      debounceMs: 0,
      persistent: false,
    });
  };

  const turn = async (
    rawFacts: RunFacts | RunFactsInput,
    turnOptions: AgentTurnOptions = {},
  ): Promise<AgentTurn> => {
    if (closed) {
      throw new AgentError("AGENT_CLOSED", "This prompt assembler was closed.", {
        hint: "Create a new assembler with createPromptAssembler.",
      });
    }
    const facts = parseRunFacts(rawFacts);
    folders.beginTurn();
    const reads: WorkspaceReadCounter = { reads: 0 };
    const configReloaded = configLoaded || (await reloadConfigWhenChanged());
    configLoaded = false;

    const promptMode =
      turnOptions.promptMode ?? options.promptMode ?? resolveDefaultPromptMode(facts.sessionKind);
    const { key: resolvedKey, resolved } = resolveFor(facts.sessionKind, promptMode);
    const workspaceDir = resolveWorkspaceDir(resolved);
    const executionDir =
      options.executionDir === undefined || options.executionDir === workspaceDir
        ? undefined
        : options.executionDir;
    // The product profile option beats the config's; it also says which files are required.
    const profile =
      options.overrides?.profile ?? options.product ?? resolved.profile ?? OPENCLAW_PRODUCT_PROFILE;
    const readContext = { folders, cache: readCache, counter: reads, paths };
    // Seeding writes into the configured workspace only, before anything reads it.
    const turnStart = await loadTurnStart({
      workspaceDir,
      seed: seedPending,
      ...(turnOptions.userText === undefined ? {} : { userText: turnOptions.userText }),
      today: facts.time.date,
      startupMaxChars: resolved.budgets.contextLimits.startupContextMaxChars,
      paths,
    });
    seedPending = false;
    if (turnStart.seeded) folders.clear();
    const sectionsFile =
      resolved.sections?.file === undefined
        ? undefined
        : await readSectionsFile(
            resolved.sections.file,
            resolved.sections.paths.file ?? "sections.file",
            { ...readContext, configDir: config.dir },
          );

    const { bootstrap, rawByPath } = await loadTurnBootstrap({
      workspaceDir,
      ...(executionDir === undefined ? {} : { executionDir }),
      facts,
      profile,
      budgets: resolved.budgets,
      ...(options.bootstrapHooks === undefined ? {} : { hooks: options.bootstrapHooks }),
      tokenCounter,
      folders,
      cache: readCache,
      reads,
      paths,
    });

    const { roots, quiet } = resolveSkillRoots({
      resolved,
      workspaceDir,
      configDir: config.dir,
      ...(options.skillRoots === undefined ? {} : { skillRoots: options.skillRoots }),
      ...(options.extraSkillRoots === undefined
        ? {}
        : { extraSkillRoots: options.extraSkillRoots }),
    });
    await watchInputs(
      listWatchInputs(workspaceDir, executionDir, roots, config, resolved.sections?.file),
    );
    const skillsScan = await skills.scan(roots);
    const skillsScanned = skillsScan.rescanned;
    const listing = skillsScan.list({
      config: config.parsed.config,
      configGeneration: config.generation,
      resolved,
      resolvedKey,
      quiet,
      readTool: facts.tools.some((tool) => tool.name === "read"),
    });
    const { turnInput, heartbeatFile, heartbeatDiagnostics } = await loadTurnInput({
      facts,
      profile,
      resolved,
      workspaceDir,
      readContext,
      ...(turnStart.startup === undefined ? {} : { startup: turnStart.startup }),
      ...(turnOptions.userText === undefined ? {} : { userText: turnOptions.userText }),
    });

    const { parts, prefix } = prefixPin.apply(
      {
        agentId,
        facts,
        promptMode,
        config: config.parsed.config,
        configDiagnostics: config.parsed.diagnostics,
        resolved,
        workspace: { dir: workspaceDir, shown: paths.show(workspaceDir) },
        ...(executionDir === undefined
          ? {}
          : { execution: { dir: executionDir, shown: paths.show(executionDir) } }),
        bootstrap,
        rawByPath,
        skills: listing,
        ...(sectionsFile === undefined ? {} : { sectionsFile }),
        ...(heartbeatFile === undefined ? {} : { heartbeatFile }),
        turnInput,
        turnDiagnostics: [...turnStart.diagnostics, ...heartbeatDiagnostics],
        ...(options.provider === undefined ? {} : { provider: options.provider }),
        ...(options.product === undefined ? {} : { product: options.product }),
        ...(options.overrides === undefined ? {} : { overrides: options.overrides }),
        factsLocation: options.factsLocation ?? "user-message",
        ...(turnOptions.countTokens === true ? { counter: await tokenCounter() } : {}),
        paths,
        reads: { files: reads.reads, skillsScanned, configLoaded: configReloaded },
      },
      turnOptions,
    );
    return buildAgentTurn({ ...parts, prefix }, renderer);
  };

  /** Re-reads the config file when its stat changed; true when it did. */
  async function reloadConfigWhenChanged(): Promise<boolean> {
    if (config.file === undefined) return false;
    if ((await readFileStamp(config.file)) === config.stamp) return false;
    config = await loadAssemblerConfig(options.config, options.configDir, config.generation);
    assertKnownAgent(config.parsed.config, options.agentId);
    resolvedByKey = new Map();
    return true;
  }

  function resolveWorkspaceDir(resolved: ResolvedAgentPromptConfig): string {
    if (options.workspaceDir !== undefined) return options.workspaceDir;
    const configured = resolved.workspace;
    if (configured === undefined || configured === "") {
      throw new AgentError(
        "AGENT_NO_WORKSPACE",
        `No workspace for agent "${agentId}": neither options.workspaceDir nor the config's agents.defaults.workspace / agents.entries.${agentId}.workspace is set.`,
        { path: "workspaceDir", hint: "Pass workspaceDir, or set a workspace in the config." },
      );
    }
    return resolve(config.dir, paths.toReal(expandHomePath(configured, options.homeDir)));
  }

  return {
    turn,
    refresh() {
      forget();
      prefixPin.requestRefresh();
    },
    refreshPrefix() {
      prefixPin.requestRefresh();
    },
    async close() {
      closed = true;
      await watchers?.close();
      watchers = undefined;
    },
  };
}

function requireAbsoluteOption(value: string | undefined, key: string): void {
  if (value === undefined) return;
  if (typeof value !== "string" || value === "" || !isAbsolute(value)) {
    throw new AgentError(
      "AGENT_INVALID_OPTIONS",
      `${key} must be an absolute path, got ${JSON.stringify(String(value))}.`,
      { path: key, hint: `Resolve ${key} against the working directory before calling.` },
    );
  }
}

/**
 * An explicitly named agent must exist when the config lists agents: a misspelt id would
 * otherwise fall back to the defaults silently, dropping the agent's own sections and owner.
 */
function assertKnownAgent(config: PromptstackConfig, agentId: string | undefined): void {
  const entries = config.agents?.entries;
  if (agentId === undefined || entries === undefined) return;
  const known = Object.keys(entries);
  if (known.length === 0 || Object.hasOwn(entries, agentId)) return;
  throw new AgentError(
    "AGENT_UNKNOWN_ID",
    `Unknown agent "${agentId}": the config lists ${known.map((id) => `"${id}"`).join(", ")}.`,
    {
      path: "agentId",
      hint: `Pass one of the listed ids, or add agents.entries.${agentId} to the config.`,
    },
  );
}

/** The inputs a turn read, for the watcher: its folders and skill roots, the config and sections files. */
function listWatchInputs(
  workspaceDir: string,
  executionDir: string | undefined,
  roots: readonly { readonly dir: string }[],
  config: AssemblerConfig,
  sectionsFile: string | undefined,
): WatchInputs {
  return {
    folders: [workspaceDir, ...(executionDir === undefined ? [] : [executionDir])].concat(
      roots.map((root) => root.dir),
    ),
    files: [
      ...(config.file === undefined ? [] : [config.file]),
      ...(sectionsFile === undefined ? [] : [resolve(config.dir, sectionsFile)]),
    ],
  };
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
