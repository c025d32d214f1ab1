/** Test helper: runs a `fixtures/providers/<case>/input.json` conversation through every builder. */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { OPENCLAW_PRODUCT_PROFILE, buildAgentSystemPrompt } from "@promptstack/renderer";
import type {
  AgentSystemPromptInput,
  RenderedPrompt,
  Tool,
  VolatileFacts,
} from "@promptstack/renderer";
import type { Diagnostic, ProductProfile } from "@promptstack/core";
import {
  appendAssistantMessage,
  appendAssistantReply,
  appendToolResults,
  buildAiSdkCall,
  buildAnthropicRequest,
  buildBedrockConverseRequest,
  buildGeminiRequest,
  buildOpenAIChatRequest,
  buildOpenAIResponsesRequest,
  createConversation,
} from "../src/index.js";
import type {
  Conversation,
  ConversationLayout,
  MessageContent,
  PromptTurn,
  ToolResultInput,
} from "../src/index.js";

export const FIXTURES_DIR = fileURLToPath(new URL("../../../fixtures/providers", import.meta.url));

/** The input of one fixture case. */
export interface FixtureInput {
  readonly description: string;
  readonly layout: ConversationLayout;
  readonly workspaceBoundary?: readonly string[];
  readonly prompt: AgentSystemPromptInput;
  readonly tools: readonly Tool[];
  readonly turns: readonly {
    readonly volatile: VolatileFacts;
    readonly user: string;
    readonly assistant: string | readonly string[];
    /** Tool rounds after the user's message: each is one more request, with no user text. */
    readonly toolRounds?: readonly {
      readonly assistant: readonly MessageContent[];
      readonly results: readonly ToolResultInput[];
    }[];
  }[];
}

export function listFixtureCases(): string[] {
  return readdirSync(FIXTURES_DIR).sort();
}

export function readFixtureInput(name: string): FixtureInput {
  return JSON.parse(readFileSync(join(FIXTURES_DIR, name, "input.json"), "utf8")) as FixtureInput;
}

/**
 * A turn as the builders take it, from a rendered prompt: what `@promptstack/agent`'s assembler
 * returns for the same inputs (the property tests render thousands of prompts, so they skip the
 * assembler's file reads).
 */
export function toTestTurn(
  prompt: RenderedPrompt,
  options: {
    readonly layout: ConversationLayout;
    readonly tools: readonly Tool[];
    readonly profile?: ProductProfile;
    readonly modelId?: string;
  },
): PromptTurn {
  return {
    prompt,
    profile: options.profile ?? OPENCLAW_PRODUCT_PROFILE,
    factsLocation: options.layout === "turn-context" ? "user-message" : "system-prompt",
    tools: options.tools,
    modelId: options.modelId ?? "gpt-5.5",
  };
}

/** Every request body built for one turn, keyed by the expected-file suffix. */
export type BuiltBodies = Readonly<
  Record<string, { body: unknown; conversation: Conversation; diagnostics: readonly Diagnostic[] }>
>;

/**
 * Builds every provider's request for the turn: `userText` appended to `conversation`, or the
 * conversation as it is (a tool step) without it.
 */
export function buildAllRequests(
  turn: PromptTurn,
  conversation: Conversation,
  userText: string | undefined,
): BuiltBodies {
  const common = { conversation, ...(userText === undefined ? {} : { userText }) };
  return {
    anthropic: buildAnthropicRequest(turn, {
      ...common,
      model: "claude-sonnet-4-5",
      maxTokens: 1024,
    }),
    "openai-responses": buildOpenAIResponsesRequest(turn, { ...common, model: "gpt-5.5" }),
    "openai-chat": buildOpenAIChatRequest(turn, { ...common, model: "gpt-5.5" }),
    "ai-sdk": buildAiSdkCall(turn, { ...common, model: "claude-sonnet-4-5" }),
    bedrock: buildBedrockConverseRequest(turn, {
      ...common,
      model: "anthropic.claude-sonnet-4-5-20250929-v1:0",
    }),
    gemini: buildGeminiRequest(turn, { ...common, model: "gemini-2.5-pro" }),
  };
}

/**
 * Plays a fixture conversation turn by turn; `onTurn` sees every provider's request of each
 * turn (built from the history before it and the turn's user text) and of each tool step.
 */
export function playFixture(
  input: FixtureInput,
  onTurn: (bodies: BuiltBodies, turn: number) => void = () => {},
): Conversation {
  let conversation = createConversation(
    input.workspaceBoundary === undefined ? {} : { workspaceBoundary: input.workspaceBoundary },
  );
  input.turns.forEach((step, index) => {
    const prompt = buildAgentSystemPrompt({ ...input.prompt, volatile: step.volatile });
    const turn = toTestTurn(prompt, {
      layout: input.layout,
      tools: input.tools,
      ...(input.prompt.profile === undefined ? {} : { profile: input.prompt.profile }),
    });
    let bodies = buildAllRequests(turn, conversation, step.user);
    onTurn(bodies, index + 1);
    for (const round of step.toolRounds ?? []) {
      conversation = appendAssistantMessage(bodies["anthropic"]!.conversation, round.assistant);
      conversation = appendToolResults(conversation, round.results);
      bodies = buildAllRequests(turn, conversation, undefined);
      onTurn(bodies, index + 1);
    }
    conversation = appendAssistantReply(bodies["anthropic"]!.conversation, step.assistant);
  });
  return conversation;
}
