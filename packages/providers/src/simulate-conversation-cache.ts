import type { Diagnostic, SectionId } from "@promptstack/renderer";
import { appendAssistantReply } from "./append-assistant-reply.js";
import { appendUserTurn, toConversationLayout } from "./append-user-turn.js";
import { createConversation } from "./create-conversation.js";
import { ESTIMATE_TOKEN_COUNTER } from "./create-token-counter.js";
import { hashText } from "./hash-text.js";
import { planCacheSegments } from "./plan-cache-segments.js";
import type { CacheSegment } from "./plan-cache-segments.js";
import { resolveCacheRules } from "./resolve-cache-rules.js";
import type { CacheProvider, CacheRules } from "./resolve-cache-rules.js";
import { toCanonicalTools } from "./to-canonical-tools.js";
import type { ConversationLayout, PromptTurn, TokenCounter } from "./types.js";

/** One simulated turn's input: the assembled turn, the user's message and the assistant's reply. */
export interface SimulatedTurnInput {
  readonly turn: PromptTurn;
  readonly user: string;
  readonly assistant: string | readonly string[];
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

/** One turn of the simulation. */
export interface SimulatedTurn extends CacheTokenCounts {
  readonly turn: number;
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
      tokens = counter.count(text);
      counts.set(text, tokens);
    }
    return tokens;
  };
  let conversation = createConversation(
    options.workspaceBoundary === undefined ? {} : { workspaceBoundary: options.workspaceBoundary },
  );
  // Tools are canonicalized once per distinct tool list, not once per request.
  let canonical: ReturnType<typeof toCanonicalTools> | undefined;
  let canonicalOf: PromptTurn["tools"] | undefined;
  const anthropicStore = new Set<string>();
  const openaiStore: (readonly string[])[] = [];
  const turns: SimulatedTurn[] = [];
  options.turns.forEach((turn, index) => {
    if (canonical === undefined || canonicalOf !== turn.turn.tools) {
      canonical = toCanonicalTools(turn.turn.tools);
      canonicalOf = turn.turn.tools;
      if (index === 0) diagnostics.push(...canonical.diagnostics);
    }
    const appended = appendUserTurn(
      conversation,
      turn.turn,
      turn.user,
      toConversationLayout(turn.turn),
    );
    conversation = appended.conversation;
    const plan = planCacheSegments(conversation, {
      tools: canonical.tools,
      breakpoints: options.provider === "anthropic" ? "explicit" : "none",
      maxBreakpoints: rules.maxBreakpoints,
      lookbackBlocks: rules.lookbackBlocks,
    });
    if (index === options.turns.length - 1) diagnostics.push(...plan.diagnostics);
    const counted =
      options.provider === "anthropic"
        ? simulateAnthropicRequest(plan.segments, rules, count, anthropicStore)
        : simulateOpenAIRequest(plan.segments, rules, count, openaiStore, counter.count);
    turns.push({ turn: index + 1, ...counted });
    conversation = appendAssistantReply(conversation, turn.assistant);
  });
  return {
    provider: options.provider,
    model: options.model,
    layout:
      options.turns[0] === undefined ? "turn-context" : toConversationLayout(options.turns[0].turn),
    tokenCounter: {
      name: counter.name,
      estimate: counter.estimate || options.provider === "anthropic",
    },
    rules,
    turns,
    total: sum(turns),
    fromTurnTwo: sum(turns.slice(1)),
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
