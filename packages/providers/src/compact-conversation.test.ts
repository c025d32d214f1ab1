import { describe, expect, it } from "vitest";
import { compactConversation } from "./compact-conversation.js";
import { createConversation } from "./create-conversation.js";
import type { MessageContent } from "./types.js";
import { conversationOf, history, user } from "../test/conversation-of.js";
import { invalidArgument as invalid, thrownBy } from "../test/expected-errors.js";

describe("compactConversation", () => {
  it("replaces the first upTo messages with the summary, keeps the rest and the key", () => {
    const compacted = compactConversation(history, { summary: "s <!-- OPENCLAW_X -->", upTo: 3 });
    expect(compacted).toEqual({
      ...history,
      messages: [user("s <!-- (quoted) OPENCLAW_X -->"), ...history.messages.slice(3)],
      turnEnds: [],
    });
    expect(compacted.messages[1]).toBe(history.messages[3]);
    expect(Object.isFrozen(compacted)).toBe(true);
    expect(Object.isFrozen(compacted.messages)).toBe(true);
    expect(Object.isFrozen(compacted.messages[0])).toBe(true);
    expect(Object.isFrozen(compacted.messages[0]!.content)).toBe(true);
    expect(Object.isFrozen(compacted.messages[0]!.content[0])).toBe(true);
    expect(Object.isFrozen(compacted.turnEnds)).toBe(true);
  });

  it("replaces every message by default, and accepts upTo 1 and the length", () => {
    expect(compactConversation(history, { summary: "all" }).messages).toEqual([user("all")]);
    expect(compactConversation(history, { summary: "s", upTo: 7 }).messages).toEqual([user("s")]);
    expect(compactConversation(history, { summary: "s", upTo: 1 }).messages).toEqual([
      user("s"),
      ...history.messages.slice(1),
    ]);
  });

  it("accepts a span that ends after an answered call whose id comes back later", () => {
    // Providers may reuse a call id in a later turn: the first c1 is answered inside the span.
    const reused = conversationOf([
      ...history.messages.slice(0, 4),
      ...history.messages.slice(1, 3),
    ]);
    expect(compactConversation(reused, { summary: "s", upTo: 3 }).messages).toEqual([
      user("s"),
      ...reused.messages.slice(3),
    ]);
  });

  it("checks only the results after the span against the calls left open in it", () => {
    const [a, c1, r1, b] = history.messages;
    // The newest call is still open: a result inside the span answers an older call of that id.
    const open = conversationOf([a!, c1!, r1!, b!, c1!]);
    expect(compactConversation(open, { summary: "s" }).messages).toEqual([user("s")]);
    // A call after the span that reuses the id of a call left open in it is no result.
    const recalled = conversationOf([a!, c1!, b!, c1!]);
    expect(compactConversation(recalled, { summary: "s", upTo: 2 }).messages).toEqual([
      user("s"),
      b,
      c1,
    ]);
  });

  it("takes only tool calls in the span for calls, not another block that carries an id", () => {
    const image = { type: "image", mediaType: "image/png", source: { kind: "url", url: "u" } };
    const stray = { ...image, id: "c2", name: "read" } as MessageContent;
    const [a, , , , , c2, r2] = history.messages;
    const conversation = conversationOf([a!, { role: "assistant", content: [stray] }, c2!, r2!]);
    expect(compactConversation(conversation, { summary: "s", upTo: 2 }).messages).toEqual([
      user("s"),
      c2,
      r2,
    ]);
  });

  it("refuses a span that ends between a call and its result, naming the call", () => {
    expect(thrownBy(() => compactConversation(history, { summary: "s", upTo: 6 }))).toMatchObject({
      code: "PROVIDERS_BAD_ORDER",
      message: 'compactConversation: upTo 6 separates tool call "c2" from its result.',
      path: "upTo",
      hint: "Move upTo past the tool results of the last call it keeps.",
    });
    expect(thrownBy(() => compactConversation(history, { summary: "s", upTo: 2 }))).toMatchObject({
      code: "PROVIDERS_BAD_ORDER",
      message: 'compactConversation: upTo 2 separates tool call "c1" from its result.',
    });
  });

  const fn = "compactConversation";
  it.each<[string, unknown, object]>([
    ["no options", undefined, invalid(fn, "options", "an object `{ summary, upTo? }`", "nothing")],
    ["null options", null, invalid(fn, "options", "an object `{ summary, upTo? }`", "null")],
    ["no summary", {}, invalid(fn, "summary", "a non-empty string", "nothing")],
    ["an empty summary", { summary: "" }, invalid(fn, "summary", "a non-empty string", "a string")],
    [
      "upTo 0",
      { summary: "s", upTo: 0 },
      invalid(fn, "upTo", "an integer from 1 to 7", "a number"),
    ],
    [
      "upTo past the end",
      { summary: "s", upTo: 8 },
      invalid(fn, "upTo", "an integer from 1 to 7", "a number"),
    ],
    [
      "a fractional upTo",
      { summary: "s", upTo: 1.5 },
      invalid(fn, "upTo", "an integer from 1 to 7", "a number"),
    ],
  ])("rejects %s", (_name, options, expected) => {
    expect(thrownBy(() => compactConversation(history, options as never))).toMatchObject(expected);
  });

  it("rejects compacting an empty conversation", () => {
    expect(
      thrownBy(() => compactConversation(createConversation(), { summary: "s" })),
    ).toMatchObject(invalid(fn, "upTo", "an integer from 1 to 0", "a number"));
  });
});
