import { describe, expect, it } from "vitest";
import { makeRequestTurn } from "../test/make-request-turn.js";
import { appendUserTurn } from "./append-user-turn.js";
import { createConversation } from "./create-conversation.js";
import { formatSystemText, joinBlocks } from "./format-system-text.js";
import type { ConversationLayout } from "./types.js";

const withTurn = (layout: ConversationLayout, facts?: string) =>
  appendUserTurn(
    createConversation(),
    makeRequestTurn(facts === undefined ? {} : { facts }),
    "hi",
    layout,
  ).conversation;

describe("formatSystemText", () => {
  it("is empty before the first user turn", () => {
    expect(formatSystemText(createConversation())).toBe("");
  });

  it("ends the stable text with the facts, after a blank line, in system-tail only", () => {
    expect(formatSystemText(withTurn("system-tail"))).toBe("RULES\n\nFACTS");
    expect(formatSystemText(withTurn("turn-context"))).toBe("RULES");
  });

  it("sends the stable text alone when a system-tail turn has no facts", () => {
    expect(formatSystemText(withTurn("system-tail", ""))).toBe("RULES");
  });
});

describe("joinBlocks", () => {
  it("joins blocks with a blank line", () => {
    expect(joinBlocks(["a", "b", "c"])).toBe("a\n\nb\n\nc");
    expect(joinBlocks([])).toBe("");
  });
});
