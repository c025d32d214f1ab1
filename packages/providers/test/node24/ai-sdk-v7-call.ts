/**
 * Runs a built AI SDK call through `generateText` of `ai` 7 (which needs Node 22+) with the SDK's
 * own mock model, and checks what the model receives: the system messages with their cache
 * markers, a tool call and its result as tool parts, and the newest user text. Run by
 * `pnpm test:node24` under a Node 24 taken from the npm registry; exits non-zero on a mismatch.
 */
import assert from "node:assert/strict";
import { buildAgentSystemPrompt } from "@promptstack/renderer";
import { generateText, jsonSchema, tool } from "ai-v7";
import { MockLanguageModelV4 } from "ai-v7/test";
import {
  appendAssistantMessage,
  appendToolResults,
  buildAiSdkCall,
  createConversation,
} from "../../src/index.js";
import { toTestTurn } from "../fixture-conversation.js";

const turn = toTestTurn(
  buildAgentSystemPrompt({
    identityLine: "You are a test agent.",
    runtimeFactsLocation: "user-message",
    volatile: { time: { date: "2026-12-01", timeZone: "UTC" } },
  }),
  { layout: "turn-context", tools: [] },
);
const opening = buildAiSdkCall(turn, { conversation: createConversation(), userText: "read it" });
const called = appendAssistantMessage(opening.conversation, [
  { type: "tool-call", id: "call_1", name: "read", input: { path: "notes.md" } },
]);
const answered = appendToolResults(called, [{ id: "call_1", text: "the notes" }]);
const { body } = buildAiSdkCall(turn, { conversation: answered });

const model = new MockLanguageModelV4({
  doGenerate: {
    content: [{ type: "text", text: "done" }],
    finishReason: { unified: "stop", raw: "stop" },
    usage: {
      inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 1, text: 1, reasoning: 0 },
    },
    warnings: [],
  },
});
const result = await generateText({
  model,
  system: body.system,
  messages: body.messages,
  tools: {
    read: tool({
      inputSchema: jsonSchema<{ path: string }>({
        type: "object",
        properties: { path: { type: "string" } },
      }),
    }),
  },
});
assert.equal(result.text, "done");

const [call] = model.doGenerateCalls;
assert.ok(call !== undefined, "the mock model was called");
const prompt = call.prompt;
const system = prompt.filter((message) => message.role === "system");
assert.ok(system.length >= 1, "the system messages arrive");
assert.ok(
  system.some((message) => JSON.stringify(message.providerOptions ?? {}).includes("cacheControl")),
  "a system message keeps its Anthropic cache marker",
);
const parts = prompt.flatMap((message) =>
  typeof message.content === "string"
    ? []
    : message.content.map((part) => ({ role: message.role, part })),
);
const toolCall = parts.find(({ part }) => part.type === "tool-call");
assert.equal(toolCall?.role, "assistant");
assert.ok(toolCall?.part.type === "tool-call", "the tool call arrives as a tool-call part");
assert.deepEqual(
  { id: toolCall.part.toolCallId, name: toolCall.part.toolName, input: toolCall.part.input },
  { id: "call_1", name: "read", input: { path: "notes.md" } },
);
const toolResult = parts.find(({ part }) => part.type === "tool-result");
assert.equal(toolResult?.role, "tool");
assert.equal(toolResult?.part.type === "tool-result" && toolResult.part.toolCallId, "call_1");
assert.match(JSON.stringify(toolResult?.part), /the notes/);
const userTexts = parts.filter(({ role, part }) => role === "user" && part.type === "text");
assert.ok(
  userTexts.some(({ part }) => part.type === "text" && part.text.includes("read it")),
  "the user's text arrives",
);
console.log(
  `ai 7 (${process.version}): generateText with the mock model received the call as built`,
);
