import type { SectionId } from "@promptstack/renderer";
import type { Diagnostic, TokenCounter } from "@promptstack/core";
import { appendUserTurn, toConversationLayout } from "./append-user-turn.js";
import { createConversation } from "./create-conversation.js";
import { ESTIMATE_TOKEN_COUNTER } from "./create-token-counter.js";
import { planCacheSegments, formatToolSegmentText } from "./plan-cache-segments.js";
import type { CacheSegment, SegmentRef } from "./plan-cache-segments.js";
import { resolveCacheRules } from "./resolve-cache-rules.js";
import type { CacheProvider, CacheRules } from "./resolve-cache-rules.js";
import { toCanonicalTools } from "./to-canonical-tools.js";
import type { CanonicalTool } from "./to-canonical-tools.js";
import type { ConversationLayout, PromptTurn } from "./types.js";

/** Options of `explainProviderCache`. */
export interface ExplainProviderCacheOptions {
  readonly provider: CacheProvider;
  /** Default: the later turn's model. */
  readonly model?: string;
  readonly countTokens?: TokenCounter;
  readonly workspaceBoundary?: readonly SectionId[];
}

/** Why the cached prefix survives a change, or where it stops. */
export interface ProviderCacheExplanation {
  readonly provider: CacheProvider;
  readonly model: string;
  readonly layout: ConversationLayout;
  /** The first block that differs, e.g. `tools[cron]`, `system.workspace`; undefined: none. */
  readonly firstChange: string | undefined;
  readonly toolChanges: {
    readonly added: readonly string[];
    readonly removed: readonly string[];
    readonly changed: readonly string[];
  };
  /** Tokens of the prefix (tools + system) before and after. */
  readonly prefixTokens: { readonly before: number; readonly after: number };
  /** Tokens of the new prefix still served from cache. */
  readonly reusedTokens: number;
  /** Tokens of the new prefix billed again. */
  readonly rebilledTokens: number;
  /** Whether the conversation history after the prefix stays cached. */
  readonly historyReused: boolean;
  readonly tokenCounter: { readonly name: string; readonly estimate: boolean };
  /** The explanation in plain sentences. */
  readonly lines: readonly string[];
  readonly diagnostics: readonly Diagnostic[];
}

function describeRef(ref: SegmentRef, tools: readonly { name: string }[]): string {
  if (ref.area === "tools") return `tools[${tools[ref.index]?.name ?? ref.index}]`;
  if (ref.area === "system") return `system.${ref.part}`;
  return `messages[${ref.message}]`;
}

function prefixSegments(turn: PromptTurn, options: ExplainProviderCacheOptions) {
  const tools = toCanonicalTools(turn.tools);
  const appended = appendUserTurn(
    createConversation(
      options.workspaceBoundary === undefined
        ? {}
        : { workspaceBoundary: options.workspaceBoundary },
    ),
    turn,
    "",
    toConversationLayout(turn),
  );
  const plan = planCacheSegments(appended.conversation, {
    tools: tools.tools,
    breakpoints: options.provider === "anthropic" ? "explicit" : "none",
  });
  const segments = plan.segments.filter((segment) => segment.ref.area !== "messages");
  return {
    tools: tools.tools,
    segments,
    diagnostics: [...tools.diagnostics, ...appended.diagnostics],
  };
}

/**
 * Explains what the change from one turn to the next (prompt or tools) costs on one provider,
 * in the later turn's layout. Anthropic caches in
 * the order tools → system → messages at breakpoints: an added or changed tool is a full miss,
 * a workspace edit keeps the tools (and the rules, with a workspace boundary). OpenAI matches
 * the longest common prefix (tools, instructions, input) in 128-token steps above 1024.
 */
