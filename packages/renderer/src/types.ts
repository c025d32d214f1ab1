import type { ProductProfile } from "@promptstack/core";
/**
 * The renderer's whole input contract. Everything the prompt depends on is passed in here:
 * the renderer reads no file, clock, environment or global state.
 *
 * Stable inputs may only shape text above the cache boundary; volatile inputs (`VolatileFacts`)
 * may only shape text below it. Every field is optional unless stated; a missing optional value
 * means "not known / not applicable" and gates its section off.
 */

/** How much of the prompt a run gets. Set by the runtime per run, never by user config. */
export type PromptMode = "full" | "minimal" | "none";

/**
 * How much wording the built-in sections use. `compact` keeps every rule (tool names, commands,
 * tags, tokens, limits) and drops the explanation around it, for small models. Set per agent in
 * config (`systemPrompt.size`); unlike the mode, it never removes a section.
 */
export type PromptSize = "full" | "compact";

/** Which side of the cache boundary a section sits on. */
export type CacheSide = "stable" | "volatile";

/** Stable snake_case identifier of a prompt section. See `SECTION_TABLE`. */
export type SectionId = string;

/** Where the per-turn facts reach the model; see `AgentSystemPromptInput.runtimeFactsLocation`. */
export type RuntimeFactsLocation = "system-prompt" | "user-message";

/**
 * The turn-scoped input a runtime sends with the user's message, built by the assembler
 * (`AgentTurn.turnInput`) and placed by every adapter (provider request builders, the Codex
 * turn), so no caller threads it by hand. Each text is plain; the adapters project or escape it.
 */
export interface TurnInput {
  /** What the user wrote this turn, when the assembler was given it (`turn(facts, { userText })`). */
  readonly userText?: string;
  /**
   * The one-time start-up block (recent daily memory) of a bare `/new` or `/reset`: user message
   * content, ahead of the user's text.
   */
  readonly startup?: string;
  /**
   * The heartbeat message of a heartbeat turn: the configured prompt, then the heartbeat file's
   * content when it exists and is not empty. User message content, after the start-up block.
   */
  readonly heartbeat?: string;
  /**
   * The runtime-context carrier (exec sessions, sub-agents, media tasks, heartbeat results)
   * inside the profile's internal-context delimiters, every fact already escaped. It travels with
   * the per-turn facts.
   */
  readonly carrier?: string;
}

/** What kind of session this run belongs to. */
export type SessionKind = "main" | "direct" | "group" | "subagent" | "cron" | "heartbeat";

export type ChatType = "direct" | "group" | "channel";

export type ThinkingLevel = "off" | "minimal" | "low" | "medium" | "high" | "ultra";

export type ReasoningVisibility = "off" | "on" | "stream";

export type ElevationLevel = "off" | "on" | "ask" | "full";

export type DelegationMode = "suggest" | "prefer";

export type GptPersonality = "friendly" | "off";

export type MemoryCitationMode = "on" | "off" | "auto";

/**
 * One tool the model can call this run: the one tool shape of the whole library (run facts,
 * renderer input, request builders and the Codex adapter all take it). Structured tool schemas
 * stay the source of truth; the prompt lists names and descriptions.
 */
export interface Tool {
  /** Tool name as the model calls it. */
  readonly name: string;
  /** One-line summary; optional. Must not embed volatile facts such as the current channel. */
  readonly description?: string;
  /**
   * The tool's own prompt guidance lines, rendered in the Tooling section after the built-in
   * guidance. Stable: they sit above the cache boundary, so they must not embed per-turn facts.
   */
  readonly guidance?: readonly string[];
  /** JSON Schema of the tool's input object. Default `{ "type": "object" }` in requests. */
  readonly parameters?: Readonly<Record<string, unknown>>;
}

/** One injected workspace file (already budgeted by `@promptstack/bootstrap`). */
export interface ContextFile {
  /** Display path, e.g. `AGENTS.md` or `/work/repo/AGENTS.md`. */
  readonly path: string;
  /** Injected content (may contain a truncation or missing-file marker). */
  readonly content: string;
}

export interface ModelAlias {
  readonly alias: string;
  readonly model: string;
}

export interface SandboxInfo {
  readonly enabled: boolean;
  /** Working directory inside the sandbox, e.g. `/workspace`. */
  readonly containerWorkdir?: string;
  /** Host path mounted at the container workdir. */
  readonly hostWorkdir?: string;
  /** Whether an elevated (host) exec path exists. */
  readonly elevatedExec?: boolean;
}

export interface DocsInfo {
  /** Local docs folder (git checkout `docs/` or bundled package docs). */
  readonly localDocsPath?: string;
  /** Local source root for git checkouts. When absent, the profile's source URL is used. */
  readonly localSourcePath?: string;
}

/** Section replacements, prefix and suffix a provider (plugin) may contribute. */
export interface ProviderContribution {
  /** Replaces one of the three named core sections. Empty string removes the section. */
  readonly sectionOverrides?: {
    readonly interaction_style?: string;
    readonly tool_call_style?: string;
    readonly execution_bias?: string;
  };
  /** Injected above the cache boundary (first stable text after the identity line). */
  readonly stablePrefix?: string;
  /** Injected below the cache boundary, last. */
  readonly dynamicSuffix?: string;
}

