/**
 * Runs the README's end-to-end example (render → conversation → Anthropic request) and checks
 * that the README shows exactly this code, so the docs cannot drift from what works.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// README example start
import { buildAgentSystemPrompt } from "@promptstack/renderer";
import {
  appendAssistantReply,
  appendUserTurn,
  buildAnthropicRequest,
  createConversation,
} from "@promptstack/providers";

const tools = [
  {
    name: "read",
    description: "Read a text file.",
    inputSchema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
  },
] as const;

function renderTurn(date: string) {
  return buildAgentSystemPrompt({
    tools: [{ name: "read" }],
    workspaceDir: "/home/mara/agent",
    runtimeFactsLocation: "user-message", // the Runtime Context section says where facts are
    volatile: {
      time: { date, timeZone: "Europe/Stockholm" },
      channel: { id: "telegram", chatType: "direct" },
    },
  });
}

let conversation = createConversation(); // layout: "turn-context"
conversation = appendUserTurn(conversation, {
  prompt: renderTurn("2026-11-29"),
  text: "What's on today?",
}).conversation;
conversation = appendAssistantReply(conversation, "A dentist appointment at 10:30.");
const turn = appendUserTurn(conversation, { prompt: renderTurn("2026-11-30"), text: "Thanks!" });

const { body, diagnostics } = buildAnthropicRequest(turn.conversation, {
  model: "claude-sonnet-4-5",
  maxTokens: 1024,
  tools: [...tools],
});
// body: pass to `new Anthropic().messages.create(body)`. system: the stable text only, with
// cache_control; messages: each user turn starts with the runtime context it was sent with.
console.log(JSON.stringify(body.messages.at(-1)), diagnostics);
// README example end

describe("README example", () => {
  it("builds a cache-friendly Anthropic request", () => {
    expect(body.system).toHaveLength(1);
    expect(body.system[0]!.cache_control).toEqual({ type: "ephemeral" });
    expect(body.system[0]!.text).not.toContain("2026-11-");
    expect(body.messages[0]!.content[0]!.text).toContain("2026-11-29");
    expect(body.messages[2]!.content[0]!.text).toContain("2026-11-30");
    expect(body.messages[2]!.content[0]!.cache_control).toEqual({ type: "ephemeral" });
    expect(body.tools![0]!.cache_control).toEqual({ type: "ephemeral" });
  });

  it("is the code the README shows", () => {
    const source = readFileSync(new URL(import.meta.url), "utf8");
    const example = source.slice(
      source.indexOf("// README example start\n") + "// README example start\n".length,
      source.indexOf("// README example end"),
    );
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    expect(readme).toContain("```ts\n" + example + "```");
  });
});
