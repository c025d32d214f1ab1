import { describe, expect, it } from "vitest";
import { formatToolResultText, toOpenAIResponsesInput } from "./to-openai-input.js";
import { conversationOf } from "../test/conversation-of.js";

describe("toOpenAIResponsesInput", () => {
  it("sends a text-only run as one string and a run with media as input parts", () => {
    const conversation = conversationOf([
      {
        role: "user",
        content: [
          { type: "text", text: "one" },
          { type: "text", text: "two" },
        ],
      },
      {
        role: "user",
        content: [
          { type: "text", text: "look" },
          { type: "image", mediaType: "image/jpeg", source: { kind: "base64", data: "/9j" } },
          {
            type: "image",
            mediaType: "image/png",
            source: { kind: "url", url: "https://x/a.png" },
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
        ],
      },
    ]);
    expect(toOpenAIResponsesInput(conversation)).toEqual([
      { role: "user", content: "one\n\ntwo" },
      {
        role: "user",
        content: [
          { type: "input_text", text: "look" },
          { type: "input_image", image_url: "data:image/jpeg;base64,/9j", detail: "auto" },
          { type: "input_image", image_url: "https://x/a.png", detail: "auto" },
          {
            type: "input_file",
            file_data: "data:application/pdf;base64,JVBE",
            filename: "spec.pdf",
          },
          {
            type: "input_file",
            file_data: "data:application/pdf;base64,JVBF",
            filename: "document.pdf",
          },
          { type: "input_file", file_url: "https://x/b.pdf" },
        ],
      },
    ]);
  });

  it("sends calls, results and OpenAI reasoning as items in order; Anthropic reasoning not at all", () => {
    const reasoning = { type: "reasoning", id: "rs_1", summary: [], encrypted_content: "e" };
    const conversation = conversationOf([
      {
        role: "assistant",
        content: [
          { type: "reasoning", provider: "openai", item: reasoning },
          {
            type: "reasoning",
            provider: "anthropic",
            item: { type: "redacted_thinking", data: "d" },
          },
          { type: "text", text: "reading" },
          { type: "tool-call", id: "c1", name: "read", input: { path: "a", n: 1 } },
          { type: "text", text: "done" },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool-result", id: "c1", name: "read", text: "A" },
          { type: "tool-result", id: "c2", name: "list", json: { b: 1, a: [] }, isError: true },
        ],
      },
    ]);
    expect(toOpenAIResponsesInput(conversation)).toEqual([
      reasoning,
      { role: "assistant", content: "reading" },
      { type: "function_call", call_id: "c1", name: "read", arguments: '{"path":"a","n":1}' },
      { role: "assistant", content: "done" },
      { type: "function_call_output", call_id: "c1", output: "A" },
      { type: "function_call_output", call_id: "c2", output: '{"a":[],"b":1}' },
    ]);
  });
});

describe("formatToolResultText", () => {
  it("is the text, the canonical JSON, both with a blank line between, or empty", () => {
    expect(formatToolResultText("t", undefined)).toBe("t");
    expect(formatToolResultText(undefined, { b: null, a: 1 })).toBe('{"a":1,"b":null}');
    expect(formatToolResultText("t", false)).toBe("t\n\nfalse");
    expect(formatToolResultText("", "")).toBe('\n\n""');
    expect(formatToolResultText(undefined, undefined)).toBe("");
  });
});
