import type { BootstrapFileOrigin, BootstrapHooks } from "@promptstack/bootstrap";
import type { Diagnostic, ProductProfile, TokenCounter } from "@promptstack/core";
import type {
  PromptstackConfig,
  ResolvedAgentPromptConfig,
  RunFacts,
  RunFactsInput,
} from "@promptstack/config";
import type {
  AgentSystemPromptInput,
  ModelText,
  PromptMode,
  PromptSize,
  ProviderContribution,
  RenderedPrompt,
  RuntimeFactsLocation,
  Tool,
  TurnInput,
} from "@promptstack/renderer";
import type {
  SkillGate,
  SkillListing,
  SkillListingCause,
  SkillListingForm,
  SkillRoot,
  SkillsPromptFormat,
  SkillTier,
} from "@promptstack/skills";

/** The environment skill gates are checked against. */
export interface SkillEnvironment {
  readonly platform: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly hasBin: (name: string) => boolean;
}

/** One real folder and how paths under it are shown (in the prompt, reports and diagnostics). */
export interface DisplayPathMapping {
  /** Absolute folder on disk. */
  readonly real: string;
  /** How that folder is shown, e.g. `/home/agent` or `~/demo`. */
  readonly shown: string;
}

/** Options of `createPromptAssembler`. Everything but `config` has a default. */
export interface PromptAssemblerOptions {
  /**
   * The config: a raw or parsed config object, or the path of a JSON/JSON5 file (re-read when the
   * file's stat changes). Default: built-in defaults.
   */
  readonly config?: PromptstackConfig | string;
  /**
   * Default `main`. When the config lists agents (`agents.entries`), a given id must be one of
   * them (`AGENT_UNKNOWN_ID` otherwise).
   */
  readonly agentId?: string;
  /** The agent workspace (absolute). Default: the resolved config's `workspace`. */
  readonly workspaceDir?: string;
  /** The folder the session runs in, when it differs from the workspace (absolute). */
  readonly executionDir?: string;
  /** Base of relative config paths (`workspace`, `skills.load.extraDirs`). Default: the config file's folder, else the working directory. */
  readonly configDir?: string;
  /** Exactly these skill roots, instead of the standard tiers. */
  readonly skillRoots?: readonly SkillRoot[];
  /** Roots added to the standard tiers (between the config's extra dirs and the workspace). */
  readonly extraSkillRoots?: readonly SkillRoot[];
  /** What skill gates check. Default: this machine (`readProcessSkillEnvironment()`). */
  readonly skillEnvironment?: SkillEnvironment;
  readonly bootstrapHooks?: BootstrapHooks;
  /** Token counter for budgets and counts. Default: o200k_base, loaded on first use. */
  readonly tokenCounter?: TokenCounter;
  /** A provider plugin's contribution, merged after the built-in GPT-5 one. */
  readonly provider?: ProviderContribution;
  /** The product profile; beats the config's `profile`. Default: the config's, else OpenClaw's. */
  readonly product?: ProductProfile;
  /**
   * Where the prompt tells the model its per-turn facts arrive, and so the conversation layout
   * every request builder uses: `user-message` (default; the `turn-context` layout, history
   * cached across turns) or `system-prompt` (the `system-tail` layout).
   */
  readonly factsLocation?: RuntimeFactsLocation;
  /** Explicit renderer input values; they beat config and facts (caller overrides beat config and facts). */
  readonly overrides?: Partial<AgentSystemPromptInput>;
  /** How real folders are shown; the first mapping that contains a path wins. */
  readonly displayPaths?: readonly DisplayPathMapping[];
  /** Home folder, shown as `~` in the skills list. Default: none (paths shown as they are). */
  readonly homeDir?: string;
  /** Default: the session kind's mode (`minimal` for sub-agents, else `full`). */
  readonly promptMode?: PromptMode;
  /**
   * Wording of the built-in sections; beats the config's `systemPrompt.size`. `compact` also
   * halves the bootstrap and skills budgets the config leaves unset. Default: the config's, else
   * `full`.
   */
  readonly promptSize?: PromptSize;
  /**
   * Watch the workspace, skill roots and config file with `fs.watch` and drop cached state on
   * any event. Off by default: without it, changes are still seen (see the README).
   */
  readonly watch?: boolean;
  /**
   * `live` (default): every turn's stable prefix shows the workspace, skills and config as they
   * are now. `session`: the prefix a session started with is kept byte for byte, and what changed
   * since reaches the model as a change note below the cache boundary until a refresh point (a
   * cold cache, `refreshPrefix()`, a compaction, a protected change, or a note over its limit).
   */
  readonly prefixPolicy?: PrefixPolicy;
  /**
   * Seed the missing bootstrap templates (AGENTS.md, SOUL.md, IDENTITY.md, USER.md, and
   * BOOTSTRAP.md into a brand-new workspace) into the configured workspace at the first turn,
   * creating the folder when absent. Never into the execution folder. What was written is
   * reported as an `AGENT_WORKSPACE_SEEDED` info diagnostic on that turn. Default false.
   */
  readonly seedWorkspace?: boolean;
  /** Under `session`: a turn later than this after the last one finds the provider cache cold and refreshes. Default 300000 (5 minutes). */
  readonly prefixTtlMs?: number;
  /** Under `session`: a change note longer than this (characters) refreshes the prefix instead. Default 4000. */
  readonly maxChangeNoteChars?: number;
}

