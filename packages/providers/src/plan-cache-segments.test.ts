import { buildAgentSystemPrompt } from "@promptstack/renderer";
import { describe, expect, it } from "vitest";
import { appendAssistantReply } from "./append-assistant-reply.js";
import { appendUserTurn } from "./append-user-turn.js";
import { createConversation } from "./create-conversation.js";
import type { CreateConversationOptions } from "./create-conversation.js";
import { planCacheSegments } from "./plan-cache-segments.js";
import { recordRequestEnd } from "./prepare-request.js";
import { ProvidersError } from "./providers-error.js";
import { toCanonicalTools } from "./to-canonical-tools.js";
import { toTestTurn } from "../test/fixture-conversation.js";

const prompt = buildAgentSystemPrompt({
  runtimeFactsLocation: "user-message",
  contextFiles: [{ path: "MEMORY.md", content: "- likes tea" }],
  volatile: { time: { date: "2026-11-29", time: "09:12", timeZone: "UTC" } },
});
const { tools } = toCanonicalTools([{ name: "read" }, { name: "write" }]);

const turn = toTestTurn(prompt, { layout: "turn-context", tools: [] });

function conversationWith(replyBlocks: number, options: CreateConversationOptions = {}) {
  let conversation = createConversation(options);
  conversation = appendUserTurn(conversation, turn, "one", "turn-context").conversation;
  conversation = recordRequestEnd(conversation);
  conversation = appendAssistantReply(
    conversation,
    Array.from({ length: replyBlocks }, (_, i) => `step ${i}`),
  );
  return appendUserTurn(conversation, turn, "two", "turn-context").conversation;
}

function breakpoints(plan: ReturnType<typeof planCacheSegments>): string[] {
  return plan.segments
    .filter((segment) => segment.breakpoint)
    .map((segment) => JSON.stringify(segment.ref));
}

describe("planCacheSegments", () => {
  it("places breakpoints after the tools, the stable system text and the newest message", () => {
    const plan = planCacheSegments(conversationWith(1), { tools, breakpoints: "explicit" });
    expect(breakpoints(plan)).toEqual([
      '{"area":"tools","index":1}',
      '{"area":"system","part":"rules"}',
      '{"area":"messages","message":2,"block":0}',
    ]);
    expect(plan.diagnostics).toEqual([]);
  });

  it("adds an intermediate breakpoint when a turn adds more than 20 blocks", () => {
    const plan = planCacheSegments(conversationWith(25), { tools, breakpoints: "explicit" });
    // The previous newest message is segment 3 (2 tools, 1 system); 20 blocks later: block 19.
    expect(breakpoints(plan)).toContain('{"area":"messages","message":1,"block":19}');
    expect(breakpoints(plan)).toHaveLength(4);
  });

  it("never places more than 4: drops the rules, then the tools breakpoint, with a warning", () => {
    const plan = planCacheSegments(
      conversationWith(25, { workspaceBoundary: ["workspace_files"] }),
      {
        tools,
        breakpoints: "explicit",
      },
    );
    expect(breakpoints(plan)).toHaveLength(4);
    expect(breakpoints(plan)).not.toContain('{"area":"system","part":"rules"}');
    expect(plan.diagnostics.map((d) => d.code)).toEqual(["PROVIDERS_TOO_MANY_BREAKPOINTS"]);
    expect(plan.diagnostics[0]!.message).toContain("dropped the rules breakpoint");
  });

  it("places none for automatic caching", () => {
    const plan = planCacheSegments(conversationWith(1), { tools, breakpoints: "none" });
    expect(breakpoints(plan)).toEqual([]);
  });

  it("needs a user turn to build a request for", () => {
    expect(() => planCacheSegments(createConversation(), { tools, breakpoints: "none" })).toThrow(
      ProvidersError,
    );
  });
});
