// The shadow of a text: a normalized copy (case, width, look-alikes, entities, invisibles and
// separators folded) in which delimiters are matched, with a map back to the original.
import { DecodingMode, EntityDecoder } from "entities/decode";
import {
  BRACKET_FOLD_KEYS,
  BRACKET_FOLD_VALUES,
  CONFUSABLE_FOLD_ASTRAL_KEYS,
  CONFUSABLE_FOLD_BMP_KEYS,
  CONFUSABLE_FOLD_VALUES,
  CONFUSABLE_FOLD_WIDTH,
} from "./confusable-folds.js";
import { getHtmlDecodeTree } from "./get-html-decode-tree.js";

// The shadow is a normalized copy of a text used only for matching: every character is folded to
// what a reader would take it for, and each shadow character remembers its original span.
export interface ShadowText {
  readonly text: string;
  readonly originalStart: readonly number[];
  readonly originalEnd: readonly number[];
}

// Separators and letters a reader takes for ASCII that have no UTS #39 prototype (the ones that do
// fold through `findConfusableFold` first and never reach these tables).
const UNDERSCORES = "ˍ⎽";
const DASHES = "―";
const DOTS = "·•‧∙・";

// Homoglyphs without a prototype: Cyrillic, Greek and small capitals; and the ASCII digits and
// symbols read as letters. `l` and `1` fold to `i` because they are mutually confusable in most
// fonts.
const LETTER_FOLDS: Readonly<Record<string, string>> = Object.freeze({
  в: "b",
  к: "k",
  м: "m",
  т: "t",
  п: "n",
  β: "b",
  ε: "e",
  κ: "k",
  τ: "t",
  χ: "x",
  ω: "w",
  ȷ: "j",
  ᴀ: "a",
  ʙ: "b",
  ᴅ: "d",
  ᴇ: "e",
  ɢ: "g",
  ʜ: "h",
  ᴊ: "j",
  ᴋ: "k",
  ʟ: "i",
  ᴍ: "m",
  ɴ: "n",
  ᴘ: "p",
  ʀ: "r",
  ᴛ: "t",
  l: "i",
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "8": "b",
  "9": "g",
  $: "s",
  "@": "a",
  "!": "i",
  "|": "i",
});

// Names of references that decode to a bracket, separator or invisible character: a trailing
// prefix of one (`&l`, `&lan`) is escaped, since the next message could complete it. Whole
// references are decoded with the full HTML table (see `createEntityDecoder`); this short list
// only keeps ordinary text like "R&D" at the end of a message untouched.
const TAIL_ENTITY_NAMES: readonly string[] = Object.freeze(
  "lt LT gt GT lsaquo rsaquo lang rang langle rangle LeftAngleBracket RightAngleBracket Lt Gt ll gg laquo raquo lowbar UnderBar shy zwj zwnj nbsp NonBreakingSpace hyphen dash period ensp emsp thinsp hairsp ZeroWidthSpace NegativeThinSpace lsquo rsquo ldquo rdquo loz lbrack rbrack".split(
    " ",
  ),
);

/**
 * Where `text` ends in a character reference that more text could still complete (`&`, `&l`,
 * `&#6`, `&lang` before `le;`), or -1. A following message could turn it into a bracket or a
 * separator.
 */
