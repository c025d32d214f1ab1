import type { SectionId } from "@promptstack/renderer";
import type { Diagnostic, TokenCounter } from "@promptstack/core";
import { appendAssistantReply } from "./append-assistant-reply.js";
import { appendAssistantMessage, appendToolResults } from "./append-conversation-message.js";
import type { ToolResultInput } from "./append-conversation-message.js";
import { toConversationLayout } from "./append-user-turn.js";
import { formatAnthropicBody } from "./build-anthropic-request.js";
import { formatOpenAIResponsesBody } from "./build-openai-responses-request.js";
import { compactConversation } from "./compact-conversation.js";
import { createConversation } from "./create-conversation.js";
import { ESTIMATE_TOKEN_COUNTER } from "./create-token-counter.js";
import { hashText } from "./hash-text.js";
import type { CacheSegment } from "./plan-cache-segments.js";
import { prepareRequest } from "./prepare-request.js";
import type { PreparedRequest } from "./prepare-request.js";
import { resolveCacheRules } from "./resolve-cache-rules.js";
import type { CacheProvider, CacheRules } from "./resolve-cache-rules.js";
import type { ConversationLayout, MessageContent, PromptTurn } from "./types.js";

/** One tool round of a simulated turn: the assistant's message with its calls, then the results. */
export interface SimulatedToolRound {
  readonly assistant: readonly MessageContent[];
  readonly results: readonly ToolResultInput[];
}

/** One simulated turn's input: the assembled turn, the user's message and the assistant's reply. */
export interface SimulatedTurnInput {
  readonly turn: PromptTurn;
  readonly user: string;
  readonly assistant: string | readonly string[];
  /** Tool rounds after the user's message: each adds one request (a tool step). */
  readonly toolRounds?: readonly SimulatedToolRound[];
  /**
   * Compact before this turn: one request asks for the summary (`instruction` as its user text,
   * a prefix extension of the last request), then `summary` replaces the history.
   */
  readonly compactBefore?: { readonly instruction: string; readonly summary: string };
}

/** Options of `simulateConversationCache`. */
export interface SimulateConversationCacheOptions {
  readonly provider: CacheProvider;
  readonly model: string;
  /** The turns in order; each request carries its own turn's prompt, tools and layout. */
  readonly turns: readonly SimulatedTurnInput[];
  /** Default: a labelled chars/4 estimate. Counts for Claude models are always labelled estimates. */
  readonly countTokens?: TokenCounter;
  /** The optional second boundary (see `createConversation`). */
  readonly workspaceBoundary?: readonly SectionId[];
  /** Return each request's body as the builder sends it (`requests[].body`). Default false. */
  readonly includeBodies?: boolean;
}

/** Input tokens of one request, split by how they are billed. */
export interface CacheTokenCounts {
  readonly inputTokens: number;
  /** Read from cache (billed at about 0.1×). */
  readonly cachedTokens: number;
  /** Written to cache this request (Anthropic 1.25× for 5 minutes; OpenAI from GPT-5.6). */
  readonly cacheWriteTokens: number;
  /** Neither read nor written: full price. */
  readonly uncachedTokens: number;
}

/** One turn of the simulation: every request of the turn added up. */
export interface SimulatedTurn extends CacheTokenCounts {
  readonly turn: number;
}

/** One simulated request: its turn, its step (0: the user's message; n: tool round n). */
export interface SimulatedRequest extends CacheTokenCounts {
  readonly turn: number;
  /** 0 for the user's message, n for tool round n, `compaction` for a summary request. */
  readonly step: number | "compaction";
  /** The body exactly as the builder sends it (with `includeBodies`). */
  readonly body?: unknown;
}

/** What `simulateConversationCache` returns. Every number is an estimate. */
export interface CacheSimulation {
  readonly provider: CacheProvider;
  readonly model: string;
  readonly layout: ConversationLayout;
  readonly tokenCounter: { readonly name: string; readonly estimate: boolean };
  readonly rules: CacheRules;
  readonly turns: readonly SimulatedTurn[];
  readonly total: CacheTokenCounts;
  /** Totals of turns 2..N: the steady state once the first request has written the cache. */
  readonly fromTurnTwo: CacheTokenCounts;
  /** Every request in order (tool steps and compaction requests included). */
  readonly requests: readonly SimulatedRequest[];
  /** Totals of every request after the first. */
  readonly afterFirstRequest: CacheTokenCounts;
  readonly diagnostics: readonly Diagnostic[];
}

