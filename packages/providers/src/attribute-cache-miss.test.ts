import { describe, expect, it } from "vitest";
import { attributeCacheMiss, findFirstDifference } from "./attribute-cache-miss.js";
import type { AttributedRequest, CacheLedgerSection } from "./attribute-cache-miss.js";
import { resolveCacheFacts } from "./cache-facts-table.js";
import type { NormalizedUsage, UsageProvider } from "./normalize-usage.js";
import type { RequestBodyPart } from "./to-request-body-parts.js";

const tool = (index: number, name: string, text = name): RequestBodyPart => ({
  ref: { area: "tools", index, name },
  text,
});
const system = (index: number, text: string): RequestBodyPart => ({
  ref: { area: "system", index },
  text,
});
const message = (index: number, block: number, text: string): RequestBodyPart => ({
  ref: { area: "messages", index, block },
  text,
});

const SONNET = resolveCacheFacts("anthropic", "claude-sonnet-4-6").row; // 1024, any length
const GPT_5_5 = resolveCacheFacts("openai", "gpt-5.5").row; // 1024, then 128-token steps
const START = Date.parse("2026-12-01T20:00:00Z");

function usage(read: number, written: number, uncached: number): NormalizedUsage {
  return {
    inputTotal: read + written + uncached,
    read,
    written: { total: written, "5m": written, "1h": 0 },
    uncached,
  };
}

function request(
  parts: readonly RequestBodyPart[],
  used: NormalizedUsage,
  options: {
    provider?: UsageProvider;
    afterSeconds?: number;
    asksForCaching?: boolean;
    ttlSeconds?: number | undefined;
    sections?: readonly CacheLedgerSection[];
  } = {},
): AttributedRequest {
  return {
    provider: options.provider ?? "anthropic",
    at: START + (options.afterSeconds ?? 0) * 1000,
    parts,
    usage: used,
    settings: {
      asksForCaching: options.asksForCaching ?? true,
      ttlSeconds: "ttlSeconds" in options ? options.ttlSeconds : 300,
    },
    ...(options.sections === undefined ? {} : { sections: options.sections }),
  };
}

// 1001 characters with terminators; 2 tokens per character in the usage below.
const PROMPT = [tool(0, "read"), system(0, "x".repeat(995))];

describe("findFirstDifference", () => {
  it("none when the current request repeats or extends the previous one", () => {
    expect(findFirstDifference(PROMPT, PROMPT)).toBeUndefined();
    expect(findFirstDifference(PROMPT, [...PROMPT, message(0, 0, "hi")])).toBeUndefined();
    expect(findFirstDifference([], PROMPT)).toBeUndefined();
  });

  it("counts the characters repeated before a text change, one terminator per part", () => {
    const current = [tool(0, "read"), system(0, `${"x".repeat(900)}y`)];
    expect(findFirstDifference(PROMPT, current)).toEqual({
      sharedChars: 5 + 900,
      part: current[1],
      offset: 900,
    });
  });

  it("a text that grows in place differs where the old one ended", () => {
    const previous = [system(0, "hello")];
    const current = [system(0, "hello world")];
    expect(findFirstDifference(previous, current)).toEqual({
      sharedChars: 5,
      part: current[0],
      offset: 5,
    });
  });

  it("a current request that stops early differs at the first part it lacks", () => {
    const previous = [...PROMPT, message(0, 0, "hi"), message(1, 0, "there")];
    expect(findFirstDifference(previous, PROMPT)).toEqual({
      sharedChars: 1001,
      part: previous[2],
      offset: 0,
    });
  });

  it("a removed tool is named by the old list, even when the system text follows in its place", () => {
    const previous = [tool(0, "exec"), tool(1, "read"), system(0, "rules")];
    expect(findFirstDifference(previous, [tool(0, "exec"), system(0, "rules")])).toEqual({
      sharedChars: 5,
      part: previous[1],
      offset: 0,
    });
    // A renamed tool: the old name is gone.
    expect(findFirstDifference([tool(0, "read")], [tool(0, "reed")])).toEqual({
      sharedChars: 0,
      part: tool(0, "read"),
      offset: 0,
    });
    expect(
      findFirstDifference([tool(0, "exec"), system(0, "rules")], [system(0, "rules")]),
    ).toEqual({
      sharedChars: 0,
      part: tool(0, "exec"),
      offset: 0,
    });
  });

  it("an added tool and a system part that moves into another place are named by the new list", () => {
    expect(
      findFirstDifference(
        [tool(0, "read"), system(0, "rules")],
        [tool(0, "read"), tool(1, "write"), system(0, "rules")],
      ),
    ).toEqual({ sharedChars: 5, part: tool(1, "write"), offset: 0 });
    // Two system blocks become one: the message now sits where the second block was.
    expect(
      findFirstDifference(
        [system(0, "rules"), system(1, "hi")],
        [system(0, "rules"), message(0, 0, "hi")],
      ),
    ).toEqual({ sharedChars: 6, part: message(0, 0, "hi"), offset: 0 });
  });

  it("the same text in another message or another block is a change", () => {
    expect(
      findFirstDifference(
        [system(0, "rules"), message(0, 0, "hi")],
        [system(0, "rules"), message(1, 0, "hi")],
      ),
    ).toEqual({ sharedChars: 6, part: message(1, 0, "hi"), offset: 0 });
    expect(
      findFirstDifference(
        [system(0, "rules"), message(0, 0, "hi")],
        [system(0, "rules"), message(0, 1, "hi")],
      ),
    ).toEqual({ sharedChars: 6, part: message(0, 1, "hi"), offset: 0 });
  });
});

