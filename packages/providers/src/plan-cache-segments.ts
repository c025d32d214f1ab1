import type { Diagnostic } from "@promptstack/core";
import { readCount } from "./assert-argument.js";
import { formatCanonicalJson } from "./format-canonical-json.js";
import { ProvidersError } from "./providers-error.js";
import type { CanonicalTool } from "./to-canonical-tools.js";
import type { Conversation, MessageContent, PromptParts } from "./types.js";

/** Where a segment sits in a request. */
export type SegmentRef =
  | { readonly area: "tools"; readonly index: number }
  | { readonly area: "system"; readonly part: "rules" | "workspace" | "volatile" }
  | { readonly area: "messages"; readonly message: number; readonly block: number };

/** One content block of a request in provider order (tools → system → messages). */
export interface CacheSegment {
  readonly ref: SegmentRef;
  /** The block's bytes as they count for prefix matching. */
  readonly text: string;
  /** A cache breakpoint ends at this block (explicit-breakpoint providers only). */
  readonly breakpoint: boolean;
}

/** Options of `planCacheSegments`. */
export interface PlanCacheSegmentsOptions {
  readonly tools: readonly CanonicalTool[];
  /** Each tool's segment text when already known (`formatToolSegmentText`); else computed. */
  readonly toolTexts?: readonly string[];
  /** `explicit`: Anthropic-style breakpoints (≤ 4, 20-block lookback); `none`: automatic caching. */
  readonly breakpoints: "explicit" | "none";
  /** Default 4. */
  readonly maxBreakpoints?: number;
  /** Default 20. */
  readonly lookbackBlocks?: number;
}

/** The request plan: its segments in order, and what the planner had to give up. */
export interface CachePlan {
  readonly parts: PromptParts;
  readonly segments: readonly CacheSegment[];
  readonly diagnostics: readonly Diagnostic[];
}

type BreakpointName = "newest" | "stable" | "intermediate" | "tools" | "rules";

// Dropped from the end when more than the allowed number are wanted.
const PRIORITY: readonly BreakpointName[] = ["newest", "stable", "intermediate", "tools", "rules"];

const WHY_DROPPED: Readonly<Record<BreakpointName, string>> = {
  newest: "the conversation is not cached this turn",
  stable: "the system text is cached only together with the history",
  intermediate: "this turn's history is read from cache only up to the lookback",
  tools: "a system change also re-bills the tools",
  rules: "a workspace edit also re-bills the fixed rules",
};

/** The tool as a content block: its canonical JSON. */
export function formatToolSegmentText(tool: CanonicalTool): string {
  return formatCanonicalJson({
    description: tool.description,
    input_schema: tool.inputSchema,
    name: tool.name,
  });
}

/**
 * A message block's bytes for prefix matching: a text block's text, any other block's
 * canonical JSON (a reasoning item's bytes are the provider's, so equal items compare equal).
 */
export function formatContentSegmentText(block: MessageContent): string {
  return block.type === "text" ? block.text : formatCanonicalJson(block);
}

/**
 * Lays a conversation out as provider-ordered blocks and places the cache breakpoints: the end
 * of the tools, the end of the rules (with a workspace boundary), the end of the stable system
 * text, a rolling one on the newest message, and an intermediate one when this turn adds more
 * blocks than the lookback. Never more than `maxBreakpoints`; what has to go is reported.
 */
export function planCacheSegments(
  conversation: Conversation,
  options: PlanCacheSegmentsOptions,
): CachePlan {
  const parts = conversation.prompt;
  const last = conversation.messages[conversation.messages.length - 1];
  if (parts === undefined || last?.role !== "user") {
    throw new ProvidersError(
      "PROVIDERS_NO_USER_TURN",
      "A request is built after a user turn; the newest message is not one.",
      { hint: "Call appendUserTurn before building the request." },
    );
  }
  const segments: { ref: SegmentRef; text: string }[] = [];
  options.tools.forEach((tool, index) => {
    const text = options.toolTexts?.[index] ?? formatToolSegmentText(tool);
    segments.push({ ref: { area: "tools", index }, text });
  });
  const toolsEnd = segments.length - 1;
  segments.push({ ref: { area: "system", part: "rules" }, text: parts.rules });
  const rulesEnd = segments.length - 1;
  if (parts.workspace !== "") {
    segments.push({ ref: { area: "system", part: "workspace" }, text: parts.workspace });
  }
  const stableEnd = segments.length - 1;
  if (conversation.layout === "system-tail" && parts.volatile !== "") {
    segments.push({ ref: { area: "system", part: "volatile" }, text: parts.volatile });
  }
  const messageEnds: number[] = [];
  // Reasoning blocks cannot carry a breakpoint (Anthropic rejects cache_control on thinking).
  const uncacheable = new Set<number>();
  conversation.messages.forEach((message, messageIndex) => {
    message.content.forEach((block, block_) => {
      if (block.type === "reasoning") uncacheable.add(segments.length);
      segments.push({
        ref: { area: "messages", message: messageIndex, block: block_ },
        text: `${message.role}\n${formatContentSegmentText(block)}`,
      });
    });
    messageEnds.push(segments.length - 1);
  });
  const diagnostics: Diagnostic[] = [];
  const wanted = new Map<BreakpointName, number>();
  if (options.breakpoints === "explicit") {
    const lookback = readCount(
      options.lookbackBlocks,
      20,
      "planCacheSegments",
      "options.lookbackBlocks",
    );
    const newest = segments.length - 1;
    wanted.set("newest", newest);
    wanted.set("stable", stableEnd);
    if (toolsEnd >= 0) wanted.set("tools", toolsEnd);
    if (parts.workspace !== "") wanted.set("rules", rulesEnd);
    // The previous request's newest block: a tool step reads the step before it.
    const previousEnd = conversation.turnEnds[conversation.turnEnds.length - 1];
    // None yet (or an end at 0): the stable text's end.
    const previous = messageEnds[Math.min(previousEnd ?? 0, messageEnds.length) - 1] ?? stableEnd;
    if (newest - previous > lookback) {
      let at = previous + lookback;
      while (uncacheable.has(at) && at > previous) at--;
      wanted.set("intermediate", at);
      // One is enough: it finds the previous entry within the lookback and writes a new one;
      // the newest breakpoint writes the rest even when its own lookback finds nothing.
    }
    const max = readCount(options.maxBreakpoints, 4, "planCacheSegments", "options.maxBreakpoints");
    for (let index = PRIORITY.length - 1; index >= 0 && countDistinct(wanted) > max; index--) {
      const name = PRIORITY[index]!;
      if (!wanted.has(name)) continue;
      wanted.delete(name);
      diagnostics.push({
        code: "PROVIDERS_TOO_MANY_BREAKPOINTS",
        severity: "warning",
        message: `more than ${max} cache breakpoints wanted; dropped the ${name} breakpoint, so ${WHY_DROPPED[name]}`,
        hint: "Turn the workspace boundary off to free a breakpoint.",
      });
    }
  }
  const at = new Set(wanted.values());
  return {
    parts,
    segments: segments.map((segment, index) => ({ ...segment, breakpoint: at.has(index) })),
    diagnostics,
  };
}

function countDistinct(wanted: ReadonlyMap<BreakpointName, number>): number {
  return new Set(wanted.values()).size;
}