function sum(turns: readonly CacheTokenCounts[]): CacheTokenCounts {
  const total = { inputTokens: 0, cachedTokens: 0, cacheWriteTokens: 0, uncachedTokens: 0 };
  for (const turn of turns) {
    total.inputTokens += turn.inputTokens;
    total.cachedTokens += turn.cachedTokens;
    total.cacheWriteTokens += turn.cacheWriteTokens;
    total.uncachedTokens += turn.uncachedTokens;
  }
  return total;
}

function commonPrefixLength(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  let index = 0;
  while (index < max && a.charCodeAt(index) === b.charCodeAt(index)) index++;
  return index;
}

/**
 * Simulates an N-turn conversation under one provider's documented caching rules (SPEC §11) and
 * returns, per turn and in total, the input tokens read from cache, written, and billed in full.
 * Anthropic: exact prefix entries at breakpoints, each looking back 20 blocks, none below the
 * model's minimum. OpenAI: automatic longest-prefix match against earlier requests, at least 1024
 * tokens, in 128-token increments before GPT-5.6. Assumes every turn lands within the TTL and on
 * the same cache (a constant `prompt_cache_key`). An estimate, not a bill.
 */
export function simulateConversationCache(
  options: SimulateConversationCacheOptions,
): CacheSimulation {
  const { rules, diagnostics: ruleDiagnostics } = resolveCacheRules(
    options.provider,
    options.model,
  );
  const diagnostics: Diagnostic[] = [...ruleDiagnostics];
  const counter = options.countTokens ?? ESTIMATE_TOKEN_COUNTER;
  const counts = new Map<string, number>();
  const count = (text: string): number => {
    let tokens = counts.get(text);
    if (tokens === undefined) {
      tokens = counter.countTokens(text);
      counts.set(text, tokens);
    }
    return tokens;
  };
  let conversation = createConversation(
    options.workspaceBoundary === undefined ? {} : { workspaceBoundary: options.workspaceBoundary },
  );
  const anthropicStore = new Set<string>();
  const openaiStore: (readonly string[])[] = [];
  const requests: SimulatedRequest[] = [];
  const turns: SimulatedTurn[] = [];
  let lastPlan: PreparedRequest | undefined;
  const send = (
    input: SimulatedTurnInput,
    turn: number,
    step: SimulatedRequest["step"],
    userText: string | undefined,
  ): PreparedRequest => {
    const prepared = prepareRequest(
      input.turn,
      { conversation, model: options.model, ...(userText === undefined ? {} : { userText }) },
      options.provider === "anthropic" ? "explicit" : "none",
      undefined,
    );
    if (requests.length === 0) diagnostics.push(...prepared.diagnostics);
    lastPlan = requests.length === 0 ? undefined : prepared;
    const counted =
      options.provider === "anthropic"
        ? simulateAnthropicRequest(prepared.plan.segments, rules, count, anthropicStore)
        : simulateOpenAIRequest(prepared.plan.segments, rules, count, openaiStore, (text) =>
            counter.countTokens(text),
          );
    const body = options.includeBodies === true ? { body: formatBody(input, prepared) } : {};
    requests.push({ turn, step, ...counted, ...body });
    return prepared;
  };
  const formatBody = (input: SimulatedTurnInput, prepared: PreparedRequest): unknown =>
    options.provider === "anthropic"
      ? formatAnthropicBody(prepared, { maxTokens: 1024 })
      : formatOpenAIResponsesBody(input.turn, prepared, {}).body;
  options.turns.forEach((input, index) => {
    const first = requests.length;
    if (input.compactBefore !== undefined) {
      send(input, index + 1, "compaction", input.compactBefore.instruction);
      conversation = compactConversation(conversation, { summary: input.compactBefore.summary });
    }
    conversation = send(input, index + 1, 0, input.user).conversation;
    (input.toolRounds ?? []).forEach((round, roundIndex) => {
      conversation = appendAssistantMessage(conversation, round.assistant);
      conversation = appendToolResults(conversation, round.results);
      conversation = send(input, index + 1, roundIndex + 1, undefined).conversation;
    });
    turns.push({ turn: index + 1, ...sum(requests.slice(first)) });
    conversation = appendAssistantReply(conversation, input.assistant);
  });
  diagnostics.push(...(lastPlan?.plan.diagnostics ?? []));
  return {
    provider: options.provider,
    model: options.model,
    layout:
      options.turns[0] === undefined ? "turn-context" : toConversationLayout(options.turns[0].turn),
    tokenCounter: {
      name: counter.name ?? "unnamed",
      estimate: counter.estimate === true || options.provider === "anthropic",
    },
    rules,
    turns,
    total: sum(turns),
    fromTurnTwo: sum(turns.slice(1)),
    requests,
    afterFirstRequest: sum(requests.slice(1)),
    diagnostics,
  };
}

