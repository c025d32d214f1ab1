import type { Diagnostic, ProductProfile, TokenCounter } from "@promptstack/core";
import type {
  RenderedPrompt,
  RuntimeFactsLocation,
  SectionId,
  Tool,
  TranscriptProjectionVersion,
  TurnInput,
} from "@promptstack/renderer";

/**
 * How a conversation carries the per-turn facts; it follows from the turn's `factsLocation`.
 * - `system-tail` (`factsLocation: "system-prompt"`): at the end of the system text (how
 *   OpenClaw sends it); the history after it is re-billed every turn.
 * - `turn-context` (`factsLocation: "user-message"`, the assembler's default): the system text
 *   is the stable prefix only; the facts travel as a runtime-context block at the start of the
 *   newest user message.
 */
export type ConversationLayout = "system-tail" | "turn-context";

/**
 * The assembled turn, as every request builder takes it. `@promptstack/agent`'s `AgentTurn`
 * satisfies it: the builders read the prompt, the product profile (delimiters and marker word),
 * where the per-turn facts travel, the tools and the model from the one object, so none of them
 * can be passed inconsistently.
 */
export interface PromptTurn {
  readonly prompt: PromptSource;
  readonly profile: ProductProfile;
  /** Where the prompt told the model its per-turn facts arrive; decides the layout. */
  readonly factsLocation: RuntimeFactsLocation;
  /** The tools of the turn; serialized sorted by name with canonical JSON schemas. */
  readonly tools: readonly Tool[];
  /** The model the prompt was rendered for; the request's default model. */
  readonly modelId: string;
  /** The agent, for the derived `prompt_cache_key`. Default `main`. */
  readonly agentId?: string;
  /**
   * The turn's own input (the assembler's `turnInput`): the start-up block and the heartbeat
   * message lead the newest user message, ahead of the user's text; the runtime-context carrier
   * travels with the per-turn facts (after them in the newest user message in `turn-context`, at
   * the end of the system text in `system-tail`). `userText` is sent when the request is not
   * given one.
   */
  readonly turnInput?: TurnInput;
}

/**
 * The prompt a turn hands to the builders: the renderer's `RenderedPrompt` (or anything with its
 * `text`, `sections` and `boundary`, such as an assembled agent turn's `prompt`). Markers are
 * removed here; no marker ever reaches a payload.
 */
export type PromptSource = Pick<RenderedPrompt, "text" | "sections" | "boundary">;

/** The marker-free parts of one prompt. `rules + workspace === stable`. */
export interface PromptParts {
  /** Stable text above the workspace boundary (fixed rules); all of `stable` without one. */
  readonly rules: string;
  /** Stable text from the workspace boundary on (workspace files, skills); "" without one. */
  readonly workspace: string;
  /** The whole stable prefix: never changes between turns that differ only in per-turn facts. */
  readonly stable: string;
  /** The per-turn facts (the text below the cache boundary); "" when there are none. */
  readonly volatile: string;
}

/** A JSON value, as request bodies carry it. */
export type JsonValue =
  null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A JSON Schema for a tool's input: always an object schema. */
export interface ToolInputSchema {
  readonly type: "object";
  readonly [key: string]: JsonValue;
}

/** Where the bytes of an image or a document are: inline (base64) or at a URL. */
export type MediaSource =
  | { readonly kind: "base64"; readonly data: string }
  | { readonly kind: "url"; readonly url: string };

/** A text block. */
export interface TextContent {
  readonly type: "text";
  readonly text: string;
}

/** A tool call the model made: its id, the tool's name and the JSON input. */
export interface ToolCallContent {
  readonly type: "tool-call";
  readonly id: string;
  readonly name: string;
  readonly input: { readonly [key: string]: JsonValue };
}

/**
 * The result of one tool call: text and/or structured JSON, and whether the tool failed. `name`
 * is the called tool's (filled in by `appendToolResults` from the call).
 */
export interface ToolResultContent {
  readonly type: "tool-result";
  readonly id: string;
  readonly name: string;
  readonly text?: string;
  readonly json?: JsonValue;
  readonly isError?: boolean;
}

