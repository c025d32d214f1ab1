import {
  assertObjectArgument,
  assertStringArgument,
  throwInvalidArgument,
} from "./assert-argument.js";
import {
  buildFuzzyWordPattern,
  buildShadowText,
  foldedLetters,
  SHADOW_SEPARATOR,
} from "./fold-delimiter-text.js";
import type { ShadowText } from "./fold-delimiter-text.js";
import { OPENCLAW_PRODUCT_PROFILE } from "./product-profile.js";
import { RendererError } from "./renderer-error.js";
import type { ProductProfile } from "./types.js";

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

/** Maps a shadow match back to a span of the original text. */
export function toOriginalSpan(
  shadow: ShadowText,
  shadowStart: number,
  shadowEnd: number,
): { start: number; end: number } {
  return { start: shadow.originalStart[shadowStart]!, end: shadow.originalEnd[shadowEnd - 1]! };
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
    `<(?<!<${sep}*<)(?:${sep}*<)*${sep}*${patterns.keyword}${sep}*${patterns.phrase}${sep}*>(?:${sep}*>)*`,
    "g",
  );
  const matches: InternalContextDelimiterMatch[] = [];
  for (const match of shadow.text.matchAll(delimiter)) {
    const span = toOriginalSpan(shadow, match.index, match.index + match[0].length);
    const keyword = (match[1] ?? "").replace(new RegExp(sep, "g"), "");
    matches.push({ kind: keyword.startsWith("b") ? "begin" : "end", ...span });
  }
  return matches;
}
