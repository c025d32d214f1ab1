const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Normalizes file text for injection: drops a leading BOM, turns CRLF into LF and replaces lone
 * UTF-16 surrogates (possible in hook-supplied strings) with U+FFFD.
 */
export function normalizeBootstrapText(text: string): string {
  const withoutBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lf = withoutBom.includes("\r\n") ? withoutBom.replace(/\r\n/g, "\n") : withoutBom;
  return lf.replace(LONE_SURROGATE, "\uFFFD");
}
