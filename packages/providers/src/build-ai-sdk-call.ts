import { prepareRequest } from "./prepare-request.js";
import type { BuildRequestOptions } from "./prepare-request.js";
import type { CacheProvider } from "./resolve-cache-rules.js";
import type { BuiltRequest, JsonValue, PromptTurn } from "./types.js";

/** `providerOptions` as the AI SDK types it: provider name → options. */
export type AiSdkProviderOptions = Record<string, Record<string, JsonValue>>;

/** A system message of the AI SDK. */
export interface AiSdkSystemMessage {
  role: "system";
  content: string;
  providerOptions?: AiSdkProviderOptions;
}

/** A user or assistant message with text parts. */
export interface AiSdkTextMessage {
  role: "user" | "assistant";
  content: { type: "text"; text: string; providerOptions?: AiSdkProviderOptions }[];
}

/** The `system` and `messages` arguments of `generateText` / `streamText` (AI SDK 6). */
export interface AiSdkCall {
  system: AiSdkSystemMessage[];
  messages: AiSdkTextMessage[];
}

/** Options of `buildAiSdkCall`. */
export interface BuildAiSdkCallOptions extends BuildRequestOptions {
  /**
   * Which provider's cache rules to check and mark. `anthropic` (default) adds
   * `providerOptions.anthropic.cacheControl` at the breakpoints; `openai` caches automatically.
   */
  readonly provider?: CacheProvider;
}

/**
 * Builds the `system` and `messages` for the Vercel AI SDK. With Anthropic, the breakpoints of
 * `buildAnthropicRequest` become `providerOptions.anthropic.cacheControl` on the system message
 * that ends the stable text and on the newest message's text part. The turn's tools are not
 * part of the call: the AI SDK takes a `ToolSet` that holds their executors; build it from
 * `turn.tools`, sorted by name.
 */
export function buildAiSdkCall(
  turn: PromptTurn,
  options: BuildAiSdkCallOptions,
): BuiltRequest<AiSdkCall> {
  const provider = options.provider ?? "anthropic";
  // The AI SDK takes tools with their implementations, apart from the messages.
  const { conversation, plan, diagnostics } = prepareRequest(
    { ...turn, tools: [] },
    options,
    provider === "anthropic" ? "explicit" : "none",
    provider,
  );
  const cache: AiSdkProviderOptions = {
    anthropic: { cacheControl: { type: "ephemeral" } },
  };
  const body: AiSdkCall = {
    system: [],
    messages: conversation.messages.map((message) => ({ role: message.role, content: [] })),
  };
  for (const segment of plan.segments) {
    const { ref } = segment;
    const marked = segment.breakpoint ? { providerOptions: cache } : {};
    if (ref.area === "system") {
      body.system.push({ role: "system", content: plan.parts[ref.part], ...marked });
    } else if (ref.area === "messages") {
      const text = conversation.messages[ref.message]!.blocks[ref.block]!;
      body.messages[ref.message]!.content.push({ type: "text", text, ...marked });
    }
  }
  return { body, conversation, diagnostics };
}
