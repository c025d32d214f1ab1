import type { Diagnostic, TokenCounter } from "@promptstack/core";
import type { TurnInput } from "@promptstack/renderer";
import { appendUserTurn, toConversationLayout } from "./append-user-turn.js";
import { throwInvalidArgument } from "./assert-argument.js";
import { createConversation } from "./create-conversation.js";
import { ESTIMATE_TOKEN_COUNTER } from "./create-token-counter.js";
import { formatToolSegmentText, planCacheSegments } from "./plan-cache-segments.js";
import type { CachePlan } from "./plan-cache-segments.js";
import { ProvidersError } from "./providers-error.js";
import { resolveCacheRules } from "./resolve-cache-rules.js";
import type { CacheProvider } from "./resolve-cache-rules.js";
import { toCanonicalTools } from "./to-canonical-tools.js";
import type { CanonicalTool } from "./to-canonical-tools.js";
import type { Conversation, ConversationLayout, PromptTurn, RequestMemo } from "./types.js";

/** Options every request builder takes; the prompt, profile, tools and model come from the turn. */
export interface BuildRequestOptions {
  /** The conversation so far (as the previous request returned it). Default: a new one. */
  readonly conversation?: Conversation;
  /**
   * What the user wrote this turn: appended as the newest message (after the per-turn facts, the
   * runtime-context carrier, the start-up block and the heartbeat message of `turn.turnInput`).
   * Default: `turn.turnInput.userText`; a heartbeat or start-up turn without either still gets
   * a message. Otherwise, or when the conversation already holds this turn's message (a tool
   * step), the conversation is sent as it is, and must end with a user message.
   */
  readonly userText?: string;
  /** Model id of the request. Default: the turn's model (`turn.modelId`). */
  readonly model?: string;
  /**
   * Forces a layout. Default: the turn's (`factsLocation`). One that contradicts the turn is
   * honoured and reported (`PROVIDERS_LAYOUT_CONTRADICTS_TURN`): the prompt then tells the model
   * its facts arrive where they do not.
   */
  readonly layout?: ConversationLayout;
  /** Per-turn values a tool description must not contain (dates and times are always checked). */
  readonly volatileValues?: readonly string[];
  /** Counts tokens for the minimum-length check. Default: a labelled chars/4 estimate. */
  readonly countTokens?: TokenCounter;
}

