import {
  buildDelimiterPatterns,
  buildFuzzyWordPattern,
  SHADOW_GAP,
  SHADOW_INNER_SEPARATOR,
  SHADOW_SEPARATOR,
} from "./parse-internal-context-delimiters.js";
import { buildShadowText, findOpenEntityTail, toOriginalSpan } from "./build-shadow-text.js";
import type { DelimiterPatterns } from "./parse-internal-context-delimiters.js";
import type { ShadowText } from "./build-shadow-text.js";
import {
  assertObjectArgument,
  assertStringArgument,
  throwInvalidArgument,
} from "./assert-argument.js";
import { OPENCLAW_PRODUCT_PROFILE } from "./product-profile.js";
import { assertTranscriptProjectionVersion } from "./resolve-transcript-projection-version.js";
import type { TranscriptProjectionVersion } from "./resolve-transcript-projection-version.js";
import type { ProductProfile } from "@promptstack/core";

/** What the inbound text is: a message someone wrote, or context data attached to a turn. */
export type InboundTextKind = "message" | "context";

/** Options of `projectInboundText`. */
export interface ProjectInboundTextOptions {
  /** From `resolveTranscriptProjectionVersion`; anything else throws before submission. */
  readonly projectionVersion: TranscriptProjectionVersion;
  /** Supplies the delimiter word. Default: the OpenClaw profile. */
  readonly profile?: ProductProfile;
  /** Context data is also quoted line by line in version 4. Default: `message`. */
  readonly kind?: InboundTextKind;
}

/** The model-bound projection of one inbound text. */
export interface ProjectedInboundText {
  readonly text: string;
  /** True when the projection differs from the stored text. */
  readonly changed: boolean;
}

/** Marks each line of quoted context data; never a bracket, separator or letter look-alike. */
export const CONTEXT_QUOTE_PREFIX = "│ ";

interface Edit {
  readonly start: number;
  readonly end: number;
  readonly replacement: string;
}

// Matches any prefix (possibly empty) of `letters`, separators allowed between letters.
function buildPrefixChain(letters: readonly string[]): string {
  let chain = "";
  for (let index = letters.length - 1; index >= 0; index -= 1) {
    const letter = buildFuzzyWordPattern(letters[index]!);
    // A bracket between two words may be squared by the first projection (`[`, `]` are
    // separators): counting it as one here keeps the projection idempotent ("<End<OPENCLAW" or
    // "<BEGIN_OPENCLAW>>> INTERNAL" at a text's end).
    chain = `(?:(?:${SHADOW_SEPARATOR}|[<>])*${letter}${chain})?`;
  }
  return chain;
}

// Matches a non-empty prefix of `letters`: it starts with the first letter, never a separator,
// so the separator runs around it have one owner and a failed match backtracks linearly.
function buildNonEmptyPrefixChain(letters: readonly string[]): string {
  return `${buildFuzzyWordPattern(letters[0]!)}${buildPrefixChain(letters.slice(1))}`;
}

// Matches any non-empty suffix of `letters`, separators allowed between letters.
function buildSuffixChain(letters: readonly string[]): string {
  let chain = "";
  for (let index = 0; index < letters.length - 1; index += 1) {
    chain = `(?:${chain}${buildFuzzyWordPattern(letters[index]!)}${SHADOW_SEPARATOR}*)?`;
  }
  return `${chain}${buildFuzzyWordPattern(letters[letters.length - 1]!)}`;
}

/**
 * Squares each bracket of a run (`<` to `[`, `>` to `]`, whatever spelling it had: a look-alike,
 * an entity) and keeps what stood between them (spaces, line breaks, bars): one edit per bracket,
 * so the projection changes the brackets and nothing else of the text.
 */
function pushBracketEdits(
  edits: Edit[],
  shadow: ShadowText,
  shadowStart: number,
  run: string,
  replacement: "[" | "]",
): void {
  const bracket = replacement === "[" ? "<" : ">";
  for (let index = 0; index < run.length; index++) {
    if (run[index] !== bracket) continue;
    const at = shadowStart + index;
    edits.push({ ...toOriginalSpan(shadow, at, at + 1), replacement });
  }
}

/** The compiled patterns of one delimiter word. Only read with `matchAll` and non-global `exec`. */
interface ProjectionPatterns {
  readonly word: string;
  readonly mention: RegExp;
  readonly opener: RegExp;
  readonly closer: RegExp;
  readonly trailing: RegExp;
  readonly leading: RegExp;
}