function simulateAnthropicRequest(
  segments: readonly CacheSegment[],
  rules: CacheRules,
  count: (text: string) => number,
  store: Set<string>,
): CacheTokenCounts {
  const keys: string[] = [];
  const cumulative: number[] = [];
  let key = "";
  let tokens = 0;
  for (const segment of segments) {
    key = hashText(`${key}\u0001${segment.text}`);
    tokens += count(segment.text);
    keys.push(key);
    cumulative.push(tokens);
  }
  const breakpoints = segments.flatMap((segment, index) => (segment.breakpoint ? [index] : []));
  let read = -1;
  for (const breakpoint of breakpoints) {
    for (let at = breakpoint; at >= 0 && at >= breakpoint - rules.lookbackBlocks; at--) {
      if (store.has(keys[at]!)) {
        read = Math.max(read, at);
        break;
      }
    }
  }
  const cachedTokens = read === -1 ? 0 : cumulative[read]!;
  let written = -1;
  for (const breakpoint of breakpoints) {
    if (cumulative[breakpoint]! < rules.minimumPrefixTokens) continue;
    store.add(keys[breakpoint]!);
    if (breakpoint > read) written = Math.max(written, breakpoint);
  }
  const cacheWriteTokens = written === -1 ? 0 : cumulative[written]! - cachedTokens;
  return {
    inputTokens: tokens,
    cachedTokens,
    cacheWriteTokens,
    uncachedTokens: tokens - cachedTokens - cacheWriteTokens,
  };
}

function simulateOpenAIRequest(
  segments: readonly CacheSegment[],
  rules: CacheRules,
  count: (text: string) => number,
  store: (readonly string[])[],
  countPart: (text: string) => number,
): CacheTokenCounts {
  // Token counts add up per segment (memoized), so a prefix costs one partial count only.
  const texts = segments.map((segment) => segment.text);
  let inputTokens = 0;
  for (const text of texts) inputTokens += count(text);
  let matched = 0;
  for (const earlier of store) {
    let tokens = 0;
    let index = 0;
    while (index < texts.length && index < earlier.length && texts[index] === earlier[index]) {
      tokens += count(texts[index]!);
      index++;
    }
    if (index < texts.length && index < earlier.length) {
      const shared = commonPrefixLength(texts[index]!, earlier[index]!);
      if (shared > 0) tokens += countPart(texts[index]!.slice(0, shared));
    }
    matched = Math.max(matched, tokens);
  }
  store.push(texts);
  let cachedTokens = 0;
  if (inputTokens >= rules.minimumPrefixTokens && matched >= rules.minimumPrefixTokens) {
    const step = rules.incrementTokens;
    cachedTokens = Math.min(
      inputTokens,
      rules.minimumPrefixTokens + Math.floor((matched - rules.minimumPrefixTokens) / step) * step,
    );
  }
  const cacheWriteTokens =
    rules.maxBreakpoints > 0 && inputTokens >= rules.minimumPrefixTokens
      ? inputTokens - cachedTokens
      : 0;
  return {
    inputTokens,
    cachedTokens,
    cacheWriteTokens,
    uncachedTokens: inputTokens - cachedTokens - cacheWriteTokens,
  };
}