/** An image: `image/png`, `image/jpeg`, `image/gif` or `image/webp`. */
export interface ImageContent {
  readonly type: "image";
  readonly mediaType: "image/png" | "image/jpeg" | "image/gif" | "image/webp";
  readonly source: MediaSource;
}

/** A document (PDF). */
export interface DocumentContent {
  readonly type: "document";
  readonly mediaType: "application/pdf";
  readonly source: MediaSource;
  readonly title?: string;
}

/**
 * A reasoning item exactly as the provider returned it, replayed byte for byte and never read:
 * an Anthropic `thinking` (with `signature`) or `redacted_thinking` block, or an OpenAI Responses
 * `reasoning` item (with `encrypted_content`). Sent only to the provider that produced it.
 */
export interface ReasoningContent {
  readonly type: "reasoning";
  readonly provider: "anthropic" | "openai";
  readonly item: { readonly [key: string]: JsonValue };
}

/** One content block of a message, in the provider-neutral shape every builder maps. */
export type MessageContent =
  | TextContent
  | ToolCallContent
  | ToolResultContent
  | ImageContent
  | DocumentContent
  | ReasoningContent;

/**
 * One message of a conversation, as the model received it (byte for byte). Each content block
 * counts as one block for Anthropic's 20-block lookback. Tool results travel in a user message.
 */
export interface ConversationMessage {
  readonly role: "user" | "assistant";
  readonly content: readonly MessageContent[];
}

/**
 * An append-only conversation: the parts of the newest turn's prompt, and every message exactly
 * as it was sent. Earlier user messages keep the runtime-context block they were sent with.
 * Create with `createConversation`; every request builder returns it grown by the turn's user
 * message; add the reply with `appendAssistantReply`.
 */
export interface Conversation {
  /** The newest turn's layout (from its `factsLocation`). */
  readonly layout: ConversationLayout;
  /** The newest turn's product profile; the reference profile before the first turn. */
  readonly profile: ProductProfile;
  readonly projectionVersion: TranscriptProjectionVersion;
  /** Section ids that open the workspace part of the stable text; empty: no second boundary. */
  readonly workspaceBoundary: readonly SectionId[];
  /** The prompt parts of the newest user turn; undefined before the first one. */
  readonly prompt: PromptParts | undefined;
  readonly messages: readonly ConversationMessage[];
  /** How many messages each request sent ended with (one entry per request, tool steps too). */
  readonly turnEnds: readonly number[];
  /**
   * The `prompt_cache_key` of the lineage: set by the first OpenAI request, kept by forks and
   * compactions, so a sub-agent reads its parent's cache. Undefined until then.
   */
  readonly promptCacheKey?: string;
  /**
   * What the last request computed from its tools and stable prefix, kept so the next request
   * with equal tools and the same prefix does no work proportional to them.
   * Carried, never read by callers.
   */
  readonly requestMemo?: RequestMemo;
}

/** See `Conversation.requestMemo`. */
export interface RequestMemo {
  readonly tools: readonly Tool[];
  readonly volatileValues: readonly string[] | undefined;
  readonly canonical: {
    readonly tools: readonly CanonicalToolShape[];
    readonly diagnostics: readonly Diagnostic[];
  };
  /** Each canonical tool's segment text (its canonical JSON). */
  readonly toolTexts: readonly string[];
  /** The stable prefix's token count, for the counter and stable text it was counted with. */
  readonly prefix?: {
    readonly counter: TokenCounter;
    readonly stable: string;
    readonly tokens: number;
  };
  /**
   * The turn input whose message this conversation already holds: a later request with the same
   * turn (a tool step) and no `userText` does not append it again.
   */
  readonly sentInput?: TurnInput;
}

/** A canonical tool (see `CanonicalTool`). */
export interface CanonicalToolShape {
  readonly name: string;
  readonly description: string | undefined;
  readonly inputSchema: ToolInputSchema;
}

/** A request body, the conversation it was built from, and the problems found on the way. */
export interface BuiltRequest<Body> {
  readonly body: Body;
  /** The conversation including this request's user message: append the reply to it. */
  readonly conversation: Conversation;
  readonly diagnostics: readonly Diagnostic[];
}
