import type { CacheFactsRow } from "./cache-facts-table.js";
import type { NormalizedUsage, UsageProvider } from "./normalize-usage.js";
import type { RequestBodyPart, RequestBodyPartRef } from "./to-request-body-parts.js";
import type { RequestCacheSettings } from "./to-request-cache-settings.js";

/** A system-prompt section's id and its text as sent this turn. */
export interface CacheLedgerSection {
  readonly id: string;
  readonly text: string;
}

/**
 * Why a request read less from cache than it could have.
 * - `none`: not a miss.
 * - `changed`: the first byte that differs from the previous request of the lineage lies in
 *   `part`: a tool's name, a system section's id (or `system[i]` without sections), or a
 *   message index (with `block`).
 * - `expired`: more time passed since the previous request than the entry lives.
 * - `below-minimum`: the prefix that could be read is shorter than the model's minimum.
 * - `unexplained`: nothing in the requests explains it (the provider's routing or eviction).
 */
export type CacheMissCause =
  | { readonly kind: "none" }
  | {
      readonly kind: "changed";
      readonly area: "tools" | "system" | "messages";
      readonly part: string | number;
      /** The content block of a message. */
      readonly block?: number;
      /** Characters into the part's text where it first differs. */
      readonly offset: number;
    }
  | { readonly kind: "expired"; readonly elapsedSeconds: number; readonly ttlSeconds: number }
  | {
      readonly kind: "below-minimum";
      readonly prefixTokens: number;
      readonly minimumTokens: number;
    }
  | { readonly kind: "unexplained" };

/** One request as the attribution sees it. */
export interface AttributedRequest {
  readonly provider: UsageProvider;
  /** Milliseconds since the epoch. */
  readonly at: number;
  readonly parts: readonly RequestBodyPart[];
  readonly usage: NormalizedUsage;
  readonly settings: RequestCacheSettings;
  readonly sections?: readonly CacheLedgerSection[];
}

/** The verdict on one request. */
export interface CacheMissAttribution {
  /** Tokens the simulation expected to be read. */
  readonly expected: number;
  /** Tokens of this request that repeat the previous request byte for byte (estimated). */
  readonly sharedTokens: number;
  readonly miss: boolean;
  readonly cause: CacheMissCause;
}

function sameRef(a: RequestBodyPartRef, b: RequestBodyPartRef): boolean {
  if (a.area !== b.area || a.index !== b.index) return false;
  if (a.area === "tools" && b.area === "tools") return a.name === b.name;
  if (a.area === "messages" && b.area === "messages") return a.block === b.block;
  return true;
}

function commonPrefixLength(a: string, b: string): number {
  const end = Math.min(a.length, b.length);
  let index = 0;
  while (index < end && a.charCodeAt(index) === b.charCodeAt(index)) index++;
  return index;
}

interface FirstDifference {
  /** Characters of the previous serialization repeated before the difference. */
  readonly sharedChars: number;
  /** The part of the current request (or, when it ends early, of the previous one). */
  readonly part: RequestBodyPart;
  readonly offset: number;
}

/**
 * The first differing character of two part lists in serialization order; none: a prefix. Each
 * part ends with a terminator (as a closing quote or brace ends it on the wire), so a text that
 * grows in place differs at the old end, inside what was cached.
 */
export function findFirstDifference(
  previous: readonly RequestBodyPart[],
  current: readonly RequestBodyPart[],
): FirstDifference | undefined {
  let sharedChars = 0;
  for (let index = 0; index < previous.length; index++) {
    const old = previous[index]!;
    const next = current[index];
    if (next === undefined) return { sharedChars, part: old, offset: 0 };
    if (!sameRef(old.ref, next.ref)) {
      // A tool that is gone is named by the old list; an added one by the new.
      const oldRef = old.ref;
      const removed =
        oldRef.area === "tools" &&
        !current.some((part) => part.ref.area === "tools" && part.ref.name === oldRef.name);
      return { sharedChars, part: removed ? old : next, offset: 0 };
    }
    if (old.text !== next.text) {
      const offset = commonPrefixLength(old.text, next.text);
      return { sharedChars: sharedChars + offset, part: next, offset };
    }
    sharedChars += old.text.length + 1;
  }
  return undefined;
}

