import {
  CURRENT_TRANSCRIPT_PROJECTION_VERSION,
  OPENCLAW_PRODUCT_PROFILE,
} from "@promptstack/renderer";
import type { ProductProfile, SectionId, TranscriptProjectionVersion } from "@promptstack/renderer";
import { throwInvalidArgument } from "./assert-argument.js";
import type { Conversation, ConversationLayout } from "./types.js";

/** Options of `createConversation`. */
export interface CreateConversationOptions {
  /** Default `turn-context`. */
  readonly layout?: ConversationLayout;
  /** Supplies the delimiter and marker word. Default: the OpenClaw profile. */
  readonly profile?: ProductProfile;
  /** Projection version of the session; default the current one (4). */
  readonly projectionVersion?: TranscriptProjectionVersion;
  /**
   * Section ids that open the workspace part of the stable text, where the optional second
   * boundary goes (e.g. `["skills", "workspace_files"]`). Default: none.
   */
  readonly workspaceBoundary?: readonly SectionId[];
}

/** Starts an empty conversation. Grow it with `appendUserTurn` and `appendAssistantReply`. */
export function createConversation(options: CreateConversationOptions = {}): Conversation {
  const layout = options.layout ?? "turn-context";
  if (layout !== "turn-context" && layout !== "system-tail") {
    throwInvalidArgument(
      "createConversation",
      "options.layout",
      '"turn-context" or "system-tail"',
      layout,
    );
  }
  return Object.freeze({
    layout,
    profile: options.profile ?? OPENCLAW_PRODUCT_PROFILE,
    projectionVersion: options.projectionVersion ?? CURRENT_TRANSCRIPT_PROJECTION_VERSION,
    workspaceBoundary: Object.freeze([...(options.workspaceBoundary ?? [])]),
    prompt: undefined,
    messages: Object.freeze([]),
    turnEnds: Object.freeze([]),
  });
}
