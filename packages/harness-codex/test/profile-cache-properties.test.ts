/**
 * The turn is the spine: over arbitrary product profiles (built-in or inline, extending either
 * built-in, any delimiter word), 30 turns through every request builder and the Codex path keep
 * each request's earlier parts byte-identical, carry no marker of any spelling, and keep the
 * Codex thread params identical. A planted bug that drops the profile on the way (the builders
 * then see the reference profile) makes the property fail.
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AgentTurn } from "@promptstack/agent";
import type { PromptstackConfig } from "@promptstack/config";
import { SYNTHETIC_CODEX_CATALOG, createTestTurns } from "@promptstack-tools/test-utils";
import {
  appendAssistantReply,
  buildAiSdkCall,
  buildAnthropicRequest,
  buildBedrockConverseRequest,
  buildGeminiRequest,
  buildOpenAIChatRequest,
  buildOpenAIResponsesRequest,
  createConversation,
} from "@promptstack/providers";
import type { Conversation, PromptTurn } from "@promptstack/providers";
import { OPENCLAW_PRODUCT_PROFILE, formatInternalContextDelimiters } from "@promptstack/renderer";
import { formatCanonicalJson } from "@promptstack/core";
import { buildCodexTurn, parseCodexModelCatalog } from "../src/index.js";

const TURNS = 30;
const catalog = parseCodexModelCatalog(
  readFileSync(SYNTHETIC_CODEX_CATALOG, "utf8"),
  SYNTHETIC_CODEX_CATALOG,
);
/** Any renderer marker comment, whatever its word. */
const MARKER = /<!--\s*[A-Z0-9_]*_(CACHE_BOUNDARY|RUNTIME_TAIL)/;

type Profile = NonNullable<
  NonNullable<NonNullable<PromptstackConfig["agents"]>["defaults"]>["profile"]
>;

const word = fc.stringMatching(/^[A-Z][A-Z0-9_]{0,11}$/);
const profileArb: fc.Arbitrary<Profile> = fc.oneof(
  fc.constantFrom<Profile>("openclaw", "neutral"),
  fc.record(
    {
      extends: fc.constantFrom("openclaw" as const, "neutral" as const),
      name: fc.stringMatching(/^[A-Z][a-z]{2,10}$/),
      delimiterWord: word,
      cliName: fc.stringMatching(/^[a-z]{3,8}$/),
    },
    { requiredKeys: ["extends", "delimiterWord"] },
  ),
);

/** Builds one turn's request for every builder; returns the canonical views, oldest first. */
const BUILDERS: Record<
  string,
  (
    turn: PromptTurn,
    conversation: Conversation,
    userText: string,
  ) => {
    readonly body: unknown;
    readonly conversation: Conversation;
  }
> = {
  anthropic: (turn, conversation, userText) =>
    buildAnthropicRequest(turn, { conversation, userText, maxTokens: 512 }),
  "openai-responses": (turn, conversation, userText) =>
    buildOpenAIResponsesRequest(turn, { conversation, userText }),
  "openai-chat": (turn, conversation, userText) =>
    buildOpenAIChatRequest(turn, { conversation, userText }),
  "ai-sdk": (turn, conversation, userText) => buildAiSdkCall(turn, { conversation, userText }),
  bedrock: (turn, conversation, userText) =>
    buildBedrockConverseRequest(turn, { conversation, userText }),
  gemini: (turn, conversation, userText) => buildGeminiRequest(turn, { conversation, userText }),
};

/** The request's bytes without its cache annotations (they move with the newest message). */
function canonical(body: unknown): string {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) {
      return value
        .filter((item) => !(typeof item === "object" && item !== null && "cachePoint" in item))
        .map(strip);
    }
    if (typeof value === "object" && value !== null) {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([key]) => key !== "cache_control" && key !== "providerOptions")
          .map(([key, item]) => [key, strip(item)]),
      );
    }
    return value;
  };
  // Everything but the history first, then the history without its closing bracket: a later
  // request then extends an earlier one byte for byte.
  const { messages, input, contents, ...rest } = strip(body) as Record<string, unknown>;
  const history = messages ?? input ?? contents;
  return `${JSON.stringify(rest)}\n${JSON.stringify(history).slice(0, -1)}`;
}

async function playProfile(
  profile: Profile,
  tamper: (turn: AgentTurn) => AgentTurn,
): Promise<string | undefined> {
  const turns = await createTestTurns({ config: { agents: { defaults: { profile } } } });
  try {
    const conversations = Object.fromEntries(
      Object.keys(BUILDERS).map((name) => [name, createConversation()]),
    );
    const previous: Record<string, string> = {};
    let thread: string | undefined;
    for (let index = 0; index < TURNS; index++) {
      const day = String(1 + index).padStart(2, "0");
      const assembled = await turns.turn({
        time: { date: `2026-12-${day}`, time: "09:15", timeZone: "UTC" },
        sender: `Sender ${index}`,
      });
      // The delimiters the prompt taught the model: the facts must arrive inside them.
      const { begin } = formatInternalContextDelimiters(assembled.profile);
      const turn = tamper(assembled);
      for (const [name, build] of Object.entries(BUILDERS)) {
        const built = build(turn, conversations[name]!, `message ${index}`);
        const text = canonical(built.body);
        if (MARKER.test(JSON.stringify(built.body)))
          return `${name}: a marker reached turn ${index + 1}`;
        const block = built.conversation.messages.at(-1)?.content[0];
        const newest = block?.type === "text" ? block.text : "";
        if (!newest.startsWith(`${begin}\n`)) {
          return `${name}: turn ${index + 1} does not open with ${begin}`;
        }
        const before = previous[name];
        if (before !== undefined && !text.startsWith(before)) {
          return `${name}: turn ${index + 1} rewrote an earlier part`;
        }
        previous[name] = text;
        conversations[name] = appendAssistantReply(built.conversation, `reply ${index}`);
      }
      const codex = buildCodexTurn(turn, {
        connection: "managed-stdio",
        threadId: "thread-1",
        userText: `message ${index}`,
        catalog,
      });
      if (
        MARKER.test(JSON.stringify(codex.threadStart)) ||
        MARKER.test(JSON.stringify(codex.turnStart))
      ) {
        return `codex: a marker reached turn ${index + 1}`;
      }
      if (!codex.turnStart.input[0]!.text.startsWith(begin)) {
        return `codex: turn ${index + 1} input does not open with ${begin}`;
      }
      const key = formatCanonicalJson(codex.threadStart, { indent: 2 });
      if (thread !== undefined && key !== thread)
        return `codex: thread params moved at turn ${index + 1}`;
      thread = key;
    }
    return undefined;
  } finally {
    await turns.close();
  }
}

describe("every adapter keeps the cache over any product profile", () => {
  it("30 turns: earlier parts byte-identical, no marker, constant Codex thread params", async () => {
    await fc.assert(
      fc.asyncProperty(profileArb, async (profile) => {
        expect(await playProfile(profile, (turn) => turn)).toBeUndefined();
      }),
      { numRuns: 6 },
    );
  });

  it("can fail: the same property breaks when the profile is dropped on the way", async () => {
    const dropped = (turn: AgentTurn): AgentTurn => ({
      ...turn,
      profile: OPENCLAW_PRODUCT_PROFILE,
    });
    const relay: Profile = { extends: "neutral", name: "Relay", delimiterWord: "RELAY" };
    expect(await playProfile(relay, dropped)).toMatch(/marker|rewrote|does not open/);
  });
});
