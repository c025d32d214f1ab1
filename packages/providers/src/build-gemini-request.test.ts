import { describe, expect, it } from "vitest";
import { buildGeminiRequest } from "./build-gemini-request.js";
import { makeBuilderFixture, makeRequestTurn } from "../test/make-request-turn.js";
import type { Conversation } from "./types.js";

const { turn, history } = makeBuilderFixture();

describe("buildGeminiRequest", () => {
  it("sends every kind of block as a Gemini part, with no breakpoints and no reasoning", () => {
    const built = buildGeminiRequest(turn, {
      conversation: history,
      userText: "next",
      model: "gemini-2.5-pro",
    });
    expect(built.body).toStrictEqual({
      model: "gemini-2.5-pro",
      contents: [
        { role: "user", parts: [{ text: "hi" }] },
        {
          role: "model",
          parts: [
            { text: "calling" },
            { functionCall: { id: "c1", name: "read", args: { path: "a.md" } } },
            { functionCall: { id: "c2", name: "exec", args: { cmd: "ls" } } },
            { functionCall: { id: "c3", name: "read", args: { path: "b.md" } } },
            { functionCall: { id: "c4", name: "exec", args: { cmd: "rm" } } },
            { functionCall: { id: "c5", name: "exec", args: {} } },
          ],
        },
        {
          role: "user",
          parts: [
            { functionResponse: { id: "c1", name: "read", response: { output: "alpha" } } },
            {
              functionResponse: { id: "c2", name: "exec", response: { output: { files: ["x"] } } },
            },
            {
              functionResponse: { id: "c3", name: "read", response: { output: 'beta\n\n{"n":1}' } },
            },
            { functionResponse: { id: "c4", name: "exec", response: { error: "denied" } } },
            { functionResponse: { id: "c5", name: "exec", response: { error: { code: 2 } } } },
          ],
        },
        {
          role: "model",
          parts: [
            { inlineData: { mimeType: "image/png", data: "iVBORw0KGgo=" } },
            { inlineData: { mimeType: "application/pdf", data: "JVBERi0xLjQ=" } },
            { inlineData: { mimeType: "application/pdf", data: "JVBERi0xLjQ=" } },
          ],
        },
        { role: "model", parts: [{ text: "done" }] },
        {
          role: "model",
          parts: [
            { fileData: { mimeType: "image/webp", fileUri: "https://x.test/a.webp" } },
            { fileData: { mimeType: "application/pdf", fileUri: "https://x.test/b.pdf" } },
          ],
        },
        { role: "model", parts: [{ text: "seen" }] },
        { role: "user", parts: [{ text: "next" }] },
      ],
      config: {
        systemInstruction: { parts: [{ text: "RULES\n\nFACTS" }] },
        tools: [
          {
            functionDeclarations: [
              { name: "exec", parametersJsonSchema: { type: "object" } },
              {
                name: "read",
                description: "Reads a file.",
                parametersJsonSchema: { type: "object" },
              },
            ],
          },
        ],
      },
    });
    expect(built.diagnostics).toEqual([]);
  });

  it("sends a hand-built tool result without text or JSON as an empty output", () => {
    const bare = buildGeminiRequest(makeRequestTurn(), { userText: "hi" }).conversation;
    const conversation: Conversation = {
      ...bare,
      messages: [
        ...bare.messages,
        {
          role: "assistant",
          content: [{ type: "tool-call", id: "c1", name: "read", input: {} }],
        },
        { role: "user", content: [{ type: "tool-result", id: "c1", name: "read" }] },
      ],
    };
    const built = buildGeminiRequest(makeRequestTurn(), { conversation });
    expect(built.body.contents.at(-1)).toStrictEqual({
      role: "user",
      parts: [{ functionResponse: { id: "c1", name: "read", response: { output: "" } } }],
    });
  });

  it("takes the turn's own text and model without options, and sends no tools when there are none", () => {
    const bare = makeRequestTurn({ modelId: "gemini-2.5-flash", turnInput: { userText: "hi" } });
    expect(buildGeminiRequest(bare).body).toStrictEqual({
      model: "gemini-2.5-flash",
      contents: [{ role: "user", parts: [{ text: "hi" }] }],
      config: { systemInstruction: { parts: [{ text: "RULES\n\nFACTS" }] } },
    });
  });
});