/** Channel facts for the current turn. Volatile. */
export interface ChannelFacts {
  /** Channel id, e.g. `telegram`, `discord`, `webchat`. */
  readonly id: string;
  readonly chatType: ChatType;
  /** Human label of the chat (group name). */
  readonly chatLabel?: string;
  /** Channel renders native approval cards/buttons. */
  readonly nativeApprovals?: boolean;
  /** Channel renders `<details>` disclosures. */
  readonly collapsibleDetails?: boolean;
  /** Replies go only through the message tool (no implicit visible reply). */
  readonly messageToolOnly?: boolean;
  /** Operator explicitly allows the agent to stay silent in groups. */
  readonly allowGroupSilence?: boolean;
  /** This run is an automatic channel auto-reply run (vs. an explicit user message). */
  readonly autoReply?: boolean;
  /** Reaction guidance level, when the channel supports reactions. */
  readonly reactions?: "minimal" | "extensive";
  /** Voice notes can be sent on this channel. */
  readonly voice?: boolean;
  /** Free-form channel-specific hint lines for ACP-bound sessions. */
  readonly acpHints?: readonly string[];
  /** The run is embedded in the Control UI. */
  readonly controlUiEmbed?: boolean;
}

export interface RuntimeFacts {
  readonly host?: string;
  /** The configured agent this run belongs to, e.g. `main`. */
  readonly agentId?: string;
  readonly os?: string;
  /** CPU architecture, e.g. `arm64`. */
  readonly arch?: string;
  readonly node?: string;
  /** The shell `exec` runs commands in, e.g. `bash`. */
  readonly shell?: string;
  readonly model?: string;
  /** The agent's default model, when this turn runs on another one. */
  readonly defaultModel?: string;
  readonly repoRoot?: string;
  /** Session identity, e.g. `agent:main:telegram:direct:123`. */
  readonly sessionKey?: string;
  /** Git co-author trailer, only when the shared session has an attributable person. */
  readonly coAuthorTrailer?: string;
}

/** Per-turn facts. Only these may differ between turns without breaking the cache prefix. */
export interface VolatileFacts {
  /**
   * User's local calendar date and time zone, pre-formatted by the caller (renderer has no
   * clock). `time` is accepted but not printed: the exact time comes from `session_status`.
   */
  readonly time?: { readonly date: string; readonly time?: string; readonly timeZone: string };
  readonly channel?: ChannelFacts;
  /** Display of the sender of the current message. */
  readonly sender?: string;
  /** Extra injected context: group chat context, or sub-agent context in minimal mode. */
  readonly groupContext?: string;
  readonly runtime?: RuntimeFacts;
  readonly thinkingLevel?: ThinkingLevel;
  readonly reasoning?: ReasoningVisibility;
  readonly elevation?: ElevationLevel;
  /**
   * Names of the presentation tools callable this turn, deferred and code-mode tools included
   * (they may be missing from `tools`). UI Presentation renders when at least one is named; a
   * caller whose channel cannot show them names none.
   */
  readonly presentationTools?: readonly string[];
  /** Durable project memory facts surfaced for this turn. */
  readonly projectMemoryFacts?: readonly string[];
  /**
   * The change note of a session-pinned prefix: one line per item, telling the model which
   * workspace files, skills or settings changed after the stable prefix above was built.
   */
  readonly workspaceChanges?: readonly string[];
}

/**
 * The stable part of the renderer input: everything except the per-turn `VolatileFacts`. It is
 * what `compileAgentSystemPrompt` takes, and it shapes the text above the cache boundary (a few
 * fields, such as `tools`, `sessionKind` and `provider.dynamicSuffix`, also steer volatile
 * sections). Two turns that share it share a byte-identical prefix.
 */
export interface StableAgentSystemPromptInput {
  /** Default `full`. */
  readonly mode?: PromptMode;
  /** Wording of the built-in sections; default `full`. Stable: it shapes the whole prompt. */
  readonly size?: PromptSize;
  /** Default: the OpenClaw profile. */
  readonly profile?: ProductProfile;
  /** Overrides the base identity line. */
  readonly identityLine?: string;
  /** Session kind; gates silent replies, delegation defaults and labels. */
  readonly sessionKind?: SessionKind;