describe("attributeCacheMiss", () => {
  const previous = request(PROMPT, usage(0, 2000, 2)); // 2002 tokens for 1001 characters

  it("the first request of a lineage is never a miss", () => {
    expect(attributeCacheMiss(undefined, previous, SONNET)).toEqual({
      expected: 0,
      sharedTokens: 0,
      miss: false,
      cause: { kind: "none" },
    });
  });

  it("estimates the shared tokens in proportion to the previous request's characters", () => {
    const current = request(
      [tool(0, "read"), system(0, `${"x".repeat(900)}y`)],
      usage(0, 2000, 2),
      { afterSeconds: 60 },
    );
    // 2003 × 905 / 1001 = 1810.9, rounded down
    const longer = request(PROMPT, usage(0, 2000, 3));
    expect(attributeCacheMiss(longer, current, SONNET)).toEqual({
      expected: 1810,
      sharedTokens: 1810,
      miss: true,
      cause: { kind: "changed", area: "system", part: "system[0]", offset: 900 },
    });
  });

  it("names a changed tool by its name and a changed message by index and block", () => {
    const toolChange = request([tool(0, "read", "reAd"), PROMPT[1]!], usage(0, 2000, 2));
    expect(attributeCacheMiss(previous, toolChange, SONNET).cause).toEqual({
      kind: "changed",
      area: "tools",
      part: "read",
      offset: 2,
    });
    const history = request(
      [...PROMPT, message(0, 0, "hello"), message(0, 1, "more")],
      usage(0, 3000, 2),
    );
    const edited = request(
      [...PROMPT, message(0, 0, "hello"), message(0, 1, "moRe")],
      usage(0, 3000, 2),
    );
    expect(attributeCacheMiss(history, edited, SONNET).cause).toEqual({
      kind: "changed",
      area: "messages",
      part: 0,
      block: 1,
      offset: 2,
    });
  });

  it("a request read exactly what it could is no miss; one token less is", () => {
    const same = (read: number) =>
      request(PROMPT, usage(read, 2000 - read, 2), { afterSeconds: 60 });
    expect(attributeCacheMiss(previous, same(2000), SONNET)).toEqual({
      expected: 2000,
      sharedTokens: 2002,
      miss: false,
      cause: { kind: "none" },
    });
    expect(attributeCacheMiss(previous, same(1999), SONNET)).toEqual({
      expected: 2000,
      sharedTokens: 2002,
      miss: true,
      cause: { kind: "unexplained" },
    });
  });

  it("a change just after what was cached is not `changed`", () => {
    // 1000 of 1001 characters repeat: 2000 tokens shared, exactly what was held.
    const previousHeld = request(PROMPT, usage(0, 2000, 2));
    const current = request([tool(0, "read"), system(0, `${"x".repeat(995)}y`)], usage(0, 2000, 2));
    expect(attributeCacheMiss(previousHeld, current, SONNET)).toEqual({
      expected: 2000,
      sharedTokens: 2000,
      miss: true,
      cause: { kind: "unexplained" },
    });
  });

  it("within the TTL at exactly its end; expired one millisecond later, before any change", () => {
    const changed = [tool(0, "read", "Read."), PROMPT[1]!];
    expect(
      attributeCacheMiss(
        previous,
        request(PROMPT, usage(2000, 0, 2), { afterSeconds: 300 }),
        SONNET,
      ),
    ).toEqual({ expected: 2000, sharedTokens: 2002, miss: false, cause: { kind: "none" } });
    expect(
      attributeCacheMiss(
        previous,
        request(changed, usage(0, 2000, 2), { afterSeconds: 300.001 }),
        SONNET,
      ),
    ).toEqual({
      expected: 0,
      sharedTokens: 0,
      miss: true,
      cause: { kind: "expired", elapsedSeconds: 300.001, ttlSeconds: 300 },
    });
    // Without a documented TTL nothing expires.
    const forever = request(PROMPT, usage(0, 2000, 2), { ttlSeconds: undefined });
    expect(
      attributeCacheMiss(forever, request(PROMPT, usage(0, 2000, 2), { afterSeconds: 1e6 }), SONNET)
        .cause,
    ).toEqual({ kind: "unexplained" });
  });

  it("a shared prefix of exactly the minimum is expected to be read; one token less is not", () => {
    const at = (tokens: number) => request([system(0, "x".repeat(9))], usage(0, tokens, 0)); // 10 characters
    const grown = request([system(0, "x".repeat(9)), message(0, 0, "hi")], usage(0, 0, 2000));
    expect(attributeCacheMiss(at(1024), grown, SONNET)).toMatchObject({
      expected: 1024,
      miss: true,
      cause: { kind: "unexplained" },
    });
    expect(attributeCacheMiss(at(1023), grown, SONNET)).toEqual({
      expected: 0,
      sharedTokens: 1023,
      miss: true,
      cause: { kind: "below-minimum", prefixTokens: 1023, minimumTokens: 1024 },
    });
  });

  it("Anthropic and Bedrock leave in cache what they read and wrote, not the whole prompt", () => {
    for (const provider of ["anthropic", "bedrock"] as const) {
      const readOnly = request(PROMPT, usage(2000, 0, 2), { provider });
      const current = request(PROMPT, usage(2000, 0, 2), { provider, afterSeconds: 10 });
      expect(attributeCacheMiss(readOnly, current, SONNET)).toEqual({
        expected: 2000,
        sharedTokens: 2002,
        miss: false,
        cause: { kind: "none" },
      });
    }
  });

  it("Anthropic: a prompt that asked for caching and reported none is held whole (below the minimum)", () => {
    const small = request([system(0, "short")], usage(0, 0, 300));
    const again = request([system(0, "short")], usage(0, 0, 300), { afterSeconds: 10 });
    expect(attributeCacheMiss(small, again, SONNET)).toEqual({
      expected: 0,
      sharedTokens: 300,
      miss: true,
      cause: { kind: "below-minimum", prefixTokens: 300, minimumTokens: 1024 },
    });
    const unasked = request([system(0, "short")], usage(0, 0, 300), { asksForCaching: false });
    expect(attributeCacheMiss(unasked, again, SONNET).miss).toBe(false);
  });

  it("OpenAI: a request that reports writes holds what it read and wrote; without writes, all of it", () => {
    const openai = { provider: "openai-responses" as const, ttlSeconds: 86_400 };
    const wrote = request(PROMPT, usage(0, 1500, 502), openai);
    const next = request(PROMPT, usage(1500, 0, 502), { ...openai, afterSeconds: 10 });
    expect(attributeCacheMiss(wrote, next, SONNET)).toMatchObject({ expected: 1500, miss: false });
    const implicit = request(PROMPT, usage(0, 0, 2002), openai);
    expect(attributeCacheMiss(implicit, next, SONNET)).toMatchObject({
      expected: 2002,
      miss: true,
    });
  });

  it("OpenAI before GPT-5.6: below the minimum, a smaller read than the whole earlier prompt is a miss", () => {
    const openai = { provider: "openai-responses" as const, ttlSeconds: 86_400 };
    const small = request([system(0, "short")], usage(0, 0, 300), openai);
    const partial = request([system(0, "short")], usage(270, 0, 30), {
      ...openai,
      afterSeconds: 10,
    });
    expect(attributeCacheMiss(small, partial, GPT_5_5)).toEqual({
      expected: 0,
      sharedTokens: 300,
      miss: true,
      cause: { kind: "below-minimum", prefixTokens: 300, minimumTokens: 1024 },
    });
    // Above the minimum, what was held rounds down to a 128-token step: 1920 of 2002.
    const whole = request(PROMPT, usage(0, 0, 2002), openai);
    const stepped = request(PROMPT, usage(1920, 0, 82), { ...openai, afterSeconds: 10 });
    expect(attributeCacheMiss(whole, stepped, GPT_5_5)).toEqual({
      expected: 1920,
      sharedTokens: 2002,
      miss: false,
      cause: { kind: "none" },
    });
  });
});

