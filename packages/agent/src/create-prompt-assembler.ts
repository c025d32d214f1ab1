import { isAbsolute, join, relative, resolve, sep } from "node:path";
import {
  createO200kTokenCounter,
  discoverBootstrapNameVariants,
  loadBootstrapFiles,
} from "@promptstack/bootstrap";
import type {
  BootstrapNameVariant,
  LoadedBootstrapFiles,
  TokenCounter,
} from "@promptstack/bootstrap";
import {
  buildConfiguredAgentSystemPrompt,
  parseSectionsFile,
  resolveAgentSystemPromptConfig,
  resolveDefaultPromptMode,
} from "@promptstack/config";
import type { ResolvedAgentPromptConfig, RunFacts, SectionsFile } from "@promptstack/config";
import { OPENCLAW_PRODUCT_PROFILE } from "@promptstack/renderer";
import type { Diagnostic, PromptMode } from "@promptstack/renderer";
import {
  createSkillsCatalog,
  filterEligibleSkills,
  formatSkillsForPrompt,
  resolveSkillListing,
} from "@promptstack/skills";
import type {
  DiscoverSkillsResult,
  FormattedSkillsPrompt,
  Skill,
  SkillRoot,
  SkillsCatalog,
} from "@promptstack/skills";
import { AgentError } from "./agent-error.js";
import type {
  AgentBootstrapFile,
  AgentSkill,
  AgentTurn,
  AgentTurnOptions,
  PromptAssembler,
  PromptAssemblerOptions,
  SkillEnvironment,
} from "./agent-types.js";
import { loadAssemblerConfig } from "./load-assembler-config.js";
import type { AssemblerConfig } from "./load-assembler-config.js";
import { readBootstrapFileCached } from "./read-bootstrap-file-cached.js";
import type { BootstrapReadCache, BootstrapReadCounter } from "./read-bootstrap-file-cached.js";
import { readFileStamp } from "./read-file-stamp.js";
import { readProcessSkillEnvironment } from "./read-process-skill-environment.js";
import { readRealPath } from "./read-real-path.js";
import { watchAgentPaths } from "./watch-agent-paths.js";
import type { AgentPathWatchers } from "./watch-agent-paths.js";
import { createCompiledRenderer } from "./create-compiled-renderer.js";

const MANUAL_REASON = "listing is manual: not listed; runs only when a user names it";

/** The heartbeat file is not a bootstrap file; Codex heartbeat turns point to it. */
const HEARTBEAT_MAX_CHARS = 4000;

/** Most characters of a sections file (`sections.file`); a larger file is refused, not cut. */
export const SECTIONS_FILE_MAX_CHARS = 100_000;

interface SkillsState {
  readonly key: string;
  readonly roots: readonly SkillRoot[];
  readonly catalog: SkillsCatalog;
  stamps: readonly string[];
  result: DiscoverSkillsResult;
  generation: number;
}

