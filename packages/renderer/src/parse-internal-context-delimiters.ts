import {
  assertObjectArgument,
  assertStringArgument,
  throwInvalidArgument,
} from "./assert-argument.js";
import { OPENCLAW_PRODUCT_PROFILE } from "./product-profile.js";
import { RendererError } from "./renderer-error.js";
import type { ProductProfile } from "@promptstack/core";
import { foldCharacter, buildShadowText, toOriginalSpan } from "./build-shadow-text.js";

/** A delimiter-like span found by `parseInternalContextDelimiters`, in UTF-16 offsets of the input. */
export interface InternalContextDelimiterMatch {
  readonly kind: "begin" | "end";
  readonly start: number;
  readonly end: number;
}

/** Options shared by the carrier parser and its delimiter detector. */
export interface ParseRuntimeContextCarrierOptions {
  /** Supplies the delimiter word. Default: the OpenClaw profile. */
  readonly profile?: ProductProfile;
}

/**
 * Separators a reader skips inside a delimiter, and between its brackets and its words: any run
 * of characters that are neither letters, digits nor brackets after folding (spaces, quotes,
 * square brackets, punctuation, markup characters, decoded entities). Patterns that use it carry
 * the `u` flag.
 */
export const SHADOW_SEPARATOR = "[^\\p{L}\\p{N}<>]";

/**
 * Separators between the letters of a delimiter's words: `SHADOW_SEPARATOR` and brackets too. A
 * bracket inside the words is junk to a reader, and the projection squares it into `[` or `]`,
 * which are separators: counting it here keeps the projection idempotent.
 */
export const SHADOW_INNER_SEPARATOR = "[^\\p{L}\\p{N}]";

/**
 * What may stand between a bracket run and a delimiter's words: separators, and `i`, which is
 * what `|`, `!`, `l` and `1` fold to (a bar or a bang there is junk, not a letter).
 */
export const SHADOW_GAP = `(?:${SHADOW_SEPARATOR}|i)`;

function escapeForPattern(character: string): string {
  // Syntax characters only: the patterns are `u` patterns, where other escapes are errors.
  return character.replace(/[\\^$.*+?()[\]{}|/]/gu, "\\$&");
}

/** Pattern for `word` in the shadow, with inner separators allowed between any two characters. */
export function buildFuzzyWordPattern(word: string): string {
  return foldedLetters(word).map(escapeForPattern).join(`${SHADOW_INNER_SEPARATOR}*`);
}

/** The folded characters of `word`, separators removed. */
export function foldedLetters(word: string): string[] {
  const letters: string[] = [];
  for (const character of word) {
    for (const part of foldCharacter(character)) {
      if (!new RegExp(`^${SHADOW_SEPARATOR}$`, "u").test(part)) letters.push(part);
    }
  }
  return letters;
}

/** Shadow patterns for one profile's delimiter word. */
export interface DelimiterPatterns {
  /** `<word>INTERNALCONTEXT` with separators anywhere. */
  readonly phrase: string;
  /** `BEGIN` or `END`, captured. */
  readonly keyword: string;
  /** The folded letters of `(BEGIN|END)? <word> INTERNAL CONTEXT`. */
  readonly phraseLetters: readonly string[];
  readonly beginLetters: readonly string[];
  readonly endLetters: readonly string[];
  readonly wordPattern: string;
}

/** Builds the shadow patterns for `profile`'s delimiter word; `path` names the profile in errors. */
export function buildDelimiterPatterns(
  profile: ProductProfile,
  path = "profile",
): DelimiterPatterns {
  assertObjectArgument(profile, "The internal-context delimiters", path);
  const word: unknown = profile.delimiterWord;
  if (typeof word !== "string") {
    throwInvalidArgument(
      "The internal-context delimiters",
      `${path}.delimiterWord`,
      "a string",
      word,
    );
  }
  const wordLetters = foldedLetters(word);
  if (wordLetters.length === 0) {
    throw new RendererError(
      "RENDERER_INVALID_INPUT",
      `The product profile's delimiter word ${JSON.stringify(word)} has no letters, so internal-context delimiters cannot be told apart from separators.`,
      { path: `${path}.delimiterWord`, hint: "Use an upper-case word such as OPENCLAW." },
    );
  }
  const phraseLetters = [...wordLetters, ...foldedLetters("INTERNAL"), ...foldedLetters("CONTEXT")];
  return {
    phrase: buildFuzzyWordPattern(phraseLetters.join("")),
    keyword: `(${buildFuzzyWordPattern("BEGIN")}|${buildFuzzyWordPattern("END")})`,
    phraseLetters,
    beginLetters: foldedLetters("BEGIN"),
    endLetters: foldedLetters("END"),
    wordPattern: buildFuzzyWordPattern(profile.delimiterWord),
  };
}

/**
 * Finds every span of `text` a lenient reader would accept as an internal-context delimiter:
 * brackets, BEGIN or END, the delimiter word, INTERNAL, CONTEXT, brackets, after folding case,
 * look-alike characters, invisible characters, HTML entities, separators and line breaks.
 */
export function parseInternalContextDelimiters(
  text: string,
  options: ParseRuntimeContextCarrierOptions = {},
): readonly InternalContextDelimiterMatch[] {
  assertStringArgument(text, "parseInternalContextDelimiters", "text");
  const patterns = buildDelimiterPatterns(
    options.profile ?? OPENCLAW_PRODUCT_PROFILE,
    "options.profile",
  );
  const shadow = buildShadowText(text);
  const sep = SHADOW_SEPARATOR;
  // `<(?<!<sep*<)` enters a bracket run only at its first bracket, so long runs scan linearly.
  const delimiter = new RegExp(
    `<(?<!<${SHADOW_GAP}*<)(?:${SHADOW_GAP}*<)*${SHADOW_GAP}*${patterns.keyword}${sep}*${patterns.phrase}${SHADOW_GAP}*>(?:${SHADOW_GAP}*>)*`,
    "gu",
  );
  const matches: InternalContextDelimiterMatch[] = [];
  for (const match of shadow.text.matchAll(delimiter)) {
    const span = toOriginalSpan(shadow, match.index, match.index + match[0].length);
    const keyword = (match[1] ?? "").replace(new RegExp(sep, "gu"), "");
    matches.push({ kind: keyword.startsWith("b") ? "begin" : "end", ...span });
  }
  return matches;
}
