import { createDemoTurns } from "@promptstack-tools/test-utils";
import { bench, describe } from "vitest";
import * as providers from "../src/index.js";

// Warm turns of the demo (the date moves each call), alone and followed by one Anthropic
// request build on a conversation of one earlier turn.
const demo = await createDemoTurns({ factsLocation: "user-message" });
const first = await demo.turn(1);
const opening = providers.buildAnthropicRequest(first, { userText: "hello", maxTokens: 1024 });
const history = providers.appendAssistantReply(opening.conversation, "Hi! ".repeat(100));
const RESULT = "x".repeat(1024);

let n = 1;
describe("@promptstack/providers request path on the demo", () => {
  bench("warm assembler.turn alone", async () => {
    n += 1;
    await demo.turn(n);
  });

  bench("warm assembler.turn + buildAnthropicRequest", async () => {
    n += 1;
    const turn = await demo.turn(n);
    providers.buildAnthropicRequest(turn, {
      conversation: history,
      userText: "what is on today?",
      maxTokens: 1024,
    });
  });

  const { appendAssistantMessage, appendToolResults } = providers as Partial<typeof providers>;
  if (appendAssistantMessage !== undefined && appendToolResults !== undefined) {
    const step = providers.buildAnthropicRequest(first, {
      conversation: history,
      userText: "read it",
      maxTokens: 1024,
    }).conversation;
    let call = 0;
    bench("append one tool round (a call and a 1 KB result)", () => {
      call += 1;
      const id = `call_${call}`;
      const called = appendAssistantMessage(step, [
        { type: "tool-call", id, name: "read", input: { path: "notes.md" } },
      ]);
      appendToolResults(called, [{ id, text: RESULT }]);
    });

    bench("append one tool round + build the tool step's Anthropic request", () => {
      call += 1;
      const id = `call_${call}`;
      const called = appendAssistantMessage(step, [
        { type: "tool-call", id, name: "read", input: { path: "notes.md" } },
      ]);
      const answered = appendToolResults(called, [{ id, text: RESULT }]);
      providers.buildAnthropicRequest(first, { conversation: answered, maxTokens: 1024 });
    });
  }
});
