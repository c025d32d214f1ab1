import type {
  Diagnostic,
  ProductProfile,
  RenderedPrompt,
  RuntimeFactsLocation,
  SectionId,
  Tool,
  TranscriptProjectionVersion,
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

/** One message of a conversation, as the model received it (byte for byte). */
export interface ConversationMessage {
  readonly role: "user" | "assistant";
  /**
   * Text blocks, exactly as sent. A user message has one; an assistant message may have several
   * (each counts as one content block for Anthropic's 20-block lookback).
   */
  readonly blocks: readonly string[];
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
  /** How many messages each earlier request ended with (one entry per user turn). */
  readonly turnEnds: readonly number[];
}

/** Counts tokens of a text. `estimate: true` labels counts that are not the model's tokenizer. */
export interface TokenCounter {
  /** Shown next to counts, e.g. `o200k_base` or `estimate (chars/4)`. */
  readonly name: string;
  readonly estimate: boolean;
  readonly count: (text: string) => number;
}

/** A request body, the conversation it was built from, and the problems found on the way. */
export interface BuiltRequest<Body> {
  readonly body: Body;
  /** The conversation including this request's user message: append the reply to it. */
  readonly conversation: Conversation;
  readonly diagnostics: readonly Diagnostic[];
}
