/** Longest piece handed to BPE when a run has no natural break. */
export const TOKEN_COUNT_MAX_RUN_CHARS = 128;
/** Pieces are joined up to about this size, so ordinary text makes few calls. */
const TARGET_CHUNK_CHARS = 4096;

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
  // One pass with the character tests written out and each code unit read once: the command line
  // runs this cold (interpreted) over every text it counts, where a call per test per character
  // cost about twice the time (5 against 12 ms for the demo's texts, fresh processes).
  const chunks: string[] = [];
  const length = text.length;
  let start = 0;
  let lastBreak = 0;
  let previous = text.charCodeAt(0);
  let code = text.charCodeAt(1);
  for (let index = 1; index < length; index += 1) {
    const next = text.charCodeAt(index + 1);
    // Natural cuts: before the last space of a run that leads into a non-space (` word`,
    // ` <tag`); after a line break that leads into a non-space other than "/" (punctuation may
    // take `[\r\n/]*`); between an ASCII letter and ASCII punctuation other than an apostrophe
    // (a word piece ends at its letters; `'s`, `'ll` continue it). Spaces here: space, tab, LF, CR.
    const natural =
      (code === 0x20 &&
        index + 1 < length &&
        next !== 0x20 &&
        next !== 0x09 &&
        next !== 0x0a &&
        next !== 0x0d) ||
      (previous === 0x0a &&
        code !== 0x20 &&
        code !== 0x09 &&
        code !== 0x0a &&
        code !== 0x0d &&
        code !== 0x2f) ||
      (((previous >= 0x41 && previous <= 0x5a) || (previous >= 0x61 && previous <= 0x7a)) &&
        code !== 0x27 &&
        ((code >= 0x21 && code <= 0x2f) ||
          (code >= 0x3a && code <= 0x40) ||
          (code >= 0x5b && code <= 0x60) ||
          (code >= 0x7b && code <= 0x7e)));
    if (natural) {
      lastBreak = index;
      if (index - start >= TARGET_CHUNK_CHARS) {
        chunks.push(text.slice(start, index));
        start = index;
      }
    } else if (
      index - lastBreak >= TOKEN_COUNT_MAX_RUN_CHARS &&
      // Never between the halves of a surrogate pair.
      !(previous >= 0xd800 && previous <= 0xdbff)
    ) {
      chunks.push(text.slice(start, index));
      start = index;
      lastBreak = index;
    }
    previous = code;
    code = next;
  }
  if (start < length || chunks.length === 0) chunks.push(text.slice(start));
  return chunks;
}