interface SkillsListing {
  readonly key: string;
  readonly all: readonly AgentSkill[];
  readonly eligible: number;
  readonly formatted: FormattedSkillsPrompt;
  readonly diagnostics: readonly Diagnostic[];
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

function compareByName(a: { readonly name: string }, b: { readonly name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/**
 * Creates the long-lived assembler for one agent: config, workspace files and skills in, one
 * turn's prompt out. Between turns it re-reads only what changed: bootstrap files are checked by
 * stat (device, inode, size, mtime) and re-read when changed; the skills catalog is walked again
 * only when a root folder's stat changed, on `refresh()`, or after a watch event; the config
 * file is re-read when its stat changed and resolved once per (session kind, prompt mode).
 */
export async function createPromptAssembler(
  options: PromptAssemblerOptions = {},
): Promise<PromptAssembler> {
  requireAbsoluteOption(options.workspaceDir, "workspaceDir");
  requireAbsoluteOption(options.executionDir, "executionDir");
  const agentId = options.agentId ?? "main";
  const displayPaths = options.displayPaths ?? [];
  const environment: SkillEnvironment = options.skillEnvironment ?? readProcessSkillEnvironment();

  const show = (path: string): string => {
    for (const mapping of displayPaths) {
      const rel = relative(mapping.real, path);
      if (rel === "") return mapping.shown;
      if (!rel.startsWith("..") && !isAbsolute(rel)) {
        return `${mapping.shown}/${rel.split(sep).join("/")}`;
      }
    }
    return path;
  };
  const toReal = (path: string): string => {
    for (const mapping of displayPaths) {
      if (path === mapping.shown) return mapping.real;
      if (path.startsWith(`${mapping.shown}/`)) {
        return join(mapping.real, path.slice(mapping.shown.length + 1));
      }
    }
    return path;
  };
  const showText = (text: string): string =>
    displayPaths.reduce((value, mapping) => value.split(mapping.real).join(mapping.shown), text);
  const showDiagnostic = (diagnostic: Diagnostic): Diagnostic => ({
    ...diagnostic,
    message: showText(diagnostic.message),
    ...(diagnostic.path === undefined ? {} : { path: show(diagnostic.path) }),
    ...(diagnostic.hint === undefined ? {} : { hint: showText(diagnostic.hint) }),
  });

  let config: AssemblerConfig = await loadAssemblerConfig(options.config, options.configDir);
  let configLoaded = true;
  let resolvedByKey = new Map<string, ResolvedAgentPromptConfig>();
  const bootstrapCache: BootstrapReadCache = new Map();
  const renderer = createCompiledRenderer();
  // Real paths of the workspace and execution folder, kept while the folder's device and inode
  // (as reached through its configured path) stay the same.
  const realpathCache = new Map<
    string,
    { readonly identity: string; readonly real: string | null }
  >();
  // Each folder is stat'ed at most once per turn, however many caches check it (the workspace
  // serves the real-path cache and the name-variant cache); reset at the start of every turn.
  let folderStamps = new Map<string, Promise<string>>();
  const stampFolder = (path: string): Promise<string> => {
    let stamp = folderStamps.get(path);
    if (stamp === undefined) {
      stamp = readFileStamp(path);
      folderStamps.set(path, stamp);
    }
    return stamp;
  };
  const cachedRealPath = async (path: string): Promise<string | null> => {
    const identity = (await stampFolder(path)).split(":").slice(0, 2).join(":");
    const cached = realpathCache.get(path);
    if (cached !== undefined && cached.identity === identity) return cached.real;
    const real = (await readRealPath(path)) ?? null;
    realpathCache.set(path, { identity, real });
    return real;
  };
  // Bootstrap-name entries of a folder (for the case-variant warning), kept while the folder's
  // stat is unchanged: adding, removing or renaming an entry changes its mtime.
  const variantCache = new Map<
    string,
    { readonly stamp: string; readonly variants: readonly BootstrapNameVariant[] }
  >();
  const cachedNameVariants = async (dir: string): Promise<readonly BootstrapNameVariant[]> => {
    const stamp = await stampFolder(dir);
    const cached = variantCache.get(dir);
    if (cached !== undefined && cached.stamp === stamp) return cached.variants;
    const variants = await discoverBootstrapNameVariants(dir);
    variantCache.set(dir, { stamp, variants });
    return variants;
  };
  let skills: SkillsState | undefined;
  let listing: SkillsListing | undefined;
  let forceRescan = false;
  let counter: Promise<TokenCounter> | undefined;
  let watchers: AgentPathWatchers | undefined;
  let watchedKey = "";
  let closed = false;

  const tokenCounter = (): Promise<TokenCounter> =>
    options.tokenCounter !== undefined
      ? Promise.resolve(options.tokenCounter)
      : (counter ??= createO200kTokenCounter());

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
    return resolved;
  };

  const resolveWorkspaceDir = (resolved: ResolvedAgentPromptConfig): string => {
    if (options.workspaceDir !== undefined) return options.workspaceDir;
    const configured = resolved.workspace;
    if (configured === undefined || configured === "") {
      throw new AgentError(
        "AGENT_NO_WORKSPACE",
        `No workspace for agent "${agentId}": neither options.workspaceDir nor the config's agents.defaults.workspace / agents.entries.${agentId}.workspace is set.`,
        { path: "workspaceDir", hint: "Pass workspaceDir, or set a workspace in the config." },
      );
    }
    const home = options.homeDir;
    const expanded =
      home !== undefined && (configured === "~" || configured.startsWith("~/"))
        ? join(home, configured.slice(1))
        : configured;
    return resolve(config.dir, toReal(expanded));
  };

  const resolveSkillRoots = (
    resolved: ResolvedAgentPromptConfig,
    workspaceDir: string,
  ): { roots: readonly SkillRoot[]; quiet: ReadonlySet<string> } => {
    if (options.skillRoots !== undefined) return { roots: options.skillRoots, quiet: new Set() };
    const workspaceRoots: SkillRoot[] = [
      { tier: "workspace", dir: join(workspaceDir, ".agents", "skills") },
      { tier: "workspace", dir: join(workspaceDir, "skills") },
    ];
    return {
      roots: [
        ...resolved.extraSkillDirs.map((dir): SkillRoot => ({
          tier: "extra",
          dir: resolve(config.dir, dir),
        })),
        ...(options.extraSkillRoots ?? []),
        ...workspaceRoots,
      ],
      // A workspace without skill folders is normal: no diagnostic for the default roots.
      quiet: new Set(workspaceRoots.map((root) => root.dir)),
    };
  };

  const updateWatchers = (paths: readonly { path: string; recursive: boolean }[]): void => {
    if (options.watch !== true) return;
    const key = JSON.stringify(paths);
    if (key === watchedKey) return;
    watchers?.close();
    watchedKey = key;
    watchers = watchAgentPaths(paths, () => {
      forceRescan = true;
      bootstrapCache.clear();
      realpathCache.clear();
      variantCache.clear();
      config = { ...config, stamp: undefined };
    });
  };

  const scanSkills = async (roots: readonly SkillRoot[]): Promise<boolean> => {
    const key = JSON.stringify(roots);
    const stamps = await Promise.all(roots.map((root) => readFileStamp(root.dir)));
    if (skills !== undefined && skills.key === key && !forceRescan) {
      if (stamps.every((stamp, index) => stamp === skills?.stamps[index])) return false;
    }
    forceRescan = false;
    const catalog = skills?.key === key ? skills.catalog : createSkillsCatalog(roots);
    const result = await catalog.scan();
    skills = {
      key,
      roots,
      catalog,
      stamps,
      result,
      generation: (skills?.generation ?? 0) + 1,
    };
    return true;
  };

  const listSkills = (
    resolved: ResolvedAgentPromptConfig,
    resolvedKey: string,
    quiet: ReadonlySet<string>,
  ): SkillsListing => {
    const state = skills as SkillsState;
    const key = `${state.generation}\0${config.generation}\0${resolvedKey}`;
    if (listing !== undefined && listing.key === key) return listing;
    const shown: Skill[] = state.result.skills.map((skill) => ({
      ...skill,
      path: show(skill.path),
      dir: show(skill.dir),
    }));
    const { eligible, excluded } = filterEligibleSkills(shown, {
      platform: environment.platform,
      env: environment.env,
      config: config.parsed.config,
      hasBin: environment.hasBin,
      enabledPlugins: resolved.enabledPlugins,
      ...(resolved.skillsAllowlist === undefined ? {} : { allowlist: resolved.skillsAllowlist }),
      entries: resolved.skillEntries,
    });
    // Listing config applies after eligibility and before the budget ladder.
    const formattable = eligible.map((skill) => {
      const { listing, priority } = resolveSkillListing(skill, resolved.skillEntries);
      if (listing === "normal" && priority === 0) return skill;
      // A fresh literal, not a spread: objects grown by a spread are slow to read in long lists.
      const { name, description, path, contentHash } = skill;
      return contentHash === undefined
        ? { name, description, path, listing, priority }
        : { name, description, path, contentHash, listing, priority };
    });
    const formatted = formatSkillsForPrompt(formattable, {
      maxSkills: resolved.budgets.maxSkillsInPrompt,
      maxChars: resolved.budgets.maxSkillsPromptChars,
      ...(options.homeDir === undefined ? {} : { homeDir: options.homeDir }),
    });
    const entryByName = new Map(
      formatted.included.map((name, index) => [name, formatted.entries[index]]),
    );
    const outcomeByName = new Map(formatted.skills.map((outcome) => [outcome.name, outcome]));
    const all: AgentSkill[] = [
      ...eligible.map((skill): AgentSkill => {
        const entryText = entryByName.get(skill.name);
        const outcome = outcomeByName.get(skill.name);
        const { listing, priority } = resolveSkillListing(skill, resolved.skillEntries);
        return {
          name: skill.name,
          tier: skill.tier,
          path: skill.path,
          status: entryText === undefined ? "omitted" : "included",
          ...(listing === "manual" ? { reason: MANUAL_REASON } : {}),
          listing,
          priority,
          ...(outcome === undefined ? {} : { form: outcome.form }),
          ...(outcome?.cause === undefined ? {} : { formCause: outcome.cause }),
          ...(entryText === undefined ? {} : { entryText }),
        };
      }),
      ...excluded.map(({ skill, gate, reason }): AgentSkill => ({
        name: skill.name,
        tier: skill.tier,
        path: skill.path,
        status: "excluded",
        gate,
        reason,
        ...resolveSkillListing(skill, resolved.skillEntries),
      })),
    ].sort(compareByName);
    const quietShown = new Set([...quiet].map(show));
    const diagnostics = state.result.diagnostics
      .map(showDiagnostic)
      .filter(
        (diagnostic) =>
          diagnostic.code !== "SKILLS_ROOT_MISSING" ||
          diagnostic.path === undefined ||
          !quietShown.has(diagnostic.path),
      );
    listing = { key, all, eligible: eligible.length, formatted, diagnostics };
    return listing;
  };

  /**
   * Reads and parses the agent's sections file: relative to the config's folder and contained
   * in it, bounded, re-read only when its stat changes (the bootstrap read cache).
   */
  const readSectionsFile = async (
    file: string,
    configPath: string,
    reads: BootstrapReadCounter,
  ): Promise<SectionsFile> => {
    const filePath = resolve(config.dir, file);
    const unreadable = (why: string, hint: string): never => {
      throw new AgentError(
        "AGENT_SECTIONS_FILE_UNREADABLE",
        `The sections file ${file} (${configPath}) ${why}`,
        { path: configPath, hint },
      );
    };
    const root = await cachedRealPath(config.dir);
    if (root === null) return unreadable("has no folder.", "Check the config's folder exists.");
    const result = await readBootstrapFileCached(bootstrapCache, reads, {
      filePath,
      rootRealPath: root,
      maxChars: SECTIONS_FILE_MAX_CHARS,
    });
    if (result.kind === "missing") {
      return unreadable(
        `does not exist (looked at ${show(filePath)}).`,
        `Create it, or fix ${configPath}; the path is relative to the config file's folder.`,
      );
    }
    if (result.kind === "skipped") {
      return unreadable(
        `was not read: ${result.reason}.`,
        "Keep the sections file a UTF-8 text file inside the config file's folder.",
      );
    }
    // The read window is sized in bytes (three per character) and reads a file of up to about
    // six times the limit whole, so the bound is checked on the text itself.
    if (result.window !== undefined || result.content.length > SECTIONS_FILE_MAX_CHARS) {
      return unreadable(
        `is larger than ${SECTIONS_FILE_MAX_CHARS} characters.`,
        "Shorten it: section texts belong in the prompt, whole documents in the workspace.",
      );
    }
    return parseSectionsFile(result.content, file);
  };

  const turn = async (facts: RunFacts, turnOptions: AgentTurnOptions = {}): Promise<AgentTurn> => {
    if (closed) {
      throw new AgentError("AGENT_CLOSED", "This prompt assembler was closed.", {
        hint: "Create a new assembler with createPromptAssembler.",
      });
    }
    folderStamps = new Map();
    const reads: BootstrapReadCounter = { reads: 0 };
    let configReloaded = configLoaded;
    configLoaded = false;
    if (config.file !== undefined) {
      const stamp = await readFileStamp(config.file);
      if (stamp !== config.stamp) {
        config = await loadAssemblerConfig(options.config, options.configDir, config.generation);
        resolvedByKey = new Map();
        configReloaded = true;
      }
    }

    const promptMode =
      turnOptions.promptMode ?? options.promptMode ?? resolveDefaultPromptMode(facts.sessionKind);
    const resolvedKey = `${facts.sessionKind}\0${promptMode}`;
    const resolved = resolveFor(facts.sessionKind, promptMode);
    const workspaceDir = resolveWorkspaceDir(resolved);
    const executionDir =
      options.executionDir === undefined || options.executionDir === workspaceDir
        ? undefined
        : options.executionDir;

    // The CLI's --profile (the `product` option) beats the config's `profile`; the profile
    // also says which workspace files are required.
    const profile =
      options.overrides?.profile ?? options.product ?? resolved.profile ?? OPENCLAW_PRODUCT_PROFILE;
    const sectionsFile =
      resolved.sections?.file === undefined
        ? undefined
        : await readSectionsFile(
            resolved.sections.file,
            resolved.sections.paths.file ?? "sections.file",
            reads,
          );

    const budgets = resolved.budgets;
    const tokensOn =
      budgets.bootstrapMaxTokens !== undefined || budgets.bootstrapTotalMaxTokens !== undefined;
    const rawByPath = new Map<string, string>();
    const bootstrap: LoadedBootstrapFiles = await loadBootstrapFiles({
      workspaceDir,
      ...(executionDir === undefined ? {} : { executionDir }),
      sessionKind: facts.sessionKind,
      chatType: facts.channel.chatType,
      ...(options.bootstrapHooks === undefined ? {} : { hooks: options.bootstrapHooks }),
      ...(profile.requiredWorkspaceFiles === undefined
        ? {}
        : { requiredFileNames: profile.requiredWorkspaceFiles }),
      budgets: {
        maxChars: budgets.bootstrapMaxChars,
        totalMaxChars: budgets.bootstrapTotalMaxChars,
        ...(budgets.bootstrapMaxTokens === undefined
          ? {}
          : { maxTokens: budgets.bootstrapMaxTokens }),
        ...(budgets.bootstrapTotalMaxTokens === undefined
          ? {}
          : { totalMaxTokens: budgets.bootstrapTotalMaxTokens }),
      },
      ...(tokensOn ? { tokenCounter: await tokenCounter() } : {}),
      realpath: cachedRealPath,
      discoverNameVariants: cachedNameVariants,
      showPath: show,
      readFile: async (readOptions) => {
        const result = await readBootstrapFileCached(bootstrapCache, reads, readOptions);
        // A window (head and tail of a large file) is not the raw file: no raw text then.
        if (result.kind === "ok" && result.window === undefined) {
          rawByPath.set(readOptions.filePath, result.content);
        }
        return result;
      },
    });

    const { roots, quiet } = resolveSkillRoots(resolved, workspaceDir);
    updateWatchers([
      { path: workspaceDir, recursive: false },
      ...(executionDir === undefined ? [] : [{ path: executionDir, recursive: false }]),
      ...(config.file === undefined ? [] : [{ path: config.file, recursive: false }]),
      ...roots.map((root) => ({ path: root.dir, recursive: true })),
    ]);
    const skillsScanned = await scanSkills(roots);
    const skillList = listSkills(resolved, resolvedKey, quiet);

    let heartbeatFile: AgentTurn["heartbeatFile"];
    if (facts.sessionKind === "heartbeat") {
      const path = join(workspaceDir, "HEARTBEAT.md");
      const root = await cachedRealPath(workspaceDir);
      if (root !== null) {
        const result = await readBootstrapFileCached(bootstrapCache, reads, {
          filePath: path,
          rootRealPath: root,
          maxChars: HEARTBEAT_MAX_CHARS,
        });
        if (result.kind === "ok") heartbeatFile = { path: show(path), content: result.content };
      }
    }

    const shownWorkspace = show(workspaceDir);
    const shownExecution = executionDir === undefined ? undefined : show(executionDir);
    const compilesBefore = renderer.compiles;
    const configured = buildConfiguredAgentSystemPrompt({
      render: renderer.render,
      config: config.parsed.config,
      agentId,
      facts,
      promptMode,
      resolved,
      contextFiles: bootstrap.contextFiles.map((file) => ({ ...file, path: show(file.path) })),
      bootstrapTruncated: bootstrap.truncated,
      bootstrapPending: bootstrap.bootstrapPending,
      ...(skillList.formatted.text === "" ? {} : { skillsPrompt: skillList.formatted.text }),
      ...(options.provider === undefined ? {} : { provider: options.provider }),
      ...(sectionsFile === undefined ? {} : { sectionsFile }),
      overrides: {
        // The Workspace section names where the session runs: the execution folder when given.
        workspaceDir: shownExecution ?? shownWorkspace,
        ...(options.product === undefined ? {} : { profile: options.product }),
        ...options.overrides,
      },
    });

    const counted = turnOptions.countTokens === true ? await tokenCounter() : undefined;
    const injectedByPath = new Map(bootstrap.files.map((file) => [file.path, file.content]));
    const files = bootstrap.stats.map((stat): AgentBootstrapFile => {
      const rawText = rawByPath.get(stat.path);
      const injectedText = injectedByPath.get(stat.path);
      return {
        name: stat.name,
        path: show(stat.path),
        origin: stat.origin,
        status: stat.status,
        rawChars: stat.rawChars,
        injectedChars: stat.injectedChars,
        limitedBy: stat.limitedBy,
        ...(rawText === undefined ? {} : { rawText }),
        ...(injectedText === undefined ? {} : { injectedText }),
        ...(counted === undefined
          ? {}
          : {
              rawTokens: rawText === undefined ? 0 : counted.countTokens(rawText),
              injectedTokens: injectedText === undefined ? 0 : counted.countTokens(injectedText),
            }),
        ...(stat.reason === undefined ? {} : { reason: stat.reason }),
      };
    });

    const diagnostics: Diagnostic[] = [
      ...config.parsed.diagnostics,
      ...bootstrap.diagnostics.map(showDiagnostic),
      ...skillList.diagnostics,
      ...configured.diagnostics,
    ];
    return {
      agentId,
      facts,
      promptMode,
      prompt: configured.prompt,
      model: renderer.toModelText(configured.prompt, configured.input.profile),
      workspaceDir: shownWorkspace,
      ...(shownExecution === undefined ? {} : { executionDir: shownExecution }),
      bootstrap: { files, truncated: bootstrap.truncated, pending: bootstrap.bootstrapPending },
      skills: {
        all: skillList.all,
        eligible: skillList.eligible,
        included: skillList.formatted.included,
        omitted: skillList.formatted.omitted,
        text: skillList.formatted.text,
        format: skillList.formatted.format,
      },
      ...(heartbeatFile === undefined ? {} : { heartbeatFile }),
      config: configured.resolved,
      input: configured.input,
      diagnostics,
      reads: {
        files: reads.reads,
        skillsScanned,
        configLoaded: configReloaded,
        prefixCompiled: renderer.compiles !== compilesBefore,
      },
    };
  };

  return {
    turn,
    refresh() {
      forceRescan = true;
      bootstrapCache.clear();
      realpathCache.clear();
      variantCache.clear();
      config = { ...config, stamp: undefined };
    },
    async close() {
      closed = true;
      watchers?.close();
      watchers = undefined;
    },
  };
}
