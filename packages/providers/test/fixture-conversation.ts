/** Test helper: runs a `fixtures/providers/<case>/input.json` conversation through every builder. */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildAgentSystemPrompt } from "@promptstack/renderer";
import type { AgentSystemPromptInput, Diagnostic, VolatileFacts } from "@promptstack/renderer";
import {
  appendAssistantReply,
  appendUserTurn,
  buildAiSdkCall,
  buildAnthropicRequest,
  buildBedrockConverseRequest,
  buildGeminiRequest,
  buildOpenAIChatRequest,
  buildOpenAIResponsesRequest,
  createConversation,
} from "../src/index.js";
import type { Conversation, ConversationLayout, ToolSpec } from "../src/index.js";

export const FIXTURES_DIR = fileURLToPath(new URL("../../../fixtures/providers", import.meta.url));

/** The input of one fixture case. */
export interface FixtureInput {
  readonly description: string;
  readonly layout: ConversationLayout;
  readonly workspaceBoundary?: readonly string[];
  readonly prompt: AgentSystemPromptInput;
  readonly tools: readonly ToolSpec[];
  readonly turns: readonly {
    readonly volatile: VolatileFacts;
    readonly user: string;
    readonly assistant: string | readonly string[];
  }[];
}

export function listFixtureCases(): string[] {
  return readdirSync(FIXTURES_DIR).sort();
}

export function readFixtureInput(name: string): FixtureInput {
  return JSON.parse(readFileSync(join(FIXTURES_DIR, name, "input.json"), "utf8")) as FixtureInput;
}

/** Every request body built for one turn, keyed by the expected-file suffix. */
export type BuiltBodies = Readonly<
  Record<string, { body: unknown; diagnostics: readonly Diagnostic[] }>
>;

/** Builds every provider's request for a conversation whose newest message is a user turn. */
export function buildAllRequests(
  conversation: Conversation,
  tools: readonly ToolSpec[],
): BuiltBodies {
  return {
    anthropic: buildAnthropicRequest(conversation, {
      model: "claude-sonnet-4-5",
      maxTokens: 1024,
      tools,
    }),
    "openai-responses": buildOpenAIResponsesRequest(conversation, { model: "gpt-5.5", tools }),
    "openai-chat": buildOpenAIChatRequest(conversation, { model: "gpt-5.5", tools }),
    "ai-sdk": buildAiSdkCall(conversation, { model: "claude-sonnet-4-5" }),
    bedrock: buildBedrockConverseRequest(conversation, {
      model: "anthropic.claude-sonnet-4-5-20250929-v1:0",
      tools,
    }),
    gemini: buildGeminiRequest(conversation, { model: "gemini-2.5-pro", tools }),
  };
}

/**
 * Plays a fixture conversation turn by turn; `onTurn` sees the conversation right after each
 * user turn (the state a request is built from).
 */
export function playFixture(
  input: FixtureInput,
  onTurn: (conversation: Conversation, turn: number) => void = () => {},
): Conversation {
  let conversation = createConversation({
    layout: input.layout,
    ...(input.workspaceBoundary === undefined
      ? {}
      : { workspaceBoundary: input.workspaceBoundary }),
  });
  input.turns.forEach((turn, index) => {
    const prompt = buildAgentSystemPrompt({ ...input.prompt, volatile: turn.volatile });
    conversation = appendUserTurn(conversation, { prompt, text: turn.user }).conversation;
    onTurn(conversation, index + 1);
    conversation = appendAssistantReply(conversation, turn.assistant);
  });
  return conversation;
}
