import { htmlDecodeTree } from "entities/decode";

/**
 * The HTML named-character-reference table of `entities` (its decode tree, for `EntityDecoder`).
 *
 * A function rather than the constant so that the cost of the table lands on its first use, not
 * on every import: building it is most of what the renderer's bundle evaluates at import, and
 * only the carrier parser and the inbound-text projection ever decode a reference. The library
 * build (`scripts/bundle-package-dist.ts`) replaces this module with one that builds the same
 * table, unit for unit, on the first call and returns that one table from then on; from source
 * (tests, the checkout's CLI) it is entities' own table.
 */
export function getHtmlDecodeTree(): Uint16Array {
  return htmlDecodeTree;
}
