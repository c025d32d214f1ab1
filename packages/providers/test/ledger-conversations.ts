/**
 * Request sequences for the ledger's properties: plain request bodies of every provider
 * (written here, not by the builders, so the property checks the ledger against the wire
 * shapes), synthetic usage from a simulation of the provider's cache, and one injected change.
 */
import fc from "fast-check";
import { expect } from "vitest";
import { createCacheLedger } from "../src/index.js";
import type { CacheFactsRow, CacheLedgerEntry, UsageProvider } from "../src/index.js";

export const LEDGER_PROVIDERS: readonly UsageProvider[] = [
  "anthropic",
  "bedrock",
  "openai-responses",
  "openai-chat",
  "gemini",
];

const MINIMUM = 32;

/** Small, documented-looking facts so short generated prompts stay above the minimum. */
export const PROPERTY_FACTS: readonly CacheFactsRow[] = (
  ["anthropic", "bedrock", "openai", "gemini"] as const
).map((provider) => ({
  provider,
  models: ["*"],
  minimumPrefixTokens: MINIMUM,
  incrementTokens: 1,
  defaultTtlSeconds: 300,
  prices: { read: 0.1, write5m: 1.25, write1h: 2, write: 1.25 },
  source: "property test",
  asOf: "2026-12-01",
}));

interface Tool {
  readonly name: string;
  readonly description: string;
}
interface Section {
  readonly id: string;
  readonly text: string;
}
interface Message {
  readonly role: "user" | "assistant";
  readonly blocks: readonly string[];
}
interface Prompt {
  readonly tools: readonly Tool[];
  readonly sections: readonly Section[];
  readonly messages: readonly Message[];
}

/** Where a change goes: a tool, a section or a message block, by position. */
export type ChangeTarget =
  | { readonly area: "tools"; readonly index: number }
  | { readonly area: "system"; readonly index: number }
  | { readonly area: "messages"; readonly index: number; readonly block: number };

function systemText(prompt: Prompt): string {
  return prompt.sections.map((section) => section.text).join("\n\n");
}

function toBody(provider: UsageProvider, prompt: Prompt): unknown {
  const system = systemText(prompt);
  const last = prompt.messages.length - 1;
  switch (provider) {
    case "anthropic":
      return {
        model: "test-model",
        max_tokens: 1024,
        tools: prompt.tools.map((tool) => ({
          name: tool.name,
          description: tool.description,
          input_schema: { type: "object" },
        })),
        system: [{ type: "text", text: system, cache_control: { type: "ephemeral" } }],
        messages: prompt.messages.map((message, index) => ({
          role: message.role,
          content: message.blocks.map((text, block) => ({
            type: "text",
            text,
            // The rolling breakpoint moves every request; annotations are not content.
            ...(index === last && block === message.blocks.length - 1
              ? { cache_control: { type: "ephemeral" } }
              : {}),
          })),
        })),
      };
    case "bedrock":
      return {
        modelId: "test-model",
        toolConfig: {
          tools: [
            ...prompt.tools.map((tool) => ({
              toolSpec: {
                name: tool.name,
                description: tool.description,
                inputSchema: { json: { type: "object" } },
              },
            })),
            { cachePoint: { type: "default" } },
          ],
        },
        system: [{ text: system }, { cachePoint: { type: "default" } }],
        messages: prompt.messages.map((message, index) => ({
          role: message.role,
          content: [
            ...message.blocks.map((text) => ({ text })),
            ...(index === last ? [{ cachePoint: { type: "default" } }] : []),
          ],
        })),
      };
    case "openai-responses":
      return {
        model: "test-model",
        instructions: system,
        input: prompt.messages.map((message) => ({
          role: message.role,
          content: message.blocks.map((text) => ({
            type: message.role === "user" ? "input_text" : "output_text",
            text,
          })),
        })),
        tools: prompt.tools.map((tool) => ({
          type: "function",
          name: tool.name,
          description: tool.description,
          parameters: { type: "object" },
          strict: false,
        })),
        prompt_cache_key: "promptstack:main:test-model",
      };
    case "openai-chat":
      return {
        model: "test-model",
        messages: [
          { role: "system", content: system },
          ...prompt.messages.map((message) => ({
            role: message.role,
            content: message.blocks.map((text) => ({ type: "text", text })),
          })),
        ],
        tools: prompt.tools.map((tool) => ({
          type: "function",
          function: { name: tool.name, description: tool.description, parameters: {} },
        })),
        prompt_cache_key: "promptstack:main:test-model",
      };
    case "gemini":
      return {
        model: "test-model",
        contents: prompt.messages.map((message) => ({
          role: message.role === "assistant" ? "model" : "user",
          parts: message.blocks.map((text) => ({ text })),
        })),
        config: {
          systemInstruction: { parts: [{ text: system }] },
          tools: [
            {
              functionDeclarations: prompt.tools.map((tool) => ({
                name: tool.name,
                description: tool.description,
                parametersJsonSchema: { type: "object" },
              })),
            },
          ],
        },
      };
  }
}