/** The section whose text holds `offset` of a system part's text (or the last one before it). */
function sectionAt(
  text: string,
  offset: number,
  sections: readonly CacheLedgerSection[],
): string | undefined {
  let found: string | undefined;
  let from = 0;
  for (const section of sections) {
    if (section.text.length === 0) continue;
    const start = text.indexOf(section.text, from);
    if (start === -1) continue;
    if (start > offset) break;
    found = section.id;
    from = start + section.text.length;
  }
  return found;
}

function describeChange(
  difference: FirstDifference,
  sections: readonly CacheLedgerSection[],
): CacheMissCause {
  const { ref, text } = difference.part;
  if (ref.area === "tools") {
    return { kind: "changed", area: "tools", part: ref.name, offset: difference.offset };
  }
  if (ref.area === "system") {
    const section = sectionAt(text, difference.offset, sections);
    return {
      kind: "changed",
      area: "system",
      part: section ?? `system[${ref.index}]`,
      offset: difference.offset,
    };
  }
  return {
    kind: "changed",
    area: "messages",
    part: ref.index,
    block: ref.block,
    offset: difference.offset,
  };
}

/** Cached lengths above the minimum come in steps of `incrementTokens`. */
function roundToIncrement(tokens: number, facts: CacheFactsRow): number {
  if (tokens < facts.minimumPrefixTokens || facts.incrementTokens <= 1) return tokens;
  const above = tokens - facts.minimumPrefixTokens;
  return (
    facts.minimumPrefixTokens + Math.floor(above / facts.incrementTokens) * facts.incrementTokens
  );
}

/**
 * What the previous request left in cache: what it read and wrote, as reported; for implicit
 * caching (OpenAI before GPT-5.6, Gemini), which reports no writes, its whole prompt; for a
 * request that asked for caching but reported nothing, its whole prompt too (so a prompt under
 * the minimum is named, not hidden).
 */
function heldAfter(previous: AttributedRequest): number {
  const { usage, provider, settings } = previous;
  const reported = usage.read + usage.written.total;
  const explicit = provider === "anthropic" || provider === "bedrock";
  if (explicit) return reported > 0 ? reported : settings.asksForCaching ? usage.inputTotal : 0;
  return usage.written.total > 0 ? reported : usage.inputTotal;
}

/**
 * Compares a request with the previous request of its lineage. It is a miss when it read less
 * than the previous request left in cache, or less than the simulation expected (what the
 * previous request left in cache and this one still shares byte for byte, when within the TTL
 * and at least the model's minimum). The cause is, in this order: `expired` (start-to-start
 * time over the TTL), `changed` (the first differing byte lies inside what was cached, mapped to
 * a tool, a system section or a message block), `below-minimum`, else `unexplained`. Token
 * positions are estimated in proportion to the previous request's characters.
 */
export function attributeCacheMiss(
  previous: AttributedRequest | undefined,
  current: AttributedRequest,
  facts: CacheFactsRow,
): CacheMissAttribution {
  if (previous === undefined) {
    return { expected: 0, sharedTokens: 0, miss: false, cause: { kind: "none" } };
  }
  const difference = findFirstDifference(previous.parts, current.parts);
  const previousChars = previous.parts.reduce((total, part) => total + part.text.length + 1, 0);
  // A difference needs a previous part, so previousChars > 0 whenever it is divided by.
  const sharedTokens =
    difference === undefined
      ? previous.usage.inputTotal
      : Math.floor((previous.usage.inputTotal * difference.sharedChars) / previousChars);
  const held = heldAfter(previous);
  const candidate = Math.min(sharedTokens, held);
  const elapsedSeconds = (current.at - previous.at) / 1000;
  const ttl = previous.settings.ttlSeconds;
  const expired = ttl !== undefined && elapsedSeconds > ttl;
  const expected =
    expired || candidate < facts.minimumPrefixTokens ? 0 : roundToIncrement(candidate, facts);
  const read = current.usage.read;
  const miss = read < roundToIncrement(held, facts) || read < expected;
  let cause: CacheMissCause = { kind: "none" };
  if (miss) {
    if (expired) {
      cause = { kind: "expired", elapsedSeconds, ttlSeconds: ttl };
    } else if (difference !== undefined && sharedTokens < held) {
      cause = describeChange(difference, current.sections ?? []);
    } else if (candidate < facts.minimumPrefixTokens) {
      cause = {
        kind: "below-minimum",
        prefixTokens: candidate,
        minimumTokens: facts.minimumPrefixTokens,
      };
    } else {
      cause = { kind: "unexplained" };
    }
  }
  return { expected, sharedTokens, miss, cause };
}
