import { sliceHeadSurrogateSafe, sliceTailSurrogateSafe } from "./slice-surrogate-safe.js";

/** Options of `truncateBootstrapContent`. */
export interface TruncateBootstrapContentOptions {
  /** File name shown in the marker. */
  readonly name: string;
  /** Maximum injected length in UTF-16 units, marker included. */
  readonly limit: number;
  /** Length of the whole file, when `content` holds only part of it (default: content length). */
  readonly rawChars?: number;
  /** Where the unread middle of a large file sits in `content`; head and tail never cross it. */
  readonly gapAt?: number;
}

/** Result of `truncateBootstrapContent`. */
export interface TruncatedBootstrapContent {
  readonly text: string;
  readonly truncated: boolean;
  /** Original chars kept (head plus tail), markers excluded. */
  readonly keptChars: number;
}

const HEAD_SHARE = 0.75;
const COMPACT_MARKER = "\n[... truncated ...]\n";
/** Below this much content space, even the compact marker is dropped for a plain cut. */
const MIN_CONTENT_WITH_MARKER = 8;

function formatFullMarker(name: string, kept: number, raw: number): string {
  return `\n[... truncated ${name}: kept ${kept} of ${raw} chars ...]\n`;
}

/**
 * Cuts `content` to `limit` chars: 75% head and 25% tail around a marker naming the file and
 * the kept/total counts. A compact marker replaces the full one when the full one would take
 * more room than the content it frames. Never splits a surrogate pair; never exceeds `limit`.
 */
export function truncateBootstrapContent(
  content: string,
  options: TruncateBootstrapContentOptions,
): TruncatedBootstrapContent {
  const { name, limit } = options;
  const headEnd = options.gapAt ?? content.length;
  const tailStart = options.gapAt ?? 0;
  const raw = options.rawChars ?? content.length;
  if (options.gapAt === undefined && content.length <= limit) {
    return { text: content, truncated: false, keptChars: content.length };
  }
  const budget = Math.max(0, Math.floor(limit));
  // Kept counts never have more digits than the limit, so this length is an upper bound.
  const fullMarkerBound = formatFullMarker(name, budget, raw).length;
  const useFullMarker = budget - fullMarkerBound >= fullMarkerBound;
  const contentSpace = budget - (useFullMarker ? fullMarkerBound : COMPACT_MARKER.length);
  if (contentSpace < MIN_CONTENT_WITH_MARKER) {
    const head = sliceHeadSurrogateSafe(content, Math.min(budget, headEnd));
    return { text: head, truncated: true, keptChars: head.length };
  }
  const headTarget = Math.floor(contentSpace * HEAD_SHARE);
  const tailTarget = contentSpace - headTarget;
  const head = sliceHeadSurrogateSafe(content, Math.min(headTarget, headEnd));
  const tail =
    tailTarget > 0
      ? sliceTailSurrogateSafe(content, Math.max(content.length - tailTarget, tailStart))
      : "";
  const kept = head.length + tail.length;
  const marker = useFullMarker ? formatFullMarker(name, kept, raw) : COMPACT_MARKER;
  return { text: head + marker + tail, truncated: true, keptChars: kept };
}