/** A planned request with its conversation, canonical tools, model and diagnostics. */
export interface PreparedRequest {
  readonly conversation: Conversation;
  readonly model: string;
  readonly plan: CachePlan;
  readonly tools: readonly CanonicalTool[];
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Grows the conversation by the turn's user message, canonicalizes the turn's tools, plans
 * segments and breakpoints, and warns when the stable prefix (tools + stable system text) is
 * below the provider's minimum cacheable length for the model.
 */
export function prepareRequest(
  turn: PromptTurn,
  options: BuildRequestOptions,
  breakpoints: "explicit" | "none",
  provider: CacheProvider | undefined,
): PreparedRequest {
  assertPromptTurn(turn);
  const diagnostics: Diagnostic[] = [];
  const layout = resolveLayout(turn, options.layout, diagnostics);
  let conversation = options.conversation ?? createConversation();
  const userText = resolveUserText(turn, options.userText, conversation.requestMemo?.sentInput);
  if (userText !== undefined) {
    const appended = appendUserTurn(conversation, turn, userText, layout);
    conversation = appended.conversation;
    diagnostics.push(...appended.diagnostics);
  } else if (conversation.messages.at(-1)?.role !== "user") {
    throw new ProvidersError(
      "PROVIDERS_NO_USER_TURN",
      "the request has no user message to answer.",
      {
        path: "userText",
        hint: "Pass userText (what the user wrote this turn).",
      },
    );
  }
  const model = options.model ?? turn.modelId;
  let memo = resolveToolsMemo(conversation.requestMemo, turn, options.volatileValues);
  if (userText !== undefined && turn.turnInput !== undefined) {
    memo = { ...memo, sentInput: turn.turnInput };
  }
  const canonical = memo.canonical;
  const plan = planCacheSegments(conversation, {
    tools: canonical.tools,
    toolTexts: memo.toolTexts,
    breakpoints,
  });
  diagnostics.push(...canonical.diagnostics, ...plan.diagnostics);
  if (provider !== undefined) {
    const { rules, diagnostics: ruleDiagnostics } = resolveCacheRules(provider, model);
    diagnostics.push(...ruleDiagnostics);
    const counter = options.countTokens ?? ESTIMATE_TOKEN_COUNTER;
    const stable = plan.parts.stable;
    let tokens =
      memo.prefix?.counter === counter && memo.prefix.stable === stable ? memo.prefix.tokens : -1;
    if (tokens === -1) {
      tokens = 0;
      for (const segment of plan.segments) {
        if (segment.ref.area === "messages") break;
        if (segment.ref.area === "system" && segment.ref.part === "volatile") break;
        tokens += counter.countTokens(segment.text);
      }
      memo = { ...memo, prefix: { counter, stable, tokens } };
    }
    if (tokens < rules.minimumPrefixTokens) {
      diagnostics.push({
        code: "PROVIDERS_PREFIX_BELOW_MINIMUM",
        severity: "warning",
        message: `the stable prefix (tools + system text) is about ${tokens} tokens (${counter.name ?? "unnamed"}); ${provider} caches nothing shorter than ${rules.minimumPrefixTokens} tokens for ${model}`,
        hint: "Expect no cache hits until the history makes the prompt long enough; the prefix itself is never cached.",
      });
    }
  }
  conversation = Object.freeze({
    ...recordRequestEnd(conversation),
    requestMemo: Object.freeze(memo),
  });
  return { conversation, model, plan, tools: canonical.tools, diagnostics };
}

/**
 * The canonical tools of the turn: the conversation's memo when the turn hands the same tool
 * (equal by value; the same volatile values), else canonicalized now. The comparison allocates
 * nothing and stops at the first difference; canonicalizing sorts and copies every schema. The prefix count is kept only
 * with the tools it was counted with.
 */
function resolveToolsMemo(
  memo: RequestMemo | undefined,
  turn: PromptTurn,
  volatileValues: readonly string[] | undefined,
): RequestMemo {
  if (
    memo !== undefined &&
    memo.volatileValues === volatileValues &&
    sameValue(memo.tools, turn.tools)
  ) {
    return memo;
  }
  const canonical = toCanonicalTools(
    turn.tools,
    volatileValues === undefined ? {} : { volatileValues },
  );
  return {
    tools: turn.tools,
    volatileValues,
    canonical,
    toolTexts: canonical.tools.map(formatToolSegmentText),
  };
}

/**
 * The user's text of the new message: the option, else the turn's. A heartbeat or start-up turn
 * without one still gets a message (its turn input is the message). A turn whose message the
 * conversation already holds (a tool step of the same turn) gets none.
 */
function resolveUserText(
  turn: PromptTurn,
  given: string | undefined,
  sent: TurnInput | undefined,
): string | undefined {
  if (given !== undefined) return given;
  const input = turn.turnInput;
  if (input === undefined || input === sent) return undefined;
  if (input.userText !== undefined) return input.userText;
  return input.heartbeat !== undefined || input.startup !== undefined ? "" : undefined;
}

function resolveLayout(
  turn: PromptTurn,
  forced: ConversationLayout | undefined,
  diagnostics: Diagnostic[],
): ConversationLayout {
  const own = toConversationLayout(turn);
  if (forced === undefined || forced === own) return own;
  diagnostics.push({
    code: "PROVIDERS_LAYOUT_CONTRADICTS_TURN",
    severity: "warning",
    message: `the request uses the ${forced} layout, but the turn's prompt says the per-turn facts arrive in the ${turn.factsLocation === "user-message" ? "newest user message" : "system prompt"}`,
    path: "layout",
    hint: `Leave layout out, or create the assembler with factsLocation: "${forced === "turn-context" ? "user-message" : "system-prompt"}".`,
  });
  return forced;
}

/** A request needs a whole turn; a bare rendered prompt (the old signature) is named as such. */
function assertPromptTurn(turn: PromptTurn): void {
  const value: unknown = turn;
  const record =
    typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  const complete =
    typeof record["prompt"] === "object" &&
    record["prompt"] !== null &&
    typeof record["profile"] === "object" &&
    record["profile"] !== null &&
    (record["factsLocation"] === "user-message" || record["factsLocation"] === "system-prompt") &&
    Array.isArray(record["tools"]) &&
    typeof record["modelId"] === "string";
  if (!complete) {
    throwInvalidArgument(
      "build request",
      "turn",
      "an assembled turn (`await assembler.turn(facts)`) or a PromptTurn `{ prompt, profile, factsLocation, tools, modelId }`",
      value,
    );
  }
}

/** The conversation with this request's end recorded: the next request plans from it. */
export function recordRequestEnd(conversation: Conversation): Conversation {
  return Object.freeze({
    ...conversation,
    turnEnds: Object.freeze([...conversation.turnEnds, conversation.messages.length]),
  });
}

/** Equal JSON-like values, compared without allocating (assemblers hand new tool objects). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) {
      if (!sameValue(a[index], b[index])) return false;
    }
    return true;
  }
  if (Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let count = 0;
  for (const key in left) {
    count++;
    if (!Object.hasOwn(right, key) || !sameValue(left[key], right[key])) return false;
  }
  return Object.keys(right).length === count;
}