  // Stable facts.
  readonly tools?: readonly Tool[];
  /** Plan tool guidance enabled (`tools.updatePlan`, default true). Needs the tool too. */
  readonly planTool?: boolean;
  /** Automatic completion wake for exec/process is enabled. */
  readonly automaticCompletionWake?: boolean;
  /** `sessions_spawn` completion mode: announcing sub-agents or explicit collection. */
  readonly subagentCompletionMode?: "announce" | "collect";
  /**
   * Heartbeat runs are enabled for this agent, so the runtime-context carrier may hold
   * `heartbeat_results`; the Runtime Context section says how to read them.
   */
  readonly heartbeats?: boolean;
  readonly delegationMode?: DelegationMode;
  readonly workspaceDir?: string;
  readonly docs?: DocsInfo;
  readonly modelAliases?: readonly ModelAlias[];
  /** Owner display (User identity / authorized senders). */
  readonly ownerDisplay?: string;
  /** TTS hint text. */
  readonly ttsHint?: string;
  /** Static memory recall instructions; rendered when memory tools exist. */
  readonly memoryRecall?: { readonly citations: MemoryCitationMode };
  /** Pre-formatted `<available_skills>` block from `@promptstack/skills`. */
  readonly skillsPrompt?: string;
  /** Injected workspace files, in order. */
  readonly contextFiles?: readonly ContextFile[];
  /** Some bootstrap file was truncated: render the fixed notice. */
  readonly bootstrapTruncated?: boolean;
  /** BOOTSTRAP.md is pending on a brand-new workspace. */
  readonly bootstrapPending?: boolean;
  readonly sandbox?: SandboxInfo;
  /** Provider requires reasoning inside tags (Reasoning Format section). */
  readonly reasoningTagHint?: boolean;
  readonly provider?: ProviderContribution;
  /**
   * Where the model finds its per-turn facts. `system-prompt` (default): below the cache
   * boundary of this prompt. `user-message`: the transport sends them as runtime context at the
   * start of the newest user message (the `turn-context` layout of `@promptstack/providers`), and
   * the Runtime Context section says so. Stable: it shapes text above the boundary.
   */
  readonly runtimeFactsLocation?: RuntimeFactsLocation;

  /**
   * Section registry: disable sections by id, replace a section's text, add custom sections.
   * Resolved once per compile; see `SectionRegistry`.
   */
  readonly sections?: SectionRegistry;

  /**
   * Legacy `before_prompt_build` hook: receives the finished text, returns a new text. Applied
   * last, to every turn's whole text; the boundary marker is re-ensured afterwards. For
   * compatibility only.
   */
  readonly beforePromptBuild?: (text: string) => string;
}

/** The full renderer input: the stable input plus one turn's facts. */
export interface AgentSystemPromptInput extends StableAgentSystemPromptInput {
  /** Per-turn facts, rendered below the boundary only. */
  readonly volatile?: VolatileFacts;
}

/** One rendered section. */
export interface RenderedSection {
  readonly id: SectionId;
  readonly heading: string;
  readonly text: string;
  readonly cache: CacheSide;
}

/** The renderer's output: text plus the structure the text was built from. */
export interface RenderedPrompt {
  readonly text: string;
  readonly sections: readonly RenderedSection[];
  /** Character offset of the cache-boundary marker in `text`; -1 when absent (mode `none`). */
  readonly boundary: number;
}

/** What a custom stable section's `render` receives: stable input only, never per-turn facts. */
export interface StableSectionContext {
  readonly mode: PromptMode;
  readonly profile: ProductProfile;
  /**
   * The renderer's copy of the stable input: every field it knows, absent ones `undefined`;
   * unknown fields and `volatile` are not in it (the key is absent, not merely empty).
   */
  readonly stable: StableAgentSystemPromptInput;
}

/** What a custom volatile section's `render` receives: the stable input plus this turn's facts. */
export interface VolatileSectionContext extends StableSectionContext {
  readonly volatile: VolatileFacts;
}

/** Lines of a custom section: a string (split at newlines), lines, or undefined to skip it. */
export type CustomSectionBody = string | readonly string[] | undefined;

interface CustomSectionBase {
  /** snake_case id, unique among built-in and custom sections. */
  readonly id: SectionId;
  /** Rendered as `## <heading>`. */
  readonly heading: string;
  /** Insert right after this section id (built-in or an earlier custom one on the same side). */
  readonly after?: SectionId;
  /** Insert right before this section id. Give exactly one of `after` and `before`. */
  readonly before?: SectionId;
  /** Modes that render the section; default `full` and `minimal`. */
  readonly modes?: readonly PromptMode[];
  /** Static text; used when `render` is absent. */
  readonly text?: string;
}

/** A custom section above the cache boundary: rendered once per compile. */
export interface CustomStableSection extends CustomSectionBase {
  readonly cache: "stable";
  readonly render?: (context: StableSectionContext) => CustomSectionBody;
}

/** A custom section below the cache boundary: rendered every turn. */
export interface CustomVolatileSection extends CustomSectionBase {
  readonly cache: "volatile";
  readonly render?: (context: VolatileSectionContext) => CustomSectionBody;
}

export type CustomSection = CustomStableSection | CustomVolatileSection;

/** Changes to the section table for one prompt. Unknown ids and clashes throw `RendererError`. */
export interface SectionRegistry {
  /** Section ids never rendered. */
  readonly disable?: readonly SectionId[];
  /**
   * New body text per section id. The section keeps its heading, cache side, modes and gate:
   * it renders the replacement only when it would have rendered. An empty string removes it.
   */
  readonly replace?: Readonly<Record<SectionId, string>>;
  /** Custom sections, inserted in order. */
  readonly add?: readonly CustomSection[];
}
