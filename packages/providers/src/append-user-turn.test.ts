import {
  NEUTRAL_PRODUCT_PROFILE,
  buildAgentSystemPrompt,
  formatInternalContextDelimiters,
} from "@promptstack/renderer";
import type { ProductProfile } from "@promptstack/core";
import { describe, expect, it } from "vitest";
import { toTestTurn } from "../test/fixture-conversation.js";
import { appendAssistantReply } from "./append-assistant-reply.js";
import { buildAnthropicRequest } from "./build-anthropic-request.js";
import { buildOpenAIResponsesRequest } from "./build-openai-responses-request.js";
import { createConversation } from "./create-conversation.js";
import { ProvidersError } from "./providers-error.js";
import type { ConversationLayout } from "./types.js";

// The runtime line carries a per-turn label (Time Context shows only the date).
const turnAt = (
  label: string,
  layout: ConversationLayout = "turn-context",
  profile?: ProductProfile,
) =>
  toTestTurn(
    buildAgentSystemPrompt({
      runtimeFactsLocation: layout === "turn-context" ? "user-message" : "system-prompt",
      ...(profile === undefined ? {} : { profile }),
      volatile: { time: { date: "2026-11-29", timeZone: "UTC" }, runtime: { host: label } },
    }),
    { layout, tools: [], ...(profile === undefined ? {} : { profile }), modelId: "gpt-5.5" },
  );

const build = (
  turn: ReturnType<typeof turnAt>,
  options: Parameters<typeof buildOpenAIResponsesRequest>[1],
) => buildOpenAIResponsesRequest(turn, options);

describe("a conversation grown by the builders", () => {
  it("keeps each earlier user message exactly as it was sent", () => {
    const first = build(turnAt("09:12"), { userText: "one" });
    const sent = first.conversation.messages[0]!.content[0]!;
    const history = appendAssistantReply(first.conversation, "reply");
    const second = build(turnAt("09:15"), { conversation: history, userText: "two" });
    const { conversation } = second;
    expect(conversation.messages[0]!.content[0]).toBe(sent);
    expect(sent).toMatchObject({ text: expect.stringContaining("09:12") });
    expect(conversation.messages[2]!.content[0]).toMatchObject({
      text: expect.stringContaining("09:15"),
    });
    expect(conversation.prompt!.volatile).toContain("09:15");
    expect(conversation.turnEnds).toEqual([1, 3]);
    expect(Object.isFrozen(conversation.messages)).toBe(true);
    expect(second.body.input.map((item) => ("role" in item ? item.role : item.type))).toEqual([
      "user",
      "assistant",
      "user",
    ]);
  });

  it("takes the layout, the delimiters and the model from the turn", () => {
    const profile: ProductProfile = { ...NEUTRAL_PRODUCT_PROFILE, delimiterWord: "RELAY" };
    const own = build(turnAt("09:12", "turn-context", profile), { userText: "hi" });
    const { begin, end } = formatInternalContextDelimiters(profile);
    const text = String((own.body.input[0] as { content: string }).content);
    expect(text.startsWith(`${begin}\n`)).toBe(true);
    expect(text).toContain(`\n${end}\n\nhi`);
    expect(own.body.instructions).not.toContain("09:12");
    expect(own.body.instructions).not.toMatch(/CACHE_BOUNDARY/);
    expect(own.body.model).toBe("gpt-5.5");
    expect(own.conversation.layout).toBe("turn-context");
    expect(own.conversation.profile).toBe(profile);

    const tail = build(turnAt("09:12", "system-tail"), { userText: "hi" });
    expect(tail.body.instructions).toContain("09:12");
    expect(tail.body.input[0]).toEqual({ role: "user", content: "hi" });
  });

  it("reports a forced layout that contradicts the turn, and honours it", () => {
    const forced = build(turnAt("09:12", "turn-context"), {
      userText: "hi",
      layout: "system-tail",
    });
    expect(forced.diagnostics.map((d) => d.code)).toContain("PROVIDERS_LAYOUT_CONTRADICTS_TURN");
    expect(forced.body.instructions).toContain("09:12");
    const agreed = build(turnAt("09:12"), { userText: "hi", layout: "turn-context" });
    expect(agreed.diagnostics.map((d) => d.code)).not.toContain(
      "PROVIDERS_LAYOUT_CONTRADICTS_TURN",
    );
  });

  it("resends a conversation that ends with a user message when no userText is given", () => {
    const first = build(turnAt("09:12"), { userText: "one" });
    const again = build(turnAt("09:12"), { conversation: first.conversation });
    expect(again.body.input).toEqual(first.body.input);
    expect(() => build(turnAt("09:12"), {})).toThrow(/no user message/);
  });

  it("accepts two user turns in a row (a group chat) and keeps them as two messages", () => {
    const once = build(turnAt("09:12"), { userText: "a" }).conversation;
    const twice = build(turnAt("09:13"), { conversation: once, userText: "b" });
    expect(twice.body.input.map((item) => ("role" in item ? item.role : item.type))).toEqual([
      "user",
      "user",
    ]);
    expect(twice.conversation.messages[0]).toBe(once.messages[0]);
  });

  it("rejects a request that answers nothing with PROVIDERS_NO_USER_TURN", () => {
    const reply = appendAssistantReply(createConversation(), "hi");
    try {
      build(turnAt("09:13"), { conversation: reply });
      expect.unreachable();
    } catch (error) {
      expect(ProvidersError.isInstance(error) && error.code).toBe("PROVIDERS_NO_USER_TURN");
    }
  });

  it("rejects bad arguments with a typed error", () => {
    const once = build(turnAt("09:12"), { userText: "a" });
    expect(() => appendAssistantReply(once.conversation, [])).toThrow(/reply must be/);
    expect(() => build(turnAt("09:12"), { userText: 42 as never })).toThrow(/userText/);
    expect(() => buildAnthropicRequest(null as never, { userText: "a", maxTokens: 1 })).toThrow(
      /turn/,
    );
  });
});