/** How a turn's stable prefix follows workspace, skills and config changes. */
export type PrefixPolicy = "live" | "session";

/** Why a session-pinned prefix was (re)built this turn. */
export type PrefixRefreshReason =
  | "start"
  | "explicit"
  | "compaction"
  | "cold-cache"
  | "protected-config"
  | "skill-removed"
  | "note-limit";

/** One change since the prefix was pinned. */
export interface PrefixChange {
  readonly kind: "file" | "skill" | "config";
  /** Display path of a file, a skill's name, or the changed config keys. */
  readonly name: string;
  readonly change: "added" | "edited" | "removed";
  /** Characters now (0 when removed or for the config). */
  readonly chars: number;
}

/** The turn's prefix state (`turn.prefix`). */
export interface AgentTurnPrefix {
  readonly policy: PrefixPolicy;
  /** Under `session`: the time (ms) of the turn the prefix was pinned at, when known. */
  readonly pinnedAt?: number;
  /** Set when the pinned prefix was (re)built this turn. */
  readonly refreshed?: { readonly reason: PrefixRefreshReason };
  /** Changes since the pin, carried by this turn's change note. */
  readonly pendingChanges: readonly PrefixChange[];
  /** Characters of the change note (0 when none). */
  readonly noteChars: number;
}

/** Per-turn options. */
export interface AgentTurnOptions {
  /** Beats the assembler's `prefixPolicy` for this turn. */
  readonly prefixPolicy?: PrefixPolicy;
  /** The time of this turn (ms since the epoch, or a Date); default: the facts' date and time. */
  readonly now?: number | Date;
  /** The conversation was just compacted: a session-pinned prefix refreshes (the cache is cold anyway). */
  readonly compacted?: boolean;
  /** Beats the assembler's `promptMode` for this turn. */
  readonly promptMode?: PromptMode;
  /** Count tokens of every bootstrap file (raw and injected). Default false. */
  readonly countTokens?: boolean;
  /**
   * What the user wrote this turn. Recorded in `turn.turnInput.userText` (the request builders
   * and `buildCodexTurn` send it when not given one); a bare `/new` or `/reset` also gets the
   * one-time start-up block of recent daily memory.
   */
  readonly userText?: string;
}

/** One bootstrap file of the turn: accounting, texts and (when asked) tokens. */
export interface AgentBootstrapFile {
  readonly name: string;
  /** Display path. */
  readonly path: string;
  readonly origin: BootstrapFileOrigin;
  readonly status: "ok" | "truncated" | "missing" | "skipped";
  readonly rawChars: number;
  readonly injectedChars: number;
  readonly limitedBy: "per-file" | "total" | null;
  /** The whole file as read (normalized); absent when missing, skipped or too large to read whole. */
  readonly rawText?: string;
  /** The injected text (truncation or missing-file marker included), when injected. */
  readonly injectedText?: string;
  /** With `countTokens`. */
  readonly rawTokens?: number;
  readonly injectedTokens?: number;
  readonly reason?: string;
}

/** One discovered skill and what became of it. */
export interface AgentSkill {
  readonly name: string;
  readonly tier: SkillTier;
  /** Display path of SKILL.md. */
  readonly path: string;
  /** `omitted`: eligible but not listed (by the budget, `maxSkills`, or `listing: manual`). */
  readonly status: "included" | "omitted" | "excluded";
  /** The gate that excluded the skill. */
  readonly gate?: SkillGate;
  /** Why an excluded skill was excluded, or why a `manual` skill is not listed. */
  readonly reason?: string;
  /** How the skill is listed: `skills.entries.<key>.listing`, default `normal`. */
  readonly listing: SkillListing;
  /** `skills.entries.<key>.priority`, default 0. */
  readonly priority: number;
  /** What the list shows of an eligible skill: its entry's form, `omitted`, or `manual`. */
  readonly form?: SkillListingForm;
  /** Why an eligible skill is not shown in full: the budget, `maxSkills`, or its listing. */
  readonly formCause?: SkillListingCause;
  /** The skill's `<skill>` entry as listed (included skills only). */
  readonly entryText?: string;
}

