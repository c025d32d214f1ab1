import type {
  ChatType,
  ElevationLevel,
  ReasoningVisibility,
  RuntimeContextSnapshot,
  SessionKind,
  ThinkingLevel,
  Tool,
} from "@promptstack/renderer";

/** What the current channel's renderer can do. Every flag defaults to false. */
export interface RunFactsChannelCapabilities {
  readonly nativeApprovals: boolean;
  readonly collapsibleDetails: boolean;
  readonly messageToolOnly: boolean;
  readonly reactions: "none" | "minimal" | "extensive";
  readonly voice: boolean;
  readonly presentation: boolean;
  readonly controlUiEmbed: boolean;
}

export interface RunFactsChannel {
  readonly id: string;
  readonly chatType: ChatType;
  readonly chatLabel?: string;
  readonly capabilities: RunFactsChannelCapabilities;
  readonly acpHints?: readonly string[];
}

export interface RunFactsRuntime {
  readonly host: string;
  readonly os: string;
  readonly arch?: string;
  readonly node: string;
  readonly shell?: string;
  /** The agent's default model, when this run uses another one. */
  readonly defaultModel?: string;
  readonly repoRoot?: string;
  readonly sessionKey?: string;
  readonly coAuthorTrailer?: string;
}

export interface RunFactsSandbox {
  readonly enabled: boolean;
  readonly containerWorkdir?: string;
  readonly hostWorkdir?: string;
  readonly elevatedExec?: boolean;
}

/** The runtime-context carrier's facts of one turn (`runtimeContext`). */
export interface RunFactsRuntimeContext extends RuntimeContextSnapshot {
  /** Who asked for this turn; only their media tasks are listed. Default: `sessionOwner`. */
  readonly requester?: string;
  /** The session owner: owns recovered media tasks that lack a requester. */
  readonly sessionOwner?: string;
}

/** The live facts of one run: everything the prompt needs that config and files do not hold. */
export interface RunFacts {
  readonly sessionKind: SessionKind;
  readonly tools: readonly Tool[];
  readonly channel: RunFactsChannel;
  readonly sender?: string;
  readonly model: { readonly id: string; readonly provider: string };
  readonly time: { readonly date: string; readonly time?: string; readonly timeZone: string };
  readonly runtime: RunFactsRuntime;
  readonly sandbox?: RunFactsSandbox;
  readonly thinkingLevel?: ThinkingLevel;
  readonly reasoning?: ReasoningVisibility;
  readonly elevation?: ElevationLevel;
  readonly groupContext?: string;
  readonly autoReply?: boolean;
  readonly allowGroupSilence?: boolean;
  readonly automaticCompletionWake?: boolean;
  readonly subagentCompletionMode?: "announce" | "collect";
  readonly reasoningTagHint?: boolean;
  readonly docs?: { readonly localDocsPath?: string; readonly localSourcePath?: string };
  /** A cron turn with light context: the scheduled prompt is the exact input (cron only). */
  readonly lightContext?: boolean;
  /** Presentation tools callable this turn, deferred and code-mode ones included. */
  readonly presentationTools?: readonly string[];
  readonly projectMemoryFacts?: readonly string[];
  /**
   * Exec sessions, sub-agent results, media tasks and heartbeat results: the turn's
   * runtime-context carrier.
   */
  readonly runtimeContext?: RunFactsRuntimeContext;
}

/** What a caller writes for `channel.capabilities`: every flag optional (false, reactions `none`). */
export type RunFactsChannelCapabilitiesInput = Partial<RunFactsChannelCapabilities>;

/** What a caller writes for `channel`: `capabilities` may be left out or partial. */
export interface RunFactsChannelInput extends Omit<RunFactsChannel, "capabilities"> {
  readonly capabilities?: RunFactsChannelCapabilitiesInput;
}

/**
 * Run facts as a caller writes them, before `parseRunFacts` fills the defaults: `tools` may be
 * left out (none), channel capabilities may be left out or partial, and `$schema` (an editor
 * hint) is allowed. `parseRunFacts` still takes `unknown` and checks everything at run time.
 */
export interface RunFactsInput extends Omit<RunFacts, "tools" | "channel"> {
  /** JSON Schema reference for editors; ignored. */
  readonly $schema?: string;
  readonly tools?: readonly Tool[];
  readonly channel: RunFactsChannelInput;
}