export function findOpenEntityTail(text: string): number {
  const tail = /&(#[xX]?[0-9a-fA-F]*|[A-Za-z][A-Za-z0-9]{0,40})?$/.exec(text);
  if (tail === null) return -1;
  const name = tail[1] ?? "";
  if (name === "" || name.startsWith("#")) return tail.index;
  const extendable = TAIL_ENTITY_NAMES.some(
    (known) => known.startsWith(name), // an exact name still lacks its ";"
  );
  return extendable ? tail.index : -1;
}

// Invisible: format and combining characters (accents left by NFKD) and every default-ignorable
// code point (Unicode's own list: fillers, variation selectors, tag characters, ...).
const STRIPPED = /^[\p{Cf}\p{Mn}\p{Me}\p{Cs}\p{Default_Ignorable_Code_Point}\u180e]$/u;
// `\x0B`, not `\v`: see LINE_TERMINATOR in project-inbound-text.ts.
// oxlint-disable-next-line no-control-regex -- U+000B is a line break we mean to match.
const LINE_BREAK = /^[\n\r\x0B\f\u0085\u2028\u2029]$/u;
// Blanks: every White_Space character and separator, plus characters drawn as empty cells.
const SPACE = /^[\s\p{White_Space}\p{Zs}\u2800\u3000]$/u;

/**
 * Folds one code point to what a reader would take it for (may be empty or several chars):
 * the UTS #39 confusable prototype of the whole character (some decompose into a space and a
 * mark), then compatibility decomposition (NFKD), so precomposed and decomposed spellings fold
 * alike; then the prototype of each part, before case folding (a Greek capital
 * can look like a Latin letter its lower case does not); then brackets, separators and the
 * extra look-alikes of `LETTER_FOLDS`.
 */
export function foldCharacter(character: string): string {
  let folded = "";
  const whole = findConfusableFold(character) ?? character;
  for (const decomposed of whole.normalize("NFKD")) {
    if (STRIPPED.test(decomposed)) continue;
    const prototype = findConfusableFold(decomposed) ?? decomposed;
    for (const part of prototype.toLowerCase().normalize("NFKD")) {
      if (STRIPPED.test(part)) continue;
      const skeleton = findConfusableFold(part) ?? part;
      for (const letter of skeleton) folded += foldSimple(letter);
    }
  }
  return folded;
}

/**
 * The UTS #39 prototype of one non-ASCII code point (`character` is exactly one), or `undefined`:
 * a binary search of the generated sorted tables in `confusable-folds.ts`.
 */
export function findConfusableFold(character: string): string | undefined {
  const target = character.codePointAt(0);
  if (target === undefined) return undefined;
  const astral = target > 0xffff;
  if (character.length !== (astral ? 2 : 1)) return undefined;
  const keys = astral ? CONFUSABLE_FOLD_ASTRAL_KEYS : CONFUSABLE_FOLD_BMP_KEYS;
  const step = astral ? 2 : 1;
  let low = 0;
  let high = keys.length / step - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const key = keys.codePointAt(middle * step)!;
    if (key < target) low = middle + 1;
    else if (key > target) high = middle - 1;
    else {
      const start =
        ((astral ? CONFUSABLE_FOLD_BMP_KEYS.length : 0) + middle) * CONFUSABLE_FOLD_WIDTH;
      return CONFUSABLE_FOLD_VALUES.slice(start, start + CONFUSABLE_FOLD_WIDTH).trimEnd();
    }
  }
  return undefined;
}

/**
 * The run of `<` or `>` a non-ASCII bracket look-alike reads as (`«` is `<<`), from the generated
 * Unicode table in `confusable-folds.ts`; `undefined` for anything else.
 */
export function findBracketFold(character: string): string | undefined {
  if (character.charCodeAt(0) < 0x80) return undefined;
  const at = BRACKET_FOLD_KEYS.indexOf(character);
  if (at < 0) return undefined;
  // Keys are whole code points, so a match starts at one; its ordinal is the run's field.
  let ordinal = 0;
  for (let index = 0; index < at; index += 1) {
    const code = BRACKET_FOLD_KEYS.charCodeAt(index);
    if (code < 0xdc00 || code > 0xdfff) ordinal += 1;
  }
  return BRACKET_FOLD_VALUES.split("|")[ordinal];
}

function foldSimple(part: string): string {
  const bracket = findBracketFold(part);
  if (bracket !== undefined) return bracket;
  if (UNDERSCORES.includes(part)) return "_";
  if (DASHES.includes(part)) return "-";
  if (DOTS.includes(part)) return ".";
  if (LINE_BREAK.test(part)) return "\n";
  if (SPACE.test(part)) return " ";
  return LETTER_FOLDS[part] ?? part;
}

// ASCII is most of any message: it folds by table instead of normalizing char by char. The
// table is the lower case folded by `LETTER_FOLDS` (digits and symbols that read as letters),
// with the blanks below (what `foldCharacter` gives, which a test checks for every ASCII
// character): computing it with `foldCharacter` at import compiled the Unicode property patterns
// above and cost several milliseconds of every cold start.
const ASCII_BLANK_FOLDS: Readonly<Record<string, string>> = Object.freeze({
  "\t": " ",
  "\v": "\n",
  "\f": "\n",
  "\r": "\n",
});