/** What one turn re-read from disk (the rest came from the assembler's caches). */
export interface AgentTurnReads {
  /** Bootstrap (and heartbeat) files read this turn. */
  readonly files: number;
  /** The skill roots were walked again this turn. */
  readonly skillsScanned: boolean;
  /** The config file was read again this turn. */
  readonly configLoaded: boolean;
  /**
   * The stable prefix was rendered again this turn (its input changed: config, workspace files,
   * skills, tools, model, ...). When false, only the per-turn sections were rendered.
   */
  readonly prefixCompiled: boolean;
}

/** A folder of the turn: its absolute path and how it is shown (prompt, reports, diagnostics). */
export interface AgentFolder {
  /** Absolute path on disk. */
  readonly dir: string;
  /** Display path (see `displayPaths`). */
  readonly shown: string;
}

/**
 * Everything one turn produced; nothing downstream re-reads a file or re-parses the text. Every
 * adapter takes it whole (`build<Provider>Request(turn, ...)`, `buildCodexTurn(turn, ...)`):
 * the prompt, the profile, where the facts travel, the tools and the model come from here.
 */
export interface AgentTurn {
  readonly agentId: string;
  readonly facts: RunFacts;
  readonly promptMode: PromptMode;
  /** The product profile the prompt was rendered with (delimiters, marker word). */
  readonly profile: ProductProfile;
  /** Where the prompt told the model its per-turn facts arrive. */
  readonly factsLocation: RuntimeFactsLocation;
  /** The turn's tools (the facts' tools, in the one tool shape). */
  readonly tools: readonly Tool[];
  /** The model the prompt was rendered for (`facts.model.id`). */
  readonly modelId: string;
  /** The rendered prompt (text with markers, sections, boundary offset). */
  readonly prompt: RenderedPrompt;
  /** The marker-free text a provider receives. */
  readonly model: ModelText;
  /** The configured agent workspace. */
  readonly workspace: AgentFolder;
  /** The folder the session runs in, when it differs from the workspace. */
  readonly execution?: AgentFolder;
  readonly bootstrap: {
    readonly files: readonly AgentBootstrapFile[];
    readonly truncated: boolean;
    readonly pending: boolean;
  };
  readonly skills: {
    /** Every discovered skill, sorted by name. */
    readonly all: readonly AgentSkill[];
    readonly eligible: number;
    readonly included: readonly string[];
    readonly omitted: readonly string[];
    /** The formatted `<available_skills>` block ("" when none is listed). */
    readonly text: string;
    /** The formatting ladder step that fit the budget. */
    readonly format: SkillsPromptFormat;
  };
  /** The configured heartbeat file (`heartbeat.file`) on heartbeat turns, when it could be read. */
  readonly heartbeatFile?: { readonly path: string; readonly content: string };
  /**
   * The turn-scoped input sent with the user's message: the heartbeat message, the start-up
   * block, the runtime-context carrier and the user's text. Every adapter places it; see
   * `TurnInput`.
   */
  readonly turnInput: TurnInput;
  readonly config: ResolvedAgentPromptConfig;
  /** The renderer input the prompt was built from. */
  readonly input: AgentSystemPromptInput;
  readonly diagnostics: readonly Diagnostic[];
  readonly reads: AgentTurnReads;
  /** The prefix policy's state: the pin, a refresh and its reason, pending changes. */
  readonly prefix: AgentTurnPrefix;
}

/** The long-lived object an agent runtime keeps for one agent. */
export interface PromptAssembler {
  /**
   * Assembles one turn; re-reads only what changed on disk since the last turn. Takes the run
   * facts as the runtime has them (a parsed JSON document or `parseRunFacts` output): they are
   * validated here, and invalid facts throw `ConfigError` `CONFIG_INVALID_FACTS` naming each path.
   */
  turn(facts: RunFacts | RunFactsInput, options?: AgentTurnOptions): Promise<AgentTurn>;
  /** Forgets every cache: the next turn re-reads config, files and skill roots. */
  refresh(): void;
  /** Under `session`: the next turn replaces the pinned prefix with the current one (`explicit`). */
  refreshPrefix(): void;
  /** Releases watchers. Later turns throw `AGENT_CLOSED`. */
  close(): Promise<void>;
}