export function explainProviderCache(
  before: PromptTurn,
  after: PromptTurn,
  options: ExplainProviderCacheOptions,
): ProviderCacheExplanation {
  const counter = options.countTokens ?? ESTIMATE_TOKEN_COUNTER;
  const model = options.model ?? after.modelId;
  const layout = toConversationLayout(after);
  const { rules, diagnostics: ruleDiagnostics } = resolveCacheRules(options.provider, model);
  const old = prefixSegments(before, options);
  const next = prefixSegments(after, options);
  const tokensOf = (segments: readonly CacheSegment[]): number =>
    segments.reduce((total, segment) => total + counter.countTokens(segment.text), 0);
  let firstDiff = 0;
  while (
    firstDiff < next.segments.length &&
    firstDiff < old.segments.length &&
    next.segments[firstDiff]!.text === old.segments[firstDiff]!.text &&
    describeRef(next.segments[firstDiff]!.ref, next.tools) ===
      describeRef(old.segments[firstDiff]!.ref, old.tools)
  ) {
    firstDiff++;
  }
  const unchanged = firstDiff === next.segments.length && firstDiff === old.segments.length;
  const afterTokens = tokensOf(next.segments);
  const reused = unchanged
    ? afterTokens >= rules.minimumPrefixTokens
      ? afterTokens
      : 0
    : options.provider === "anthropic"
      ? countAnthropicReuse(next.segments, firstDiff, rules, tokensOf)
      : countOpenAIReuse(old.segments, next.segments, rules, counter, afterTokens);
  const firstChange = unchanged
    ? undefined
    : describeRef((next.segments[firstDiff] ?? old.segments[firstDiff])!.ref, next.tools);
  const lines =
    firstChange === undefined
      ? ["Nothing before the conversation changed: the prefix and the history stay cached."]
      : explainChange(firstChange, options.provider, reused, afterTokens);
  return {
    provider: options.provider,
    model,
    layout,
    firstChange,
    toolChanges: diffTools(old.tools, next.tools),
    prefixTokens: { before: tokensOf(old.segments), after: afterTokens },
    reusedTokens: reused,
    rebilledTokens: afterTokens - reused,
    historyReused: firstChange === undefined,
    tokenCounter: {
      name: counter.name ?? "unnamed",
      estimate: counter.estimate === true || options.provider === "anthropic",
    },
    lines,
    diagnostics: [...ruleDiagnostics, ...old.diagnostics, ...next.diagnostics],
  };
}

/** Anthropic reads up to the last breakpoint before the first change, if that is long enough. */
function countAnthropicReuse(
  segments: readonly CacheSegment[],
  firstDiff: number,
  rules: CacheRules,
  tokensOf: (segments: readonly CacheSegment[]) => number,
): number {
  let lastBreakpoint = -1;
  for (let index = 0; index < firstDiff; index++) {
    if (segments[index]!.breakpoint) lastBreakpoint = index;
  }
  const kept = tokensOf(segments.slice(0, lastBreakpoint + 1));
  return kept >= rules.minimumPrefixTokens ? kept : 0;
}

/** OpenAI reads the longest common prefix, in increments above its minimum. */
function countOpenAIReuse(
  old: readonly CacheSegment[],
  next: readonly CacheSegment[],
  rules: CacheRules,
  counter: TokenCounter,
  afterTokens: number,
): number {
  const oldText = old.map((segment) => segment.text).join("\n");
  const newText = next.map((segment) => segment.text).join("\n");
  let common = 0;
  while (
    common < oldText.length &&
    common < newText.length &&
    oldText[common] === newText[common]
  ) {
    common++;
  }
  const matched = counter.countTokens(newText.slice(0, common));
  if (matched < rules.minimumPrefixTokens) return 0;
  const steps = Math.floor((matched - rules.minimumPrefixTokens) / rules.incrementTokens);
  return Math.min(rules.minimumPrefixTokens + steps * rules.incrementTokens, afterTokens);
}

/** Tools added, removed and changed (by name) between two turns. */
function diffTools(
  before: readonly CanonicalTool[],
  after: readonly CanonicalTool[],
): ProviderCacheExplanation["toolChanges"] {
  const oldTools = new Map(before.map((tool) => [tool.name, formatToolSegmentText(tool)]));
  const newTools = new Map(after.map((tool) => [tool.name, formatToolSegmentText(tool)]));
  return {
    added: [...newTools.keys()].filter((name) => !oldTools.has(name)),
    removed: [...oldTools.keys()].filter((name) => !newTools.has(name)),
    changed: [...newTools.keys()].filter(
      (name) => oldTools.has(name) && oldTools.get(name) !== newTools.get(name),
    ),
  };
}

/** The explanation's lines for a change first seen in `firstChange`. */
function explainChange(
  firstChange: string,
  provider: ExplainProviderCacheOptions["provider"],
  reused: number,
  afterTokens: number,
): string[] {
  const lines = [`The first change is in ${firstChange}.`];
  if (firstChange.startsWith("tools") && provider === "anthropic") {
    lines.push(
      "On Anthropic tools come first (tools → system → messages): a changed tool list re-bills the whole prompt, system text and history included.",
    );
  } else if (firstChange.startsWith("tools")) {
    lines.push(
      "On OpenAI tools precede the instructions: the prefix after the change is re-billed.",
    );
  }
  if (firstChange === "system.volatile") {
    lines.push(
      "Only per-turn facts changed, but in the system-tail layout they sit before the history: the history is re-billed. The turn-context layout avoids this.",
    );
  }
  if (provider === "anthropic" && !firstChange.startsWith("tools")) {
    lines.push(
      "Entries at breakpoints before the change stay valid: the tools (and the rules, with a workspace boundary) are read from cache.",
    );
  }
  lines.push(
    `About ${reused} of ${afterTokens} prefix tokens are reused; ${afterTokens - reused} are billed again, and so is the history after them.`,
  );
  return lines;
}
