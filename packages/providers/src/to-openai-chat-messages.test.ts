import { describe, expect, it } from "vitest";
import { toOpenAIChatMessages } from "./to-openai-chat-messages.js";
import { conversationOf } from "../test/conversation-of.js";

describe("toOpenAIChatMessages", () => {
  it("joins a text-only user message into one string", () => {
    const conversation = conversationOf([
      {
        role: "user",
        content: [
          { type: "text", text: "one" },
          { type: "text", text: "two" },
        ],
      },
    ]);
    expect(toOpenAIChatMessages(conversation)).toEqual([{ role: "user", content: "one\n\ntwo" }]);
  });

  it("sends a user message with media as parts: text, image URL, inline PDF, URL PDF as text", () => {
    const conversation = conversationOf([
      {
        role: "user",
        content: [
          { type: "text", text: "look" },
          { type: "image", mediaType: "image/png", source: { kind: "base64", data: "iVBO" } },
          {
            type: "image",
            mediaType: "image/gif",
            source: { kind: "url", url: "https://x/a.gif" },
          },
          {
            type: "document",
            mediaType: "application/pdf",
            source: { kind: "base64", data: "JVBE" },
            title: "spec.pdf",
          },
          {
            type: "document",
            mediaType: "application/pdf",
            source: { kind: "base64", data: "JVBF" },
          },
          {
            type: "document",
            mediaType: "application/pdf",
            source: { kind: "url", url: "https://x/b.pdf" },
            title: "b.pdf",
          },
          { type: "reasoning", provider: "openai", item: { type: "reasoning", id: "rs" } },
        ],
      },
    ]);
    expect(toOpenAIChatMessages(conversation)).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: "look" },
          { type: "image_url", image_url: { url: "data:image/png;base64,iVBO" } },
          { type: "image_url", image_url: { url: "https://x/a.gif" } },
          {
            type: "file",
            file: { file_data: "data:application/pdf;base64,JVBE", filename: "spec.pdf" },
          },
          {
            type: "file",
            file: { file_data: "data:application/pdf;base64,JVBF", filename: "document.pdf" },
          },
          { type: "text", text: "https://x/b.pdf" },
        ],
      },
    ]);
  });

  it("sends tool results as tool messages in place, splitting the user content around them", () => {
    const conversation = conversationOf([
      {
        role: "assistant",
        content: [
          { type: "text", text: "reading" },
          { type: "reasoning", provider: "openai", item: { type: "reasoning", id: "rs" } },
          { type: "tool-call", id: "c1", name: "read", input: { path: "a", n: 1 } },
          { type: "text", text: "and listing" },
          { type: "tool-call", id: "c2", name: "list", input: {} },
        ],
      },
      {
        role: "user",
        content: [
          { type: "text", text: "before" },
          { type: "tool-result", id: "c1", name: "read", text: "A", json: { b: 1, a: 2 } },
          { type: "tool-result", id: "c2", name: "list", json: ["x"], isError: true },
          { type: "text", text: "after" },
        ],
      },
    ]);
    expect(toOpenAIChatMessages(conversation)).toEqual([
      {
        role: "assistant",
        content: "reading\n\nand listing",
        tool_calls: [
          {
            id: "c1",
            type: "function",
            function: { name: "read", arguments: '{"path":"a","n":1}' },
          },
          { id: "c2", type: "function", function: { name: "list", arguments: "{}" } },
        ],
      },
      { role: "user", content: "before" },
      { role: "tool", tool_call_id: "c1", content: 'A\n\n{"a":2,"b":1}' },
      { role: "tool", tool_call_id: "c2", content: '["x"]' },
      { role: "user", content: "after" },
    ]);
  });

  it("gives an assistant message of calls only null content, and drops one with neither", () => {
    const conversation = conversationOf([
      { role: "assistant", content: [{ type: "tool-call", id: "c1", name: "read", input: {} }] },
      {
        role: "assistant",
        content: [
          {
            type: "reasoning",
            provider: "anthropic",
            item: { type: "redacted_thinking", data: "d" },
          },
          { type: "image", mediaType: "image/png", source: { kind: "url", url: "u" } },
        ],
      },
      { role: "assistant", content: [{ type: "text", text: "done" }] },
      { role: "assistant", content: [{ type: "text", text: "really" }] },
    ]);
    expect(toOpenAIChatMessages(conversation)).toEqual([
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "c1", type: "function", function: { name: "read", arguments: "{}" } }],
      },
      { role: "assistant", content: "done" },
      { role: "assistant", content: "really" },
    ]);
    const [, done] = toOpenAIChatMessages(conversation);
    expect(Object.keys(done!)).toEqual(["role", "content"]);
  });
});
