import { buildAgentSystemPrompt } from "@promptstack/renderer";
import { describe, expect, it } from "vitest";
import { appendAssistantReply } from "./append-assistant-reply.js";
import { appendUserTurn } from "./append-user-turn.js";
import { createConversation } from "./create-conversation.js";
import { ProvidersError } from "./providers-error.js";

// The runtime line carries a per-turn label (Time Context shows only the date).
const prompt = (label: string) =>
  buildAgentSystemPrompt({
    runtimeFactsLocation: "user-message",
    volatile: { time: { date: "2026-11-29", timeZone: "UTC" }, runtime: { host: label } },
  });

describe("appendUserTurn / appendAssistantReply", () => {
  it("keeps each earlier user message exactly as it was sent", () => {
    let conversation = createConversation();
    conversation = appendUserTurn(conversation, {
      prompt: prompt("09:12"),
      text: "one",
    }).conversation;
    const first = conversation.messages[0]!.blocks[0]!;
    conversation = appendAssistantReply(conversation, "reply");
    conversation = appendUserTurn(conversation, {
      prompt: prompt("09:15"),
      text: "two",
    }).conversation;
    expect(conversation.messages[0]!.blocks[0]).toBe(first);
    expect(first).toContain("09:12");
    expect(conversation.messages[2]!.blocks[0]).toContain("09:15");
    expect(conversation.prompt!.volatile).toContain("09:15");
    expect(conversation.turnEnds).toEqual([1, 3]);
    expect(Object.isFrozen(conversation.messages)).toBe(true);
  });

  it("defaults to the turn-context layout and projection version 4", () => {
    const conversation = createConversation();
    expect(conversation.layout).toBe("turn-context");
    expect(conversation.projectionVersion).toBe(4);
  });

  it("rejects turns out of order with PROVIDERS_BAD_ORDER", () => {
    const empty = createConversation();
    expect(() => appendAssistantReply(empty, "hi")).toThrow(ProvidersError);
    const once = appendUserTurn(empty, { prompt: prompt("09:12"), text: "a" }).conversation;
    try {
      appendUserTurn(once, { prompt: prompt("09:13"), text: "b" });
      expect.unreachable();
    } catch (error) {
      expect(ProvidersError.isInstance(error) && error.code).toBe("PROVIDERS_BAD_ORDER");
    }
  });

  it("rejects bad arguments with a typed error", () => {
    expect(() => createConversation({ layout: "tail" as never })).toThrow(/options.layout/);
    const once = appendUserTurn(createConversation(), { prompt: prompt("09:12"), text: "a" });
    expect(() => appendAssistantReply(once.conversation, [])).toThrow(/reply must be/);
    expect(() =>
      appendUserTurn(createConversation(), { prompt: prompt("09:12") } as never),
    ).toThrow(/turn.text/);
  });
});
