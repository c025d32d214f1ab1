/**
 * Folding for delimiter detection: a "shadow" copy of a text in which every character is mapped
 * to what a reader would take it for (look-alike brackets, letters, entities), keeping each
 * shadow character's original span. Used by the delimiter detector and inbound projection.
 */
// The shadow is a normalized copy of a text used only for matching: every character is folded to
// what a reader would take it for, and each shadow character remembers its original span.
export interface ShadowText {
  readonly text: string;
  readonly originalStart: readonly number[];
  readonly originalEnd: readonly number[];
}

// Characters a reader could take for an opening or closing angle bracket (after NFKC).
const LEFT_BRACKETS = "<‹〈⟨❮❬❰⧼ᐸ˂⦉⦑⦓⊲◁◂◃◄◅᚜";
const RIGHT_BRACKETS = ">›〉⟩❯❭❱⧽ᐳ˃⦊⦒⦔⊳▷▸▹►▻᚛";
const MULTI_BRACKETS: Readonly<Record<string, string>> = Object.freeze({
  "«": "<<",
  "《": "<<",
  "≪": "<<",
  "⟪": "<<",
  "⋘": "<<<",
  "»": ">>",
  "》": ">>",
  "≫": ">>",
  "⟫": ">>",
  "⋙": ">>>",
});
const UNDERSCORES = "_‗ˍ⎽";
const DASHES = "‐‑‒–—―−⁃﹘";
const DOTS = "·•‧∙・";