/** The simulation's token model: about four characters per token, per part. */
function tokens(text: string): number {
  return Math.ceil(text.length / 4) + 1;
}

/** Token counts of the prompt's parts in serialization order (tools, system, messages). */
function partTokens(prompt: Prompt): { readonly target: ChangeTarget; readonly tokens: number }[] {
  return [
    ...prompt.tools.map((tool, index) => ({
      target: { area: "tools" as const, index },
      tokens: tokens(tool.name + tool.description) + 4,
    })),
    ...prompt.sections.map((section, index) => ({
      target: { area: "system" as const, index },
      tokens: tokens(section.text),
    })),
    ...prompt.messages.flatMap((message, index) =>
      message.blocks.map((text, block) => ({
        target: { area: "messages" as const, index, block },
        tokens: tokens(text) + (block === 0 ? 3 : 0),
      })),
    ),
  ];
}

function sameTarget(a: ChangeTarget, b: ChangeTarget): boolean {
  return (
    a.area === b.area &&
    a.index === b.index &&
    (a.area !== "messages" || b.area !== "messages" || a.block === b.block)
  );
}

function toUsage(provider: UsageProvider, total: number, read: number, written: number): unknown {
  const uncached = total - read - written;
  switch (provider) {
    case "anthropic":
      return {
        input_tokens: uncached,
        cache_read_input_tokens: read,
        cache_creation_input_tokens: written,
        cache_creation: { ephemeral_5m_input_tokens: written, ephemeral_1h_input_tokens: 0 },
        output_tokens: 40,
      };
    case "bedrock":
      return {
        inputTokens: uncached,
        outputTokens: 40,
        totalTokens: total + 40,
        cacheReadInputTokens: read,
        cacheWriteInputTokens: written,
        cacheDetails: written > 0 ? [{ ttl: "5m", inputTokens: written }] : [],
      };
    case "openai-responses":
      return {
        input_tokens: total,
        input_tokens_details: { cached_tokens: read },
        output_tokens: 40,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: total + 40,
      };
    case "openai-chat":
      return {
        prompt_tokens: total,
        completion_tokens: 40,
        total_tokens: total + 40,
        prompt_tokens_details: { cached_tokens: read },
      };
    case "gemini":
      return {
        usageMetadata: {
          promptTokenCount: total,
          cachedContentTokenCount: read,
          candidatesTokenCount: 40,
        },
      };
  }
}

const word = fc.stringMatching(/^[a-z]{1,8}$/);
const sentence = fc.array(word, { minLength: 3, maxLength: 12 }).map((words) => words.join(" "));

/** One conversation: the stable prefix, then one user message (and a reply before it) per request. */
export const conversationArbitrary = fc.record({
  provider: fc.constantFrom(...LEDGER_PROVIDERS),
  tools: fc.uniqueArray(fc.record({ name: word, description: sentence }), {
    minLength: 1,
    maxLength: 3,
    selector: (tool) => tool.name,
  }),
  sections: fc.array(sentence, { minLength: 2, maxLength: 4 }),
  turns: fc.array(
    fc.record({
      user: fc.array(sentence, { minLength: 1, maxLength: 2 }),
      reply: sentence,
    }),
    { minLength: 3, maxLength: 8 },
  ),
  seconds: fc.array(fc.integer({ min: 1, max: 290 }), { minLength: 8, maxLength: 8 }),
});

/** One generated conversation. */
export type ConversationSpec =
  typeof conversationArbitrary extends fc.Arbitrary<infer T> ? T : never;

/** The prompt of request `k`: every turn up to k, replies between them. */
function promptAt(spec: ConversationSpec, k: number): Prompt {
  const messages: Message[] = [];
  for (let turn = 0; turn <= k; turn++) {
    if (turn > 0) messages.push({ role: "assistant", blocks: [spec.turns[turn - 1]!.reply] });
    messages.push({ role: "user", blocks: spec.turns[turn]!.user });
  }
  return {
    tools: spec.tools.map((tool) => ({
      name: tool.name,
      description: `${tool.description} (${tool.name})`,
    })),
    sections: spec.sections.map((text, index) => ({
      id: `section_${index}`,
      text: `## section_${index}\n${text}`,
    })),
    messages,
  };
}

/** Inserts "§" (never generated otherwise) at `at` of the target's text. */
function applyChange(prompt: Prompt, target: ChangeTarget, at: number): Prompt {
  const insert = (text: string) => {
    const position = at % (text.length + 1);
    return `${text.slice(0, position)}§${text.slice(position)}`;
  };
  if (target.area === "tools") {
    return {
      ...prompt,
      tools: prompt.tools.map((tool, index) =>
        index === target.index ? { ...tool, description: insert(tool.description) } : tool,
      ),
    };
  }
  if (target.area === "system") {
    return {
      ...prompt,
      sections: prompt.sections.map((section, index) =>
        index === target.index ? { ...section, text: insert(section.text) } : section,
      ),
    };
  }
  return {
    ...prompt,
    messages: prompt.messages.map((message, index) =>
      index === target.index
        ? {
            ...message,
            blocks: message.blocks.map((text, block) =>
              block === target.block ? insert(text) : text,
            ),
          }
        : message,
    ),
  };
}

