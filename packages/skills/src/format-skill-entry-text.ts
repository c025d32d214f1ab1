/**
 * The text of one `<skill>` entry: inline normalization (one line, XML-safe characters), display
 * paths, and XML escaping with the escaped-length arithmetic the budget ladder relies on. Pure.
 */
const XML_INVALID =
  // oxlint-disable-next-line no-control-regex -- XML 1.0 forbids these characters; matching them is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/**
 * Whitespace other than the ASCII space, double spaces, controls, U+0085, surrogates and
 * non-characters: what `normalizeInline` and `normalizePath` rewrite. One pass over the char
 * codes; a regular expression with the double-space alternative tried both branches at every
 * position and was the largest cost of formatting a long list.
 */
function needsInlineWork(value: string): boolean {
  let previous = 0;
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x85 || (code === 0x20 && previous === 0x20)) return true;
    if (code >= 0xa0 && isSpecialAbove7F(code)) return true;
    previous = code;
  }
  return false;
}

function isSpecialAbove7F(code: number): boolean {
  return (
    code === 0x00a0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff ||
    (code >= 0xd800 && code <= 0xdfff) ||
    code === 0xfffe ||
    code === 0xffff
  );
}

const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;

/** Collapses whitespace runs (newlines included) to one space and replaces XML-invalid characters with U+FFFD. */
export function normalizeInline(value: string): string {
  if (!needsInlineWork(value) && value[0] !== " " && value[value.length - 1] !== " ") {
    return value;
  }
  return value.replace(XML_INVALID, "\uFFFD").replace(/\s+/g, " ").trim();
}

// Paths keep their spaces; only characters that cannot stay on one XML line are replaced.
export function normalizePath(value: string): string {
  if (!needsInlineWork(value)) return value;
  return value.replace(XML_INVALID, "\uFFFD").replace(LINE_BREAKS, " ");
}

export function trimTrailingSeparators(dir: string): string {
  let end = dir.length;
  while (end > 1 && (dir[end - 1] === "/" || dir[end - 1] === "\\")) end -= 1;
  return dir.slice(0, end);
}

export function toDisplayPath(filePath: string, home: string | undefined): string {
  if (home === undefined || home === "" || home === "/" || home === "\\") return filePath;
  if (filePath === home) return "~";
  if (filePath.startsWith(home)) {
    const next = filePath[home.length];
    if (next === "/" || next === "\\") return `~${filePath.slice(home.length)}`;
  }
  return filePath;
}

const ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};
const NEEDS_ESCAPE = /[&<>"']/;

/** Escapes `& < > " '` as the five predefined XML entities. */
export function escapeXml(value: string): string {
  if (!NEEDS_ESCAPE.test(value)) return value;
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character] as string);
}

function escapedUnitLength(code: number): number {
  return code < 0x80 ? 1 + (ESCAPE_GROWTH[code] as number) : 1;
}

/** Extra units each ASCII character gains when escaped (`&` becomes 5 units, ...). */
const ESCAPE_GROWTH = new Uint8Array(128);
ESCAPE_GROWTH[38] = 4;
ESCAPE_GROWTH[60] = 3;
ESCAPE_GROWTH[62] = 3;
ESCAPE_GROWTH[34] = 5;
ESCAPE_GROWTH[39] = 5;

/** `escapedLength(value)` when `normalizeInline` would keep `value` as it is, else -1. */
export function cleanEscapedLength(value: string): number {
  const last = value.length - 1;
  if (last < 0) return 0;
  if (value.charCodeAt(0) === 0x20 || value.charCodeAt(last) === 0x20) return -1;
  let length = value.length;
  let previous = 0;
  for (let index = 0; index <= last; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x80) {
      if (code < 0x20 || (code === 0x20 && previous === 0x20)) return -1;
      length += ESCAPE_GROWTH[code] as number;
    } else if (code >= 0xa0 && isSpecialAbove7F(code)) {
      return -1;
    }
    previous = code;
  }
  return length;
}

// Escaped length of value.slice(0, end) (of all of value by default).
export function escapedLength(value: string, end = value.length): number {
  let length = end;
  if (end === value.length && !NEEDS_ESCAPE.test(value)) return length;
  for (let index = 0; index < end; index += 1) {
    length += escapedUnitLength(value.charCodeAt(index)) - 1;
  }
  return length;
}

// Positions of characters that escape to more than one unit; empty for most descriptions.
export function escapePositions(value: string): Int32Array {
  if (!NEEDS_ESCAPE.test(value)) return EMPTY_POSITIONS;
  const positions: number[] = [];
  for (let index = 0; index < value.length; index += 1) {
    if (escapedUnitLength(value.charCodeAt(index)) > 1) positions.push(index);
  }
  return Int32Array.from(positions);
}
const EMPTY_POSITIONS = new Int32Array(0);

// Escaped length of value.slice(0, cut), given the escape positions of value.
export function escapedPrefixLength(value: string, positions: Int32Array, cut: number): number {
  let length = cut;
  for (let index = 0; index < positions.length; index += 1) {
    const position = positions[index] as number;
    if (position >= cut) break;
    length += escapedUnitLength(value.charCodeAt(position)) - 1;
  }
  return length;
}

// Never split a surrogate pair: step back when the cut would keep only the high half.
export function surrogateSafeCut(value: string, cut: number): number {
  if (cut <= 0) return 0;
  const code = value.charCodeAt(cut - 1);
  return code >= 0xd800 && code <= 0xdbff ? cut - 1 : cut;
}