function buildProjectionPatterns(profile: ProductProfile, path: string): ProjectionPatterns {
  const patterns: DelimiterPatterns = buildDelimiterPatterns(profile, path);
  const sep = SHADOW_SEPARATOR;
  const gap = SHADOW_GAP;
  // Brackets of one run may be split by separators and by `i` (what `|` and `!` fold to).
  // Every pattern stays linear on long runs: a bracket run is only entered at its first bracket
  // (`runStart`), and a lookbehind is only tried right after a bracket, never at every position
  // of a separator run. Without this, 100 000 "<" took about 37 s.
  const runStart = `<(?<!<${gap}*<)`;
  const context = buildFuzzyWordPattern("CONTEXT");
  const prefixes = [
    buildNonEmptyPrefixChain([...patterns.beginLetters, ...patterns.phraseLetters]),
    buildNonEmptyPrefixChain([...patterns.endLetters, ...patterns.phraseLetters]),
    buildNonEmptyPrefixChain(patterns.phraseLetters),
  ];
  return Object.freeze({
    word: profile.delimiterWord,
    // 1. Any mention of the delimiter phrase becomes its canonical spelling, brackets squared.
    // A `<` between the keyword and the phrase counts as a separator: squared, it is one; so does
    // an `i` (what `|`, `!`, `l` fold to), as between brackets and words.
    mention: new RegExp(
      `(?:${runStart}(?:${gap}*<)*${gap}*)?(?:${patterns.keyword}(?:${gap}|<)*)?${patterns.phrase}(?:${gap}*>(?:${gap}*>)*)?`,
      "gu",
    ),
    // 2. Imitations: a bracket run of three or more opening a BEGIN/END or the word, or closing it.
    opener: new RegExp(
      `${runStart}(?:${gap}*<){2,}(?=${gap}*(?:${patterns.keyword}|${patterns.wordPattern}))`,
      "gu",
    ),
    closer: new RegExp(
      `>(?<=(?:${context}|${patterns.wordPattern})${gap}*>)(?:${gap}*>){2,}`,
      "gu",
    ),
    // 3. Fragments at the edges that another message could complete.
    trailing: new RegExp(
      // After the words a bracket counts as a separator: squared, it is one.
      `${runStart}(?:${gap}*<)*(?=${gap}*(?:(?:${prefixes.join("|")})${SHADOW_INNER_SEPARATOR}*)?$)`,
      "gu",
    ),
    leading: new RegExp(
      `^${sep}*${buildSuffixChain(patterns.phraseLetters)}${sep}*(>(?:${gap}*>)*)`,
      "u",
    ),
  });
}

/**
 * A constant computed on first use instead of at import: `build` runs at most once and its
 * (frozen) result is returned ever after. Not a cache: the value never depends on any input.
 */
function lazyConstant<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

// Compiling the patterns costs more than scanning a short message, so the default profile's are
// compiled once, on the first projection (not at import: they took milliseconds of every cold
// start). Still pure: they are frozen, and only `matchAll` (which copies a global pattern and
// leaves its `lastIndex` alone) and `exec` on the non-global `leading` ever read them.
const defaultProjectionPatterns = lazyConstant(() =>
  buildProjectionPatterns(OPENCLAW_PRODUCT_PROFILE, "profile"),
);

function resolveProjectionPatterns(profile: ProductProfile | undefined): ProjectionPatterns {
  if (profile === undefined || profile?.delimiterWord === OPENCLAW_PRODUCT_PROFILE.delimiterWord) {
    return defaultProjectionPatterns();
  }
  return buildProjectionPatterns(profile, "options.profile");
}

function collectEdits(text: string, shadow: ShadowText, patterns: ProjectionPatterns): Edit[] {
  const edits: Edit[] = [];
  const { word } = patterns;
  for (const match of shadow.text.matchAll(patterns.mention)) {
    const span = toOriginalSpan(shadow, match.index, match.index + match[0].length);
    const keyword = match[1]?.startsWith("b") ? "BEGIN_" : match[1] === undefined ? "" : "END_";
    const open = match[0].startsWith("<") ? "[[[" : "";
    const close = match[0].endsWith(">") ? "]]]" : "";
    edits.push({ ...span, replacement: `${open}${keyword}${word}_INTERNAL_CONTEXT${close}` });
  }
  for (const match of shadow.text.matchAll(patterns.opener)) {
    pushBracketEdits(edits, shadow, match.index, match[0], "[");
  }
  for (const match of shadow.text.matchAll(patterns.closer)) {
    pushBracketEdits(edits, shadow, match.index, match[0], "]");
  }
  for (const match of shadow.text.matchAll(patterns.trailing)) {
    pushBracketEdits(edits, shadow, match.index, match[0], "[");
  }
  const lead = patterns.leading.exec(shadow.text);
  if (lead !== null) {
    const run = lead[1]!;
    pushBracketEdits(edits, shadow, lead.index + lead[0].length - run.length, run, "]");
  }
  // The first half of an entity (`&lo` + `wbar;`) at the end: its ampersand is escaped.
  const tail = findOpenEntityTail(text);
  if (tail >= 0) edits.push({ start: tail, end: tail + 1, replacement: "&amp;" });
  return edits;
}