/** One injected change: at request `k`, into `target`, kept by every later request. */
export interface InjectedChange {
  readonly k: number;
  readonly target: ChangeTarget;
  readonly at: number;
}

/**
 * Records the conversation in a fresh ledger. Usage comes from a simulation: the previous
 * request's whole prompt is in cache (explicit providers wrote it; implicit ones cache it); a
 * request reads what it shares with it in whole parts, and writes the rest on explicit providers.
 */
export function recordConversation(
  spec: ConversationSpec,
  change?: InjectedChange,
): CacheLedgerEntry[] {
  const ledger = createCacheLedger({ facts: PROPERTY_FACTS });
  const explicit = spec.provider === "anthropic" || spec.provider === "bedrock";
  let previousTotal = 0;
  let time = Date.parse("2026-12-01T20:00:00Z");
  for (let k = 0; k < spec.turns.length; k++) {
    const base = promptAt(spec, k);
    const prompt =
      change !== undefined && k >= change.k ? applyChange(base, change.target, change.at) : base;
    const parts = partTokens(prompt);
    const total = parts.reduce((sum, part) => sum + part.tokens, 0);
    let read = previousTotal;
    if (change !== undefined && k === change.k) {
      const changed = parts.findIndex((part) => sameTarget(part.target, change.target));
      const before = parts.slice(0, changed).reduce((sum, part) => sum + part.tokens, 0);
      read = before >= MINIMUM ? before : 0;
    }
    const written = explicit ? total - read : 0;
    time += spec.seconds[k]! * 1000;
    ledger.record({
      provider: spec.provider,
      model: "test-model",
      at: new Date(time).toISOString(),
      body: toBody(spec.provider, prompt),
      usage: toUsage(spec.provider, total, read, written),
      sections: prompt.sections,
    });
    previousTotal = total;
  }
  return [...ledger.entries];
}

/** A change target that exists in request k-1 (so the change alters what was cached). */
export function changeArbitrary(spec: ConversationSpec): fc.Arbitrary<InjectedChange> {
  return fc.integer({ min: 1, max: spec.turns.length - 1 }).chain((k) => {
    const previous = promptAt(spec, k - 1);
    const targets: ChangeTarget[] = [
      ...previous.tools.map((_, index) => ({ area: "tools" as const, index })),
      ...previous.sections.map((_, index) => ({ area: "system" as const, index })),
      ...previous.messages.flatMap((message, index) =>
        message.blocks.map((_, block) => ({ area: "messages" as const, index, block })),
      ),
    ];
    return fc.record({
      k: fc.constant(k),
      target: fc.constantFrom(...targets),
      at: fc.nat({ max: 200 }),
    });
  });
}

/** The part name the ledger must report for a target. */
export function expectedPart(spec: ConversationSpec, target: ChangeTarget): string | number {
  const prompt = promptAt(spec, 0);
  if (target.area === "tools") return prompt.tools[target.index]!.name;
  if (target.area === "system") return prompt.sections[target.index]!.id;
  return target.index;
}

/** Property 1: append-only sequences with simulated usage are never a miss. */
export function assertAppendOnlyNeverMisses(numRuns: number): void {
  fc.assert(
    fc.property(conversationArbitrary, (spec) => {
      for (const entry of recordConversation(spec)) {
        expect(entry.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
        expect(entry.cause).toEqual({ kind: "none" });
        expect(entry.miss).toBe(false);
        if (entry.index > 0) expect(entry.expected).toBe(entry.usage!.read);
      }
    }),
    { numRuns },
  );
}

/** Property 2: a change injected at request k is a miss at k, named by its part, and nowhere else. */
export function assertChangeIsNamedOnce(numRuns: number): void {
  fc.assert(
    fc.property(
      conversationArbitrary.chain((spec) =>
        changeArbitrary(spec).map((change) => ({ spec, change })),
      ),
      ({ spec, change }) => {
        const entries = recordConversation(spec, change);
        for (const entry of entries) {
          if (entry.index !== change.k) {
            expect(entry.cause, `request ${entry.index}`).toEqual({ kind: "none" });
            continue;
          }
          expect(entry.miss).toBe(true);
          expect(entry.cause).toMatchObject({
            kind: "changed",
            area: change.target.area,
            part: expectedPart(spec, change.target),
            ...(change.target.area === "messages" ? { block: change.target.block } : {}),
          });
        }
      },
    ),
    { numRuns },
  );
}
