import {
  CURRENT_TRANSCRIPT_PROJECTION_VERSION,
  OPENCLAW_PRODUCT_PROFILE,
} from "@promptstack/renderer";
import type { SectionId, TranscriptProjectionVersion } from "@promptstack/renderer";
import type { Conversation } from "./types.js";

/** Options of `createConversation`. The layout and the profile come from each turn. */
export interface CreateConversationOptions {
  /** Projection version of the session; default the current one (4). */
  readonly projectionVersion?: TranscriptProjectionVersion;
  /**
   * Section ids that open the workspace part of the stable text, where the optional second
   * boundary goes (e.g. `["skills", "workspace_files"]`). Default: none.
   */
  readonly workspaceBoundary?: readonly SectionId[];
}

/** Starts an empty conversation. Every request builder returns it grown by one user message. */
export function createConversation(options: CreateConversationOptions = {}): Conversation {
  return Object.freeze({
    layout: "turn-context",
    profile: OPENCLAW_PRODUCT_PROFILE,
    projectionVersion: options.projectionVersion ?? CURRENT_TRANSCRIPT_PROJECTION_VERSION,
    workspaceBoundary: Object.freeze([...(options.workspaceBoundary ?? [])]),
    prompt: undefined,
    messages: Object.freeze([]),
    turnEnds: Object.freeze([]),
  });
}
