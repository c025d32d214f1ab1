import { describe, expect, it } from "vitest";
import { createCacheLedger } from "./create-cache-ledger.js";
import { resolveCacheFacts } from "./cache-facts-table.js";
import { ProvidersError } from "./providers-error.js";

const RULES = "x".repeat(8000);
const SECTIONS = [
  { id: "tooling", text: `## Tooling\n${"t".repeat(3000)}` },
  { id: "workspace_files", text: `## Workspace\n${"w".repeat(3000)}` },
];

function anthropicBody(options: {
  system?: string;
  messages?: readonly string[];
  ttl?: "1h";
  tools?: readonly { name: string; description: string }[];
}) {
  const marker =
    options.ttl === undefined ? { type: "ephemeral" } : { type: "ephemeral", ttl: "1h" };
  return {
    model: "claude-sonnet-4-6",
    max_tokens: 1024,
    tools: (options.tools ?? [{ name: "read", description: "Read a file." }]).map((tool) => ({
      ...tool,
      input_schema: { type: "object" },
    })),
    system: [{ type: "text", text: options.system ?? RULES, cache_control: marker }],
    messages: (options.messages ?? ["hello"]).map((text, index) => ({
      role: index % 2 === 0 ? "user" : "assistant",
      content: [{ type: "text", text }],
    })),
  };
}

function anthropicUsage(read: number, written: number, uncached: number, ttl: "5m" | "1h" = "5m") {
  return {
    input_tokens: uncached,
    cache_read_input_tokens: read,
    cache_creation_input_tokens: written,
    cache_creation: {
      ephemeral_5m_input_tokens: ttl === "5m" ? written : 0,
      ephemeral_1h_input_tokens: ttl === "1h" ? written : 0,
    },
    output_tokens: 100,
  };
}

const model = "claude-sonnet-4-6";