function overlaps(left: Edit | undefined, right: Edit): boolean {
  return left !== undefined && !(right.end <= left.start || right.start >= left.end);
}

// Earlier edits win over later ones that overlap them. `accepted` stays sorted by start and
// disjoint, so only the two neighbours of a new edit can overlap it: no quadratic scan.
function applyEdits(text: string, edits: readonly Edit[]): string {
  const accepted: Edit[] = [];
  for (const edit of edits) {
    let low = 0;
    let high = accepted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (accepted[middle]!.start < edit.start) low = middle + 1;
      else high = middle;
    }
    if (overlaps(accepted[low - 1], edit) || overlaps(accepted[low], edit)) continue;
    accepted.splice(low, 0, edit);
  }
  let result = "";
  let cursor = 0;
  for (const edit of accepted) {
    result += text.slice(cursor, edit.start) + edit.replacement;
    cursor = edit.end;
  }
  return result + text.slice(cursor);
}

// Every Unicode line terminator starts a line a reader sees (CR, LF, VT, FF, NEL, LS, PS; CRLF
// is one), so each gets the quote prefix; the terminators themselves are kept.
// `\x0B`, not `\v`: Stryker's regex mutator turns `\v` into `\V`, which a `/u` pattern refuses,
// and the whole module then fails to load in a mutation run.
// oxlint-disable-next-line no-control-regex -- U+000B is a line break we mean to match.
const LINE_TERMINATOR = /(\r\n|[\n\r\x0B\f\u0085\u2028\u2029])/u;

function quoteLines(text: string): string {
  const bare = CONTEXT_QUOTE_PREFIX.trimEnd();
  const parts = text.split(LINE_TERMINATOR);
  let quoted = "";
  for (let index = 0; index < parts.length; index += 2) {
    const line = parts[index]!;
    quoted +=
      line === "" || line === bare
        ? bare
        : line.startsWith(CONTEXT_QUOTE_PREFIX)
          ? line
          : `${CONTEXT_QUOTE_PREFIX}${line}`;
    quoted += parts[index + 1] ?? "";
  }
  return quoted;
}

/**
 * Projects one stored inbound text for the model. Version 4 rewrites every mention of the
 * internal-context delimiters into an inert canonical form (`[[[BEGIN_<WORD>_INTERNAL_CONTEXT]]]`)
 * and quotes context data, so inbound text can never open, close or imitate a carrier; version 3
 * is the legacy projection (the text as stored). Unknown versions throw
 * `RENDERER_UNKNOWN_PROJECTION_VERSION`; other bad arguments `RENDERER_INVALID_INPUT`. The
 * projection is idempotent.
 */
export function projectInboundText(
  text: string,
  options: ProjectInboundTextOptions,
): ProjectedInboundText {
  assertStringArgument(text, "projectInboundText", "text");
  assertObjectArgument(options, "projectInboundText", "options");
  assertTranscriptProjectionVersion(options.projectionVersion, "projectionVersion");
  const { kind } = options;
  // A misspelt kind must not silently skip the quoting of context data.
  if (kind !== undefined && kind !== "message" && kind !== "context") {
    throwInvalidArgument("projectInboundText", "options.kind", '"message" or "context"', kind);
  }
  if (options.projectionVersion === 3) return { text, changed: false };
  const patterns = resolveProjectionPatterns(options.profile);
  const shadow = buildShadowText(text);
  let projected = applyEdits(text, collectEdits(text, shadow, patterns));
  if (kind === "context") projected = quoteLines(projected);
  return { text: projected, changed: projected !== text };
}

/** A provider message with text content; other fields pass through untouched. */
export interface InboundMessage {
  readonly role: string;
  readonly text: string;
}

/**
 * Projects a message's text with `projectInboundText` and returns a new message with the same
 * role and fields: matching text never changes who a message is from.
 */
export function projectInboundMessage<Message extends InboundMessage>(
  message: Message,
  options: ProjectInboundTextOptions,
): { readonly message: Message; readonly changed: boolean } {
  assertObjectArgument(message, "projectInboundMessage", "message");
  assertStringArgument(message.text, "projectInboundMessage", "message.text");
  const projection = projectInboundText(message.text, options);
  if (!projection.changed) return { message, changed: false };
  return { message: { ...message, text: projection.text }, changed: true };
}
