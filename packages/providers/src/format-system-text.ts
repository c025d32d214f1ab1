import type { Conversation } from "./types.js";

/** The system text a single-string transport sends: stable, plus the facts in `system-tail`. */
export function formatSystemText(conversation: Conversation): string {
  const parts = conversation.prompt;
  if (parts === undefined) return "";
  if (conversation.layout === "system-tail" && parts.volatile !== "") {
    return `${parts.stable}\n\n${parts.volatile}`;
  }
  return parts.stable;
}

/** A message's blocks as one string (transports with string content). */
export function joinBlocks(blocks: readonly string[]): string {
  return blocks.join("\n\n");
}
