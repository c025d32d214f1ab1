/** Longest piece handed to BPE when a run has no natural break. */
export const TOKEN_COUNT_MAX_RUN_CHARS = 128;
/** Pieces are joined up to about this size, so ordinary text makes few calls. */
const TARGET_CHUNK_CHARS = 4096;

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

function isAsciiLetter(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

// Punctuation ends a letter run's piece, except the apostrophe of a contraction (`'s`, `'ll`).
function isAsciiPunctuation(code: number): boolean {
  return (
    code !== 0x27 &&
    ((code >= 0x21 && code <= 0x2f) ||
      (code >= 0x3a && code <= 0x40) ||
      (code >= 0x5b && code <= 0x60) ||
      (code >= 0x7b && code <= 0x7e))
  );
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * Splits text into chunks whose token counts add up to the count of the whole, in linear time.
 * BPE is quadratic in the length of one pre-tokenized piece (a 300 KB run of one letter), so no
 * chunk may hold a run longer than `TOKEN_COUNT_MAX_RUN_CHARS` without a break.
 *
 * Natural cuts fall where the o200k pre-tokenizer always starts a new piece, so they change no
 * count: before the last space of a run that leads into a non-space (` word`, ` 123`, ` <a>`),
 * after a line break that leads into a non-space, and between an ASCII letter and ASCII
 * punctuation other than an apostrophe (a word piece ends at its letters).
 * A run with no such cut for `TOKEN_COUNT_MAX_RUN_CHARS` characters is cut there (never inside a
 * surrogate pair); each forced cut can shift the count by a token, which only text that is not
 * prose (long one-character runs, base64) ever meets. Pure; O(n).
 */
export function splitTextForTokenCounting(text: string): string[] {
  const chunks: string[] = [];
  let start = 0;
  let lastBreak = 0;
  for (let index = 1; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const next = text.charCodeAt(index + 1);
    // Before the last space of a run that leads into a non-space (` word`, ` <tag`); after a
    // line break that leads into a non-space other than "/" (punctuation may take `[\r\n/]*`).
    const natural =
      (code === 0x20 && index + 1 < text.length && !isSpace(next)) ||
      (text.charCodeAt(index - 1) === 0x0a && !isSpace(code) && code !== 0x2f) ||
      (isAsciiLetter(text.charCodeAt(index - 1)) && isAsciiPunctuation(code));
    if (natural) {
      lastBreak = index;
      if (index - start >= TARGET_CHUNK_CHARS) {
        chunks.push(text.slice(start, index));
        start = index;
      }
      continue;
    }
    if (
      index - lastBreak >= TOKEN_COUNT_MAX_RUN_CHARS &&
      !isHighSurrogate(text.charCodeAt(index - 1))
    ) {
      chunks.push(text.slice(start, index));
      start = index;
      lastBreak = index;
    }
  }
  if (start < text.length || chunks.length === 0) chunks.push(text.slice(start));
  return chunks;
}
