import { RendererError } from "./renderer-error.js";

/** How inbound transcript text is projected for the model: 3 legacy, 4 hardened. */
export type TranscriptProjectionVersion = 3 | 4;

/** Every projection version this renderer can produce, oldest first. */
export const TRANSCRIPT_PROJECTION_VERSIONS: readonly TranscriptProjectionVersion[] = Object.freeze(
  [3, 4],
);

/** The version new sessions record. */
export const CURRENT_TRANSCRIPT_PROJECTION_VERSION: TranscriptProjectionVersion = 4;

/**
 * Where a transcript comes from. `existing` reopens a session (e.g. after a restart); `fork`,
 * `resume`, `reset` (a reset boundary inside a transcript), `compaction` and `adopted` (retained
 * history taken over unchanged) continue a source transcript.
 */
export type TranscriptOrigin =
  "new" | "existing" | "fork" | "resume" | "reset" | "compaction" | "adopted";

/** The projection-relevant part of a transcript header. */
export interface TranscriptHeader {
  readonly origin: TranscriptOrigin;
  /**
   * The recorded version: the session's own for `existing`, the source transcript's otherwise.
   * Absent on headers written before versions were recorded, which means version 3.
   */
  readonly projectionVersion?: number;
}

const ORIGINS: readonly string[] = [
  "new",
  "existing",
  "fork",
  "resume",
  "reset",
  "compaction",
  "adopted",
];

function describeValue(value: unknown): string {
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "(not a number)";
  if (typeof value === "string") return JSON.stringify(value);
  if (value === undefined) return "(missing)";
  return value === null ? "(empty)" : `(a value of type ${typeof value})`;
}

/** Throws `RENDERER_UNKNOWN_PROJECTION_VERSION` unless `value` is a known projection version. */
export function assertTranscriptProjectionVersion(
  value: unknown,
  path: string,
): asserts value is TranscriptProjectionVersion {
  if (!TRANSCRIPT_PROJECTION_VERSIONS.some((version) => version === value)) {
    throw new RendererError(
      "RENDERER_UNKNOWN_PROJECTION_VERSION",
      `Unknown transcript projection version ${describeValue(value)} at ${path}; known versions are ${TRANSCRIPT_PROJECTION_VERSIONS.join(" and ")}. Nothing was submitted to the model.`,
      {
        path,
        hint: "Resolve the version with resolveTranscriptProjectionVersion(header), or repair the transcript header with the doctor.",
      },
    );
  }
}

/**
 * Picks the projection version for a transcript: new sessions 4; existing sessions, forks,
 * resumes, reset boundaries, compactions and adopted history keep the recorded version;
 * headerless legacy history (the doctor's repair path) 3; unknown versions are rejected.
 */
export function resolveTranscriptProjectionVersion(
  header: TranscriptHeader | undefined,
): TranscriptProjectionVersion {
  if (header === undefined || header === null) return 3;
  if (!ORIGINS.includes(header.origin)) {
    throw new RendererError(
      "RENDERER_INVALID_INPUT",
      `Unknown transcript origin ${describeValue(header.origin)} at header.origin; expected one of ${ORIGINS.join(", ")}.`,
      { path: "header.origin", hint: "Record where the transcript came from in its header." },
    );
  }
  if (header.projectionVersion !== undefined) {
    assertTranscriptProjectionVersion(header.projectionVersion, "header.projectionVersion");
  }
  if (header.origin === "new") return CURRENT_TRANSCRIPT_PROJECTION_VERSION;
  return header.projectionVersion ?? 3;
}
