/**
 * The character classes of the o200k pre-tokenizer, as the text between the brackets of each
 * class (`number` is a whole class or escape). gpt-tokenizer's pattern has them as Unicode
 * property escapes (`O200K_FULL_CLASSES`).
 */
export interface O200kPatternClasses {
  /** Letters and numbers: `\p{L}\p{N}`. */
  readonly letterOrNumber: string;
  /** What may lead a word: `\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}`. */
  readonly upper: string;
  /** What may follow it: `\p{Ll}\p{Lm}\p{Lo}\p{M}`. */
  readonly lower: string;
  /** A number: `\p{N}`. */
  readonly number: string;
}

/** The classes of gpt-tokenizer's `O200K_TOKEN_SPLIT_REGEX`. */
export const O200K_FULL_CLASSES: O200kPatternClasses = {
  letterOrNumber: String.raw`\p{L}\p{N}`,
  upper: String.raw`\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}`,
  lower: String.raw`\p{Ll}\p{Lm}\p{Lo}\p{M}`,
  number: String.raw`\p{N}`,
};

/** The same classes restricted to ASCII, where they are exactly these ranges. */
const ASCII_CLASSES: O200kPatternClasses = {
  letterOrNumber: "A-Za-z0-9",
  upper: "A-Z",
  lower: "a-z",
  number: "[0-9]",
};

const CONTRACTION = "(?:'(?:[sS]|[dD]|[mM]|[tT]|[lL][lL]|[vV][eE]|[rR][eE]))";

/**
 * The o200k pre-tokenizer's pattern over the given classes; with `O200K_FULL_CLASSES` it is
 * gpt-tokenizer's `O200K_TOKEN_SPLIT_REGEX` source, character for character (the test checks).
 */
export function buildO200kSplitPattern(classes: O200kPatternClasses): string {
  const { letterOrNumber, upper, lower, number } = classes;
  return [
    String.raw`[^\r\n${letterOrNumber}]?[${upper}]*[${lower}]+${CONTRACTION}?`,
    String.raw`[^\r\n${letterOrNumber}]?[${upper}]+[${lower}]*${CONTRACTION}?`,
    `${number}{1,3}`,
    String.raw` ?[^\s${letterOrNumber}]+[\r\n/]*`,
    String.raw`\s*[\r\n]+`,
    String.raw`\s+(?!\S)`,
    String.raw`\s+`,
  ].join("|");
}

/**
 * Which classes a code point outside ASCII is in, by its general category (a partition, so one
 * group matches): 1 Lu/Lt (letter, upper), 2 Ll (letter, lower), 3 Lm/Lo (letter, both),
 * 4 M (both, not a letter), 5 N (number); no match: none of the classes.
 */
const CATEGORY = /^(?:([\p{Lu}\p{Lt}])|(\p{Ll})|([\p{Lm}\p{Lo}])|(\p{M})|(\p{N}))$/u;
const NON_ASCII = /[^\0-\x7f]/gu;
/**
 * Past this many code points outside ASCII in its classes, the splitter uses the full pattern:
 * a class of every distinct character a long non-Latin text holds would cost more to compile.
 */
const MAX_EXTRA_CODE_POINTS = 256;

/** Splits a text into o200k pre-tokenizer pieces (what `text.match(O200K_TOKEN_SPLIT_REGEX)` gives). */
export type O200kSplitter = (text: string) => RegExpMatchArray | null;

/**
 * Creates a splitter with the pieces of gpt-tokenizer's `O200K_TOKEN_SPLIT_REGEX`, cheaper to
 * start: V8 compiles that pattern's Unicode property classes (thousands of ranges, each used
 * several times) in about 30 ms on its first match. A pattern whose classes list only what the
 * text holds matches the same pieces, since a class is only asked about the text's characters:
 * the splitter matches with ASCII ranges plus every character outside ASCII it has met so far,
 * sorted into the classes by `CATEGORY` (a single-code-point match, a few ms to compile), and
 * rebuilds the pattern when a text brings a new letter, mark or number. Past
 * `MAX_EXTRA_CODE_POINTS` of them it switches to the full pattern. One splitter per counter.
 * `compile` turns a pattern into the expression the splitter matches with (a parameter so that
 * a test can see which patterns the splitter builds, and when).
 */
export function createO200kSplitter(
  compile: (pattern: string) => RegExp = (pattern) => new RegExp(pattern, "gu"),
): O200kSplitter {
  let splitter = compile(buildO200kSplitPattern(ASCII_CLASSES));
  let full = false;
  // Every code point outside ASCII met so far, and the classes of each (0: none).
  const met = new Map<string, number>();
  const extra = { letterOrNumber: "", upper: "", lower: "", number: "" };
  let extraCount = 0;

  /** Adds `char` to the classes; true when the pattern changes. */
  const meet = (char: string): boolean => {
    if (met.has(char)) return false;
    const groups = CATEGORY.exec(char);
    const category = groups === null ? 0 : groups.findIndex((group, index) => index > 0 && group);
    met.set(char, category);
    if (category === 0) return false;
    const escaped = `\\u{${(char.codePointAt(0) as number).toString(16)}}`;
    extraCount += 1;
    if (category !== 4) extra.letterOrNumber += escaped;
    if (category === 1 || category === 3 || category === 4) extra.upper += escaped;
    if (category === 2 || category === 3 || category === 4) extra.lower += escaped;
    if (category === 5) extra.number += escaped;
    return true;
  };

  return (text) => {
    if (!full) {
      const chars = text.match(NON_ASCII);
      if (chars !== null) {
        let changed = false;
        for (const char of chars) changed = meet(char) || changed;
        if (extraCount > MAX_EXTRA_CODE_POINTS) {
          full = true;
          splitter = compile(buildO200kSplitPattern(O200K_FULL_CLASSES));
        } else if (changed) {
          splitter = compile(
            buildO200kSplitPattern({
              letterOrNumber: ASCII_CLASSES.letterOrNumber + extra.letterOrNumber,
              upper: ASCII_CLASSES.upper + extra.upper,
              lower: ASCII_CLASSES.lower + extra.lower,
              number: `[0-9${extra.number}]`,
            }),
          );
        }
      }
    }
    return text.match(splitter);
  };
}