/** What each ASCII character folds to, by code (see `foldCharacter`). */
export const ASCII_FOLDS: readonly string[] = Object.freeze(
  Array.from({ length: 128 }, (_, code) => {
    const character = String.fromCharCode(code);
    const lower = character.toLowerCase();
    return ASCII_BLANK_FOLDS[character] ?? LETTER_FOLDS[lower] ?? lower;
  }),
);

// Character references follow the HTML standard through the `entities` decoder: the full
// named-reference table (with the legacy names that need no semicolon) and the WHATWG numeric
// rules (any number of leading zeros, windows-1252 remapping, U+FFFD for out-of-range values).
// One decoder per shadow: the renderer keeps no module-level state.
type EntityDecoderAt = (
  text: string,
  index: number,
) => { decoded: string; length: number } | undefined;

function createEntityDecoder(): EntityDecoderAt {
  let codePoints: number[] = [];
  let consumed = 0;
  const decoder = new EntityDecoder(getHtmlDecodeTree(), (codePoint, length) => {
    codePoints.push(codePoint);
    consumed = length;
  });
  return (text, index) => {
    codePoints = [];
    consumed = 0;
    decoder.startEntity(DecodingMode.Legacy);
    if (decoder.write(text, index + 1) < 0) decoder.end();
    if (codePoints.length === 0 || consumed <= 1) return undefined;
    return { decoded: String.fromCodePoint(...codePoints), length: consumed };
  };
}

// Inline HTML a Markdown or HTML view hides: a bare formatting tag (no attributes, which could
// hold the delimiter's own words) or a comment without letters or digits. Between the brackets
// and the words of a delimiter it hides nothing from the reader. Bounded, so checking it at each
// `<` keeps the shadow linear.
const MARKUP_MAX_LENGTH = 96;
const INLINE_MARKUP =
  /^<(?:!--[^\p{L}\p{N}<>]{0,88}?-->|\/?(?:a|b|i|u|s|q|em|tt|del|ins|kbd|sub|sup|code|font|mark|span|small|strong|strike)\s*\/?>)/iu;

/** The length of the inline markup tag or comment at `index` (a `<`), or 0. */
function matchInlineMarkup(text: string, index: number): number {
  return INLINE_MARKUP.exec(text.slice(index, index + MARKUP_MAX_LENGTH))?.[0].length ?? 0;
}

/** Builds the normalized shadow of `text` with a map from each shadow char back to `text`. */
export function buildShadowText(text: string): ShadowText {
  const parts: string[] = [];
  const originalStart: number[] = [];
  const originalEnd: number[] = [];
  const decodeEntityAt = createEntityDecoder();
  let index = 0;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    let folded: string;
    let length = 1;
    const markup = code === 0x3c ? matchInlineMarkup(text, index) : 0;
    if (markup > 0) {
      // Inline markup a renderer hides reads as nothing: one separator.
      folded = " ";
      length = markup;
    } else if (code < 0x80 && code !== 0x26) {
      folded = ASCII_FOLDS[code]!;
    } else {
      const codePoint = text.codePointAt(index)!;
      length = codePoint > 0xffff ? 2 : 1;
      let raw = codePoint >= 0xd800 && codePoint <= 0xdfff ? "" : String.fromCodePoint(codePoint);
      if (code === 0x26) {
        const entity = decodeEntityAt(text, index);
        if (entity !== undefined) {
          raw = entity.decoded;
          length = entity.length;
        }
      }
      folded = raw === "" ? "" : foldCharacter(raw);
    }
    for (let offset = 0; offset < folded.length; offset += 1) {
      originalStart.push(index);
      originalEnd.push(index + length);
    }
    parts.push(folded);
    index += length;
  }
  return { text: parts.join(""), originalStart, originalEnd };
}

/** Maps a shadow match back to a span of the original text. */
export function toOriginalSpan(
  shadow: ShadowText,
  shadowStart: number,
  shadowEnd: number,
): { start: number; end: number } {
  return { start: shadow.originalStart[shadowStart]!, end: shadow.originalEnd[shadowEnd - 1]! };
}
