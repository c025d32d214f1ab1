import { formatInternalContextDelimiters, projectInboundText } from "@promptstack/renderer";
import type { TranscriptProjectionVersion } from "@promptstack/renderer";
import type { Diagnostic, ProductProfile } from "@promptstack/core";
import { neutralizeMarkerComments } from "./to-prompt-parts.js";
import type { ConversationLayout } from "./types.js";

/** Options of `formatUserTurnText`. */
export interface FormatUserTurnTextOptions {
  readonly layout: ConversationLayout;
  /** The turn's per-turn facts (`PromptParts.volatile`); "" for none. */
  readonly volatile: string;
  readonly projectionVersion: TranscriptProjectionVersion;
  readonly profile?: ProductProfile;
  /**
   * Texts that lead the user's own text, in order (the start-up block, the heartbeat message):
   * projected like it, blank ones left out.
   */
  readonly leading?: readonly string[];
  /**
   * The runtime-context carrier, delimited and escaped by `buildRuntimeContextCarrier`; placed
   * after the facts block in the `turn-context` layout (the `system-tail` layout sends it with
   * the system text instead, so it is left out here).
   */
  readonly carrier?: string;
}

/**
 * The text of the newest user message as the model receives it. The user's own text is projected
 * with `projectInboundText` so it can never forge the internal-context delimiters. In the
 * `turn-context` layout the per-turn facts come first, inside those delimiters.
 */
export function formatUserTurnText(
  userText: string,
  options: FormatUserTurnTextOptions,
): { readonly text: string; readonly diagnostics: readonly Diagnostic[] } {
  const { profile, projectionVersion } = options;
  const project = (text: string): { text: string; changed: boolean } => {
    const projected = projectInboundText(text, {
      projectionVersion,
      kind: "message",
      ...(profile === undefined ? {} : { profile }),
    });
    const neutral = neutralizeMarkerComments(projected.text, profile);
    return { text: neutral, changed: neutral !== text };
  };
  const diagnostics: Diagnostic[] = [];
  const pieces = [...(options.leading ?? []), userText].filter((text) => text.trim() !== "");
  const body = pieces.length === 0 ? userText : pieces.join("\n\n");
  const user = project(body);
  if (user.changed) {
    diagnostics.push({
      code: "PROVIDERS_USER_TEXT_PROJECTED",
      severity: "info",
      message:
        "the user's text spelled an internal-context delimiter or a marker comment; the model receives a neutralized copy",
      hint: "Nothing to do: the stored transcript keeps the original text.",
    });
  }
  if (options.layout === "system-tail") return { text: user.text, diagnostics };
  // The carrier escaped every fact itself; projecting it would break its own delimiters.
  const carrier = options.carrier === undefined || options.carrier === "" ? [] : [options.carrier];
  if (options.volatile === "") {
    return { text: [...carrier, user.text].join("\n\n"), diagnostics };
  }
  const { begin, end } = formatInternalContextDelimiters(profile);
  // The facts are ours, but may quote caller text (group context): projected like any message.
  const facts = project(options.volatile).text;
  return {
    text: [`${begin}\n${facts}\n${end}`, ...carrier, user.text].join("\n\n"),
    diagnostics,
  };
}
