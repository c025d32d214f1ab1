function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** The first `length` UTF-16 units of `text`, one fewer when the cut would split a pair. */
export function sliceHeadSurrogateSafe(text: string, length: number): string {
  let end = Math.max(0, Math.min(length, text.length));
  if (end > 0 && end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
  return text.slice(0, end);
}

/** `text` from `start` on, one later when `start` would begin inside a pair. */
export function sliceTailSurrogateSafe(text: string, start: number): string {
  let from = Math.max(0, Math.min(start, text.length));
  if (from > 0 && from < text.length && isLowSurrogate(text.charCodeAt(from))) from += 1;
  return text.slice(from);
}