// Homoglyphs that survive NFKC: Cyrillic, Greek, small capitals, digits and symbols read as letters.
// `l` and `1` fold to `i` because they are mutually confusable in most fonts.
const LETTER_FOLDS: Readonly<Record<string, string>> = Object.freeze({
  а: "a",
  в: "b",
  е: "e",
  ё: "e",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  і: "i",
  ї: "i",
  ј: "j",
  ѕ: "s",
  ԁ: "d",
  п: "n",
  ɡ: "g",
  α: "a",
  β: "b",
  γ: "y",
  ε: "e",
  η: "n",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  ω: "w",
  ϲ: "c",
  ϳ: "j",
  ı: "i",
  ȷ: "j",
  ɩ: "i",
  ɑ: "a",
  ᴀ: "a",
  ʙ: "b",
  ᴄ: "c",
  ᴅ: "d",
  ᴇ: "e",
  ɢ: "g",
  ʜ: "h",
  ɪ: "i",
  ᴊ: "j",
  ᴋ: "k",
  ʟ: "i",
  ᴍ: "m",
  ɴ: "n",
  ᴏ: "o",
  ᴘ: "p",
  ʀ: "r",
  ꜱ: "s",
  ᴛ: "t",
  ᴜ: "u",
  ᴠ: "v",
  ᴡ: "w",
  ʏ: "y",
  ᴢ: "z",
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

// Named HTML entities that decode to something the patterns care about.
const NAMED_ENTITIES: Readonly<Record<string, string>> = Object.freeze({
  lt: "<",
  LT: "<",
  gt: ">",
  GT: ">",
  lsaquo: "‹",
  rsaquo: "›",
  lang: "⟨",
  rang: "⟩",
  langle: "⟨",
  rangle: "⟩",
  Lt: "≪",
  Gt: "≫",
  ll: "≪",
  gg: "≫",
  laquo: "«",
  raquo: "»",
  lowbar: "_",
  UnderBar: "_",
  shy: "\u00ad",
  zwj: "\u200d",
  zwnj: "\u200c",
  nbsp: "\u00a0",
  hyphen: "‐",
  dash: "‐",
  period: ".",
});

/**
 * Where `text` ends in an entity that more text could still complete (`&`, `&l`, `&#6`, `&lang`
 * before `le;`), or -1. A following message could turn it into a bracket or a separator.
 */
export function findOpenEntityTail(text: string): number {
  const tail = /&(#[xX]?[0-9a-fA-F]*|[A-Za-z][A-Za-z0-9]*)?$/.exec(text);
  if (tail === null) return -1;
  const name = tail[1] ?? "";
  if (name === "" || name.startsWith("#")) return tail.index;
  const extendable = Object.keys(NAMED_ENTITIES).some(
    (known) => known.length > name.length && known.startsWith(name),
  );
  return extendable ? tail.index : -1;
}

const STRIPPED = /^[\p{Cf}\p{Mn}\p{Me}\p{Cs}\u115f\u1160\u3164\uffa0\u180e]$/u;
const LINE_BREAK = /^[\n\r\v\f\u0085\u2028\u2029]$/u;
const SPACE = /^\s$/u;

/** Folds one code point to what a reader would take it for (may be empty or several chars). */
export function foldCharacter(character: string): string {
  let folded = "";
  for (const part of character.normalize("NFKC").toLowerCase()) {
    if (STRIPPED.test(part)) continue;
    const multi = MULTI_BRACKETS[part];
    if (multi !== undefined) folded += multi;
    else if (LEFT_BRACKETS.includes(part)) folded += "<";
    else if (RIGHT_BRACKETS.includes(part)) folded += ">";
    else if (UNDERSCORES.includes(part)) folded += "_";
    else if (DASHES.includes(part)) folded += "-";
    else if (DOTS.includes(part)) folded += ".";
    else if (LINE_BREAK.test(part)) folded += "\n";
    else if (SPACE.test(part)) folded += " ";
    else folded += LETTER_FOLDS[part] ?? part;
  }
  return folded;
}

// ASCII is most of any message: fold it once, by table, instead of normalizing char by char.
const ASCII_FOLDS: readonly string[] = Object.freeze(
  Array.from({ length: 128 }, (_, code) => foldCharacter(String.fromCharCode(code))),
);

// Anchored and neither global nor sticky, so one compiled pattern is shared without any state;
// it reads a short slice, as no entity is longer than `ENTITY_MAX_LENGTH`. Compiling a sticky
// pattern per `&` used to dominate the projection of ordinary text.
const ENTITY_AT_START = /^&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{0,31}))(;?)/;
const ENTITY_MAX_LENGTH = 34;

function decodeEntityAt(
  text: string,
  index: number,
): { decoded: string; length: number } | undefined {
  const match = ENTITY_AT_START.exec(text.slice(index, index + ENTITY_MAX_LENGTH));
  if (match === null) return undefined;
  const [whole, decimal, hex, name, semicolon] = match;
  if (name === undefined) {
    const codePoint = decimal === undefined ? Number.parseInt(hex ?? "", 16) : Number(decimal);
    if (codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return undefined;
    return { decoded: String.fromCodePoint(codePoint), length: whole.length };
  }
  const exact = NAMED_ENTITIES[name];
  if (exact !== undefined) return { decoded: exact, length: 1 + name.length + semicolon!.length };
  // Browsers also decode a known name without its semicolon, followed by more letters.
  for (let size = name.length - 1; size >= 2; size -= 1) {
    const prefix = NAMED_ENTITIES[name.slice(0, size)];
    if (prefix !== undefined) return { decoded: prefix, length: 1 + size };
  }
  return undefined;
}

/** Builds the normalized shadow of `text` with a map from each shadow char back to `text`. */
export function buildShadowText(text: string): ShadowText {
  const parts: string[] = [];
  const originalStart: number[] = [];
  const originalEnd: number[] = [];
  let index = 0;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    let folded: string;
    let length = 1;
    if (code < 0x80 && code !== 0x26) {
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

/** Separators a reader skips inside a delimiter: whitespace, underscores, dashes, markup. */
export const SHADOW_SEPARATOR = "[\\s_\\-.*~`]";

function escapeForPattern(character: string): string {
  return character.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");
}

/** Pattern for `word` in the shadow, with separators allowed between any two characters. */
export function buildFuzzyWordPattern(word: string): string {
  return foldedLetters(word).map(escapeForPattern).join(`${SHADOW_SEPARATOR}*`);
}

/** The folded characters of `word`, separators removed. */
export function foldedLetters(word: string): string[] {
  const letters: string[] = [];
  for (const character of word) {
    for (const part of foldCharacter(character)) {
      if (!new RegExp(`^${SHADOW_SEPARATOR}$`).test(part)) letters.push(part);
    }
  }
  return letters;
}
