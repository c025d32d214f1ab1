/**
 * Type tests against the SDK majors that need Node 22 at run time (`openai` 7, `ai` 7,
 * `@google/genai` 3). Installed under aliases as dev dependencies and imported for their types
 * only, so the test runs on Node 20; `pnpm typecheck` fails when a body stops fitting.
 */
import type { GenerateContentParameters, GenerateContentResponseUsageMetadata } from "genai-v3";
import type { ModelMessage, SystemModelMessage } from "ai-v7";
import type { ChatCompletionCreateParamsNonStreaming } from "openai-v7/resources/chat/completions";
import type { CompletionUsage } from "openai-v7/resources/completions";
import type {
  ResponseCreateParamsNonStreaming,
  ResponseUsage,
} from "openai-v7/resources/responses/responses";
import { describe, expect, expectTypeOf, it } from "vitest";
import { normalizeUsage } from "../src/index.js";
import type {
  AiSdkCall,
  GeminiGenerateContentRequest,
  OpenAIChatRequest,
  OpenAIResponsesRequest,
} from "../src/index.js";

describe("request bodies fit the current SDK majors", () => {
  it("openai 7: Responses and Chat Completions", () => {
    expectTypeOf<OpenAIResponsesRequest>().toExtend<ResponseCreateParamsNonStreaming>();
    expectTypeOf<OpenAIChatRequest>().toExtend<ChatCompletionCreateParamsNonStreaming>();
  });

  it("ai 7: system and messages of generateText/streamText", () => {
    expectTypeOf<AiSdkCall["system"]>().toExtend<SystemModelMessage[]>();
    expectTypeOf<AiSdkCall["messages"]>().toExtend<ModelMessage[]>();
  });

  it("@google/genai 3: GenerateContentParameters", () => {
    expectTypeOf<GeminiGenerateContentRequest>().toExtend<GenerateContentParameters>();
  });
});

describe("usage objects of the current SDK majors normalize", () => {
  it("openai 7 Responses usage: cached and written tokens are parts of input_tokens", () => {
    const usage = {
      input_tokens: 4096,
      input_tokens_details: { cached_tokens: 3072, cache_write_tokens: 512 },
      output_tokens: 40,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 4136,
    } satisfies ResponseUsage;
    const { usage: normalized } = normalizeUsage("openai-responses", usage);
    expect(normalized).toMatchObject({ inputTotal: 4096, read: 3072, uncached: 512 });
  });

  it("openai 7 Chat usage: cached tokens are part of prompt_tokens", () => {
    const usage = {
      prompt_tokens: 1500,
      completion_tokens: 10,
      total_tokens: 1510,
      prompt_tokens_details: { cached_tokens: 1024 },
    } satisfies CompletionUsage;
    const { usage: normalized } = normalizeUsage("openai-chat", usage);
    expect(normalized).toMatchObject({ inputTotal: 1500, read: 1024, uncached: 476 });
  });

  it("@google/genai 3 usage metadata: cachedContentTokenCount is part of promptTokenCount", () => {
    const usage = {
      promptTokenCount: 3000,
      cachedContentTokenCount: 2048,
      candidatesTokenCount: 12,
      totalTokenCount: 3012,
    } satisfies GenerateContentResponseUsageMetadata;
    const { usage: normalized } = normalizeUsage("gemini", usage);
    expect(normalized).toMatchObject({ inputTotal: 3000, read: 2048, uncached: 952 });
  });
});
