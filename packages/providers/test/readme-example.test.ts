/**
 * Runs the README's example (a turn without the assembler → two Anthropic requests) and checks
 * that the README shows exactly this code, so the docs cannot drift from what works.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// README example start
import { OPENCLAW_PRODUCT_PROFILE, buildAgentSystemPrompt } from "@promptstack/renderer";
import { appendAssistantReply, buildAnthropicRequest } from "@promptstack/providers";
import type { PromptTurn } from "@promptstack/providers";

// With @promptstack/agent, `await assembler.turn(facts)` is the turn. Without it, a turn is the
// rendered prompt plus what the builders must not be told twice:
function renderTurn(date: string): PromptTurn {
  return {
    prompt: buildAgentSystemPrompt({
      tools: [{ name: "read" }],
      workspaceDir: "/home/mara/agent",
      runtimeFactsLocation: "user-message", // the Runtime Context section says where facts are
      volatile: {
        time: { date, timeZone: "Europe/Stockholm" },
        channel: { id: "telegram", chatType: "direct" },
      },
    }),
    profile: OPENCLAW_PRODUCT_PROFILE,
    factsLocation: "user-message", // so every request uses the turn-context layout
    tools: [
      {
        name: "read",
        description: "Read a text file.",
        parameters: {
          type: "object",
          properties: { path: { type: "string" } },
          required: ["path"],
        },
      },
    ],
    modelId: "claude-sonnet-4-5",
  };
}

const first = buildAnthropicRequest(renderTurn("2026-11-29"), {
  userText: "What's on today?",
  maxTokens: 1024,
});
const history = appendAssistantReply(first.conversation, "A dentist appointment at 10:30.");
const { body, diagnostics } = buildAnthropicRequest(renderTurn("2026-11-30"), {
  conversation: history,
  userText: "Thanks!",
  maxTokens: 1024,
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
    expect(body.messages[0]!.content[0]).toMatchObject({
      text: expect.stringContaining("2026-11-29"),
    });
    expect(body.messages[2]!.content[0]).toMatchObject({
      text: expect.stringContaining("2026-11-30"),
      cache_control: { type: "ephemeral" },
    });
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