describe("createCacheLedger", () => {
  it("an append-only second request that reads what the first wrote is not a miss", () => {
    const ledger = createCacheLedger();
    ledger.record({
      provider: "anthropic",
      model,
      at: "2026-12-01T20:00:00Z",
      body: anthropicBody({}),
      usage: anthropicUsage(0, 2010, 3),
    });
    const entry = ledger.record({
      provider: "anthropic",
      model,
      at: "2026-12-01T20:01:00Z",
      body: anthropicBody({ messages: ["hello", "hi", "next"] }),
      usage: anthropicUsage(2010, 20, 3),
    });
    expect(entry).toMatchObject({ expected: 2010, miss: false, cause: { kind: "none" } });
    expect(ledger.totals()).toMatchObject({
      requests: 2,
      misses: 0,
      inputTotal: 4046,
      read: 2010,
      written: { total: 2030, "5m": 2030, "1h": 0 },
      uncached: 6,
      costWithoutCache: 4046,
    });
    // 6 uncached + 2010 × 0.1 + 2030 × 1.25
    expect(ledger.totals().cost).toBeCloseTo(6 + 201 + 2537.5);
    expect(ledger.totals().costUsd).toBeUndefined();
  });

  it("more than 5 minutes start to start is `expired`; a 1h breakpoint keeps it for an hour", () => {
    const ledger = createCacheLedger();
    const first = { provider: "anthropic", model, body: anthropicBody({}) } as const;
    ledger.record({ ...first, at: "2026-12-01T20:00:00Z", usage: anthropicUsage(0, 2010, 3) });
    const late = ledger.record({
      ...first,
      at: "2026-12-01T20:05:01Z",
      usage: anthropicUsage(0, 2010, 3),
    });
    expect(late).toMatchObject({
      expected: 0,
      miss: true,
      cause: { kind: "expired", elapsedSeconds: 301, ttlSeconds: 300 },
    });

    const hour = createCacheLedger();
    const long = { provider: "anthropic", model, body: anthropicBody({ ttl: "1h" }) } as const;
    hour.record({ ...long, at: "2026-12-01T20:00:00Z", usage: anthropicUsage(0, 2010, 3, "1h") });
    expect(
      hour.record({ ...long, at: "2026-12-01T20:30:00Z", usage: anthropicUsage(2010, 0, 3) }).miss,
    ).toBe(false);
    expect(
      hour.record({ ...long, at: "2026-12-01T21:30:01Z", usage: anthropicUsage(0, 2010, 3, "1h") })
        .cause,
    ).toEqual({ kind: "expired", elapsedSeconds: 3601, ttlSeconds: 3600 });
  });

  it("a system change is named by the section it falls in (or system[i] without sections)", () => {
    const before = SECTIONS.map((section) => section.text).join("\n\n");
    const edited = [
      SECTIONS[0]!,
      { id: "workspace_files", text: `## Workspace\nnew ${"w".repeat(2996)}` },
    ];
    const after = edited.map((section) => section.text).join("\n\n");
    for (const sections of [edited, undefined]) {
      const ledger = createCacheLedger();
      ledger.record({
        provider: "anthropic",
        model,
        at: "2026-12-01T20:00:00Z",
        body: anthropicBody({ system: before }),
        usage: anthropicUsage(0, 1510, 3),
      });
      const entry = ledger.record({
        provider: "anthropic",
        model,
        at: "2026-12-01T20:01:00Z",
        body: anthropicBody({ system: after }),
        usage: anthropicUsage(0, 1510, 3),
        ...(sections === undefined ? {} : { sections }),
      });
      expect(entry.miss).toBe(true);
      expect(entry.cause).toMatchObject({
        kind: "changed",
        area: "system",
        part: sections === undefined ? "system[0]" : "workspace_files",
        offset: SECTIONS[0]!.text.length + 2 + "## Workspace\n".length,
      });
    }
  });

  it("a changed tool is named; a change after what was cached is not a miss", () => {
    const ledger = createCacheLedger();
    ledger.record({
      provider: "anthropic",
      model,
      at: "2026-12-01T20:00:00Z",
      body: anthropicBody({}),
      usage: anthropicUsage(0, 2000, 13),
    });
    const tool = ledger.record({
      provider: "anthropic",
      model,
      at: "2026-12-01T20:01:00Z",
      body: anthropicBody({ tools: [{ name: "read", description: "Read one file." }] }),
      usage: anthropicUsage(0, 2000, 13),
    });
    expect(tool.cause).toMatchObject({ kind: "changed", area: "tools", part: "read" });

    // The previous request cached 2000 of 2013 tokens (its breakpoint is on the system text):
    // its last message was never cached, so editing it costs nothing.
    const tail = ledger.record({
      provider: "anthropic",
      model,
      at: "2026-12-01T20:02:00Z",
      body: anthropicBody({
        tools: [{ name: "read", description: "Read one file." }],
        messages: ["hellO"],
      }),
      usage: anthropicUsage(2000, 0, 13),
    });
    expect(tail).toMatchObject({ miss: false, cause: { kind: "none" } });
  });

  it("an added tool is named by the new list, a removed one by the old", () => {
    const tools = (...names: string[]) => names.map((name) => ({ name, description: name }));
    const ledger = createCacheLedger();
    const request = (at: string, names: string[], read: number) =>
      ledger.record({
        provider: "anthropic",
        model,
        at,
        body: anthropicBody({ tools: tools(...names) }),
        usage: anthropicUsage(read, 2010 - read, 3),
      });
    request("2026-12-01T20:00:00Z", ["exec", "read"], 0);
    expect(request("2026-12-01T20:01:00Z", ["browser", "exec", "read"], 0).cause).toMatchObject({
      kind: "changed",
      part: "browser",
    });
    expect(request("2026-12-01T20:02:00Z", ["browser", "read"], 0).cause).toMatchObject({
      kind: "changed",
      part: "exec",
    });
  });

  it("the same prefix read as nothing within the TTL and above the minimum is `unexplained`", () => {
    const ledger = createCacheLedger();
    const request = { provider: "anthropic", model, body: anthropicBody({}) } as const;
    ledger.record({ ...request, at: "2026-12-01T20:00:00Z", usage: anthropicUsage(0, 2010, 3) });
    const entry = ledger.record({
      ...request,
      at: "2026-12-01T20:01:00Z",
      usage: anthropicUsage(0, 2010, 3),
    });
    expect(entry).toMatchObject({ expected: 2010, miss: true, cause: { kind: "unexplained" } });
  });

  it("OpenAI Chat under the 1024-token minimum: every repeat is `below-minimum`", () => {
    const ledger = createCacheLedger();
    const body = {
      model: "gpt-5.5",
      messages: [
        { role: "system", content: "You are terse." },
        { role: "user", content: "hi" },
      ],
    };
    const usage = { prompt_tokens: 300, prompt_tokens_details: { cached_tokens: 0 } };
    ledger.record({
      provider: "openai",
      model: "gpt-5.5",
      at: "2026-12-01T20:00:00Z",
      body,
      usage,
    });
    const entry = ledger.record({
      provider: "openai",
      model: "gpt-5.5",
      at: "2026-12-01T20:00:30Z",
      body,
      usage,
    });
    expect(entry.provider).toBe("openai-chat");
    expect(entry).toMatchObject({
      expected: 0,
      miss: true,
      cause: { kind: "below-minimum", prefixTokens: 300, minimumTokens: 1024 },
    });
  });

  it("OpenAI before GPT-5.6 reads in 128-token steps: 1920 of 2000 is the whole cached prefix", () => {
    const ledger = createCacheLedger();
    const body = (input: readonly string[]) => ({
      model: "gpt-5.5",
      instructions: RULES,
      input: input.map((content) => ({ role: "user", content })),
      prompt_cache_key: "promptstack:main:gpt-5.5",
    });
    ledger.record({
      provider: "openai",
      model: "gpt-5.5",
      at: "2026-12-01T20:00:00Z",
      body: body(["a"]),
      usage: { input_tokens: 2000, input_tokens_details: { cached_tokens: 0 } },
    });
    const entry = ledger.record({
      provider: "openai",
      model: "gpt-5.5",
      at: "2026-12-01T20:00:30Z",
      body: body(["a", "b"]),
      usage: { input_tokens: 2100, input_tokens_details: { cached_tokens: 1920 } },
    });
    expect(entry).toMatchObject({
      provider: "openai-responses",
      lineage: "openai-responses:gpt-5.5:promptstack:main:gpt-5.5",
      expected: 1920,
      miss: false,
    });
  });

  it("each prompt_cache_key is its own lineage", () => {
    const ledger = createCacheLedger();
    const body = (key: string, ...input: string[]) => ({
      model: "gpt-5.6",
      instructions: RULES,
      input: input.map((content) => ({ role: "user", content })),
      prompt_cache_key: key,
    });
    const usage = (total: number, read: number, written: number) => ({
      input_tokens: total,
      input_tokens_details: { cached_tokens: read, cache_write_tokens: written },
    });
    const at = (second: number) => `2026-12-01T20:00:${String(second).padStart(2, "0")}Z`;
    const base = { provider: "openai-responses", model: "gpt-5.6" } as const;
    ledger.record({ ...base, at: at(0), body: body("a", "one"), usage: usage(2000, 0, 2000) });
    ledger.record({ ...base, at: at(1), body: body("b", "two"), usage: usage(2000, 0, 2000) });
    const a = ledger.record({
      ...base,
      at: at(2),
      body: body("a", "one", "more"),
      usage: usage(2010, 2000, 10),
    });
    expect(a).toMatchObject({ miss: false, expected: 2000 });
    expect(ledger.entries.map((entry) => entry.lineage)).toEqual([
      "openai-responses:gpt-5.6:a",
      "openai-responses:gpt-5.6:b",
      "openai-responses:gpt-5.6:a",
    ]);
  });

  it("unreadable usage is a diagnostic; the next request compares with the last readable one", () => {
    const ledger = createCacheLedger();
    const request = { provider: "anthropic", model, body: anthropicBody({}) } as const;
    ledger.record({ ...request, at: "2026-12-01T20:00:00Z", usage: anthropicUsage(0, 2010, 3) });
    const broken = ledger.record({
      ...request,
      at: "2026-12-01T20:01:00Z",
      usage: { cache_read_input_tokens: "lots" },
    });
    expect(broken.usage).toBeUndefined();
    expect(broken.cost).toBeUndefined();
    expect(broken.diagnostics.map((d) => d.code)).toEqual(["PROVIDERS_USAGE_MALFORMED"]);
    const next = ledger.record({
      ...request,
      at: "2026-12-01T20:02:00Z",
      usage: anthropicUsage(2010, 0, 3),
    });
    expect(next).toMatchObject({ miss: false, expected: 2010 });
    expect(ledger.totals().requests).toBe(3);
  });

  it("prices in dollars when the facts row has an input price", () => {
    const ledger = createCacheLedger({
      facts: [
        {
          provider: "anthropic",
          models: ["claude-sonnet-4-6"],
          minimumPrefixTokens: 1024,
          incrementTokens: 1,
          defaultTtlSeconds: 300,
          prices: { read: 0.1, write5m: 1.25, write1h: 2, write: 1.25 },
          inputUsdPerMillion: 3,
          source: "my price list",
          asOf: "2026-12-01",
        },
      ],
    });
    const entry = ledger.record({
      provider: "anthropic",
      model,
      at: new Date("2026-12-01T20:00:00Z"),
      body: anthropicBody({}),
      usage: anthropicUsage(1_000_000, 0, 0),
    });
    expect(entry.costUsd).toBeCloseTo(0.3);
    expect(ledger.totals().costUsd).toBeCloseTo(0.3);
  });

  it.each([
    [{ at: "2026-02-30T20:00:00Z" }, /at "2026-02-30T20:00:00Z" is not an ISO 8601 time/],
    [{ at: 1_733_087_100_000 }, /at "1733087100000" is not an ISO 8601 time/],
    [{ at: new Date(Number.NaN) }, /at "Invalid Date" is not an ISO 8601 time/],
    [{ provider: "mistral" }, /provider "mistral" is not one the ledger reads/],
    [{ model: "" }, /model must be a non-empty string/],
  ])("%j is a contract violation", (override, message) => {
    const ledger = createCacheLedger();
    const request = {
      provider: "anthropic",
      model,
      at: "2026-12-01T20:00:00Z",
      body: {},
      usage: anthropicUsage(0, 0, 1),
      ...override,
    } as Parameters<typeof ledger.record>[0];
    const attempt = () => ledger.record(request);
    expect(attempt).toThrow(message);
    try {
      attempt();
    } catch (error) {
      expect(ProvidersError.isInstance(error)).toBe(true);
      expect((error as ProvidersError).code).toBe("PROVIDERS_INVALID_ARGUMENT");
    }
  });

  it("an entry holds the normalized usage, the time in UTC, the facts row and the cost", () => {
    const ledger = createCacheLedger();
    const entry = ledger.record({
      provider: "anthropic",
      model,
      at: "2026-12-01T21:00:00+01:00",
      body: anthropicBody({ ttl: "1h" }),
      usage: {
        input_tokens: 3,
        cache_read_input_tokens: 0,
        cache_creation_input_tokens: 2010,
        cache_creation: { ephemeral_5m_input_tokens: 10, ephemeral_1h_input_tokens: 2000 },
      },
    });
    expect(entry).toEqual({
      index: 0,
      provider: "anthropic",
      model,
      at: "2026-12-01T20:00:00.000Z",
      lineage: `anthropic:${model}`,
      usage: {
        inputTotal: 2013,
        read: 0,
        written: { total: 2010, "5m": 10, "1h": 2000 },
        uncached: 3,
      },
      facts: resolveCacheFacts("anthropic", model).row,
      diagnostics: [],
      expected: 0,
      miss: false,
      cause: { kind: "none" },
      // 3 + 10 × 1.25 + 2000 × 2
      cost: 4015.5,
      costUsd: undefined,
    });
    expect(ledger.entries).toEqual([entry]);
  });

  it("an unreadable usage keeps the entry, with the diagnostic and no cost", () => {
    const ledger = createCacheLedger();
    const entry = ledger.record({
      provider: "gemini",
      model: "gemini-2.5-pro",
      at: "2026-12-01T20:00:00Z",
      body: {},
      usage: {},
    });
    expect(entry).toEqual({
      index: 0,
      provider: "gemini",
      model: "gemini-2.5-pro",
      at: "2026-12-01T20:00:00.000Z",
      lineage: "gemini:gemini-2.5-pro",
      usage: undefined,
      facts: resolveCacheFacts("gemini", "gemini-2.5-pro").row,
      diagnostics: [
        {
          code: "PROVIDERS_USAGE_MALFORMED",
          severity: "warning",
          message: "gemini usage is not readable: promptTokenCount is missing.",
          hint: "Pass the usage object exactly as the provider returned it (the response's usage field).",
        },
      ],
      expected: 0,
      miss: false,
      cause: { kind: "none" },
      cost: undefined,
      costUsd: undefined,
    });
    expect(ledger.totals()).toEqual({
      requests: 1,
      misses: 0,
      inputTotal: 0,
      read: 0,
      written: { total: 0, "5m": 0, "1h": 0 },
      uncached: 0,
      cost: 0,
      costWithoutCache: 0,
      costUsd: 0,
    });
  });

  it("OpenAI writes without a lifetime are priced at the row's write price; the facts' diagnostics are kept", () => {
    const ledger = createCacheLedger();
    const usage = {
      input_tokens: 2000,
      input_tokens_details: { cached_tokens: 0, cache_write_tokens: 1500 },
    };
    const entry = ledger.record({
      provider: "openai",
      model: "gpt-5.6",
      at: "2026-12-01T20:00:00Z",
      body: null,
      usage,
    });
    expect(entry).toMatchObject({
      provider: "openai-responses",
      lineage: "openai-responses:gpt-5.6",
      usage: {
        inputTotal: 2000,
        read: 0,
        written: { total: 1500, "5m": 0, "1h": 0 },
        uncached: 500,
      },
      // 500 + 1500 × 1.25
      cost: 2375,
    });
    // A body that is not an object has no `messages`: the Responses API.
    expect(
      ledger.record({
        provider: "openai",
        model: "gpt-5.6",
        at: "2026-12-01T20:00:00Z",
        body: "?",
        usage,
      }).provider,
    ).toBe("openai-responses");
    const unknown = ledger.record({
      provider: "bedrock",
      model: "meta.llama3-70b",
      at: "2026-12-01T20:00:00Z",
      body: {},
      usage: { inputTokens: 5 },
    });
    expect(unknown.diagnostics.map((d) => d.code)).toEqual(["PROVIDERS_UNKNOWN_MODEL"]);
  });

  it("the lineage: the caller's, else provider and model plus a string prompt_cache_key", () => {
    const ledger = createCacheLedger();
    const record = (body: unknown, lineage?: string) =>
      ledger.record({
        provider: "openai-chat",
        model: "gpt-5.5",
        at: "2026-12-01T20:00:00Z",
        body,
        usage: { prompt_tokens: 10 },
        ...(lineage === undefined ? {} : { lineage }),
      }).lineage;
    expect(record({ messages: [], prompt_cache_key: 42 })).toBe("openai-chat:gpt-5.5");
    expect(record({ messages: [], prompt_cache_key: "k" })).toBe("openai-chat:gpt-5.5:k");
    expect(record("not a body")).toBe("openai-chat:gpt-5.5");
    expect(record(undefined)).toBe("openai-chat:gpt-5.5");
    expect(record({ messages: [], prompt_cache_key: "k" }, "mine")).toBe("mine");
    expect(ledger.entries.map((entry) => entry.index)).toEqual([0, 1, 2, 3, 4]);
  });

  it("a Date-like `at` is read through getTime; an object without one is refused", () => {
    const ledger = createCacheLedger();
    const at = { getTime: () => Date.parse("2026-12-01T20:00:00Z") } as unknown as Date;
    expect(
      ledger.record({
        provider: "gemini",
        model: "gemini-2.5-pro",
        at,
        body: {},
        usage: { promptTokenCount: 1 },
      }).at,
    ).toBe("2026-12-01T20:00:00.000Z");
    expect(() =>
      ledger.record({
        provider: "gemini",
        model: "gemini-2.5-pro",
        at: { getTime: 5 } as unknown as Date,
        body: {},
        usage: {},
      }),
    ).toThrow('at "[object Object]" is not an ISO 8601 time');
    expect(() =>
      ledger.record({
        provider: "gemini",
        model: "gemini-2.5-pro",
        at: null as unknown as Date,
        body: {},
        usage: {},
      }),
    ).toThrow('at "null" is not an ISO 8601 time');
  });

  it("totals add up every readable entry; dollars only when every entry has a price", () => {
    const priced = { ...resolveCacheFacts("anthropic", model).row, inputUsdPerMillion: 3 };
    const ledger = createCacheLedger({ facts: [priced] });
    const request = { provider: "anthropic", model, body: anthropicBody({}) } as const;
    ledger.record({
      ...request,
      at: "2026-12-01T20:00:00Z",
      usage: anthropicUsage(0, 2000, 10, "1h"),
    });
    ledger.record({ ...request, at: "2026-12-01T20:01:00Z", usage: anthropicUsage(0, 2000, 10) });
    expect(ledger.totals()).toEqual({
      requests: 2,
      misses: 1,
      inputTotal: 4020,
      read: 0,
      written: { total: 4000, "5m": 2000, "1h": 2000 },
      uncached: 20,
      // 10 + 2000 × 2, then 10 + 2000 × 1.25
      cost: 6520,
      costWithoutCache: 4020,
      costUsd: (6520 * 3) / 1e6,
    });
    ledger.record({
      provider: "gemini",
      model: "gemini-2.5-pro",
      at: "2026-12-01T20:02:00Z",
      body: {},
      usage: { promptTokenCount: 7 },
    });
    expect(ledger.totals()).toMatchObject({
      requests: 3,
      inputTotal: 4027,
      cost: 6527,
      costUsd: undefined,
    });
  });

  it.each([
    [
      { provider: 7 },
      {
        message: "createCacheLedger().record: provider 7 is not one the ledger reads.",
        path: "provider",
        hint: "Use one of anthropic, openai, openai-responses, openai-chat, gemini, bedrock.",
      },
    ],
    [
      { model: 5 },
      {
        message: "createCacheLedger().record: model must be a non-empty string.",
        path: "model",
        hint: "Pass the model id the request was sent to.",
      },
    ],
    [
      { at: "yesterday" },
      {
        message: 'createCacheLedger().record: at "yesterday" is not an ISO 8601 time that exists.',
        path: "at",
        hint: "Pass the time the request started, e.g. 2026-12-01T21:05:00Z.",
      },
    ],
  ])("%j: the error says what, where and how to fix it", (override, expected) => {
    const ledger = createCacheLedger();
    const request = {
      provider: "anthropic",
      model,
      at: "2026-12-01T20:00:00Z",
      body: {},
      usage: anthropicUsage(0, 0, 1),
      ...override,
    } as Parameters<typeof ledger.record>[0];
    expect(() => ledger.record(request)).toThrow(
      expect.objectContaining({ code: "PROVIDERS_INVALID_ARGUMENT", ...expected }),
    );
    expect(ledger.entries).toEqual([]);
  });
});