describe("attributeCacheMiss: the section a system change falls in", () => {
  // The sections are the current turn's: the previous request differed at `changedAt`.
  const cause = (text: string, changedAt: number, sections: readonly CacheLedgerSection[]) => {
    const earlier = `${text.slice(0, changedAt)}#${text.slice(changedAt + 1)}`;
    const before = request([system(0, earlier)], usage(0, 2000, 0));
    const after = request([system(0, text)], usage(0, 2000, 0), { sections });
    return attributeCacheMiss(before, after, SONNET).cause;
  };
  const text = "AAAA\n\nBBBB\n\nCCCC";

  it("the section holding the change, or the last one before it", () => {
    const sections = [
      { id: "a", text: "AAAA" },
      { id: "b", text: "BBBB" },
      { id: "c", text: "CCCC" },
    ];
    expect(cause(text, 1, sections)).toMatchObject({ part: "a", offset: 1 });
    expect(cause(text, 7, sections)).toMatchObject({ part: "b", offset: 7 });
    expect(cause(text, 5, sections)).toMatchObject({ part: "a", offset: 5 });
    expect(cause(text, 6, sections)).toMatchObject({ part: "b", offset: 6 });
  });

  it("skips a section that is empty or not in the text", () => {
    expect(
      cause(text, 1, [
        { id: "a", text: "AAAA" },
        { id: "gone", text: "ZZZZ" },
        { id: "b", text: "BBBB" },
      ]),
    ).toMatchObject({ part: "a" });
    expect(
      cause(text, 14, [
        { id: "a", text: "AAAA" },
        { id: "b", text: "BBBB" },
        { id: "empty", text: "" },
      ]),
    ).toMatchObject({ part: "b" });
  });

  it("two sections with the same text: each is found after the one before it", () => {
    const twice = "SAME\n\nSAME";
    const sections = [
      { id: "first", text: "SAME" },
      { id: "second", text: "SAME" },
    ];
    expect(cause(twice, 1, sections)).toMatchObject({ part: "first" });
    expect(cause(twice, 7, sections)).toMatchObject({ part: "second" });
  });

  it("a change before every section is named by the system block", () => {
    expect(cause("intro AAAA", 1, [{ id: "a", text: "AAAA" }])).toMatchObject({
      part: "system[0]",
    });
  });
});
