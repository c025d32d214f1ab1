const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Normalizes file text for injection: drops a leading BOM, turns CRLF into LF and replaces lone
 * UTF-16 surrogates (possible in hook-supplied strings) with U+FFFD. Text that does not start a
 * file (`startsFile: false`, the tail window of a large file) keeps a leading U+FEFF: there it
 * is a character of the file, not a byte order mark.
 */
export function normalizeBootstrapText(
  text: string,
  options: { readonly startsFile?: boolean } = {},
): string {
  const bom = options.startsFile !== false && text.charCodeAt(0) === 0xfeff;
  const withoutBom = bom ? text.slice(1) : text;
  const lf = withoutBom.includes("\r\n") ? withoutBom.replace(/\r\n/g, "\n") : withoutBom;
  return lf.replace(LONE_SURROGATE, "\uFFFD");
}
