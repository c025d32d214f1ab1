/**
 * Type tests: every builder's body is assignable to the official SDK's request type. The SDKs
 * are dev dependencies, used here only; `pnpm typecheck` fails when a body stops fitting.
 */
import type { MessageCreateParamsNonStreaming } from "@anthropic-ai/sdk/resources/messages";
import type { ConverseCommandInput } from "@aws-sdk/client-bedrock-runtime";
import type { GenerateContentParameters } from "@google/genai";
import type { ModelMessage, SystemModelMessage } from "ai";
import type { ChatCompletionCreateParamsNonStreaming } from "openai/resources/chat/completions";
import type { ResponseCreateParamsNonStreaming } from "openai/resources/responses/responses";
import { describe, expectTypeOf, it } from "vitest";
import type {
  AiSdkCall,
  AnthropicMessagesRequest,
  BedrockConverseRequest,
  GeminiGenerateContentRequest,
  OpenAIChatRequest,
  OpenAIResponsesRequest,
} from "../src/index.js";

describe("request bodies fit the official SDK types", () => {
  it("Anthropic Messages: MessageCreateParamsNonStreaming", () => {
    expectTypeOf<AnthropicMessagesRequest>().toExtend<MessageCreateParamsNonStreaming>();
  });

  it("OpenAI Responses: ResponseCreateParamsNonStreaming", () => {
    expectTypeOf<OpenAIResponsesRequest>().toExtend<ResponseCreateParamsNonStreaming>();
  });

  it("OpenAI Chat Completions: ChatCompletionCreateParamsNonStreaming", () => {
    expectTypeOf<OpenAIChatRequest>().toExtend<ChatCompletionCreateParamsNonStreaming>();
  });

  it("Vercel AI SDK: system and messages of generateText/streamText", () => {
    expectTypeOf<AiSdkCall["system"]>().toExtend<SystemModelMessage[]>();
    expectTypeOf<AiSdkCall["messages"]>().toExtend<ModelMessage[]>();
  });

  it("Bedrock Converse: ConverseCommandInput", () => {
    expectTypeOf<BedrockConverseRequest>().toExtend<ConverseCommandInput>();
  });

  it("Gemini: GenerateContentParameters", () => {
    expectTypeOf<GeminiGenerateContentRequest>().toExtend<GenerateContentParameters>();
  });
});
