import type {
  Diagnostic,
  ProductProfile,
  RenderedPrompt,
  SectionId,
  TranscriptProjectionVersion,
} from "@promptstack/renderer";

/**
 * How a conversation carries the per-turn facts.
 * - `system-tail`: at the end of the system text (how OpenClaw sends it); the history after it
 *   is re-billed every turn.
 * - `turn-context` (default): the system text is the stable prefix only; the facts travel as a
 *   runtime-context block at the start of the newest user message.
 */
export type ConversationLayout = "system-tail" | "turn-context";

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

/** One tool the model can call: name, description and a JSON Schema for its input. */
export interface ToolSpec {
  readonly name: string;
  readonly description?: string;
  /** JSON Schema of the input object. Default `{ "type": "object" }`. */
  readonly inputSchema?: Readonly<Record<string, unknown>>;
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
 * An append-only conversation: its layout, the parts of the newest turn's prompt, and every
 * message exactly as it was sent. Earlier user messages keep the runtime-context block they were
 * sent with. Create with `createConversation`, grow with `appendUserTurn`/`appendAssistantReply`.
 */
export interface Conversation {
  readonly layout: ConversationLayout;
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

/** A request body and the content problems found while building it. */
export interface BuiltRequest<Body> {
  readonly body: Body;
  readonly diagnostics: readonly Diagnostic[];
}
