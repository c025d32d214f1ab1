import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  buildAgentSystemPrompt,
  ensureCacheBoundary,
  formatCacheBoundaryMarker,
  insertAfterCacheBoundary,
  relocateRuntimeTail,
  splitCacheBoundary,
  stripCacheBoundary,
} from "../src/index.js";
import type { AgentSystemPromptInput, VolatileFacts } from "../src/index.js";

const MARKER = formatCacheBoundaryMarker();
const FORBIDDEN = ["undefined", "null", "NaN", "[object Object]"];
const hasForbidden = (text: string) => FORBIDDEN.some((word) => text.includes(word));

/** Caller text that cannot itself spell a forbidden word. */
const text = fc.stringMatching(/^[A-Za-z0-9 .:#/_<>()-]{0,24}$/).filter((s) => !hasForbidden(s));
const multiline = fc.array(text, { maxLength: 4 }).map((lines) => lines.join("\n"));
const nonBlank = text.filter((s) => s.trim() !== "");
const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

/** Drops keys whose value is undefined, as a JSON caller would. */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/**
 * Realistic values mixed with arbitrary text: a leak keyed on a plausible value (an afternoon hour,
 * a known channel, a group chat) must be as likely to be generated as one keyed on noise.
 */
const twoDigits = (max: number) =>
  fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, "0"));
const clockTime = fc.tuple(twoDigits(23), twoDigits(59)).map(([h, m]) => `${h}:${m}`);
const isoDate = fc
  .tuple(fc.integer({ min: 2020, max: 2030 }), twoDigits(11), twoDigits(27))
  .map(
    ([y, m, d]) =>
      `${y}-${String(Number(m) + 1).padStart(2, "0")}-${String(Number(d) + 1).padStart(2, "0")}`,
  );
const timeZone = fc.constantFrom("UTC", "Europe/Lisbon", "America/New_York", "Asia/Tokyo");
const channelId = fc.constantFrom("telegram", "discord", "slack", "whatsapp", "webchat");
const realisticOr = <T>(realistic: fc.Arbitrary<T>, other: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: realistic, weight: 3 }, { arbitrary: other, weight: 1 });

const volatileFacts: fc.Arbitrary<VolatileFacts> = fc
  .record({
    time: opt(
      fc
        .record({
          date: realisticOr(isoDate, text),
          time: opt(realisticOr(clockTime, text)),
          timeZone: realisticOr(timeZone, text),
        })
        .map((time) => compact(time) as NonNullable<VolatileFacts["time"]>),
    ),
    channel: opt(
      fc
        .record({
          id: realisticOr(channelId, nonBlank),
          chatType: fc.constantFrom("direct", "group", "channel"),
          chatLabel: opt(text),
          nativeApprovals: opt(fc.boolean()),
          collapsibleDetails: opt(fc.boolean()),
          messageToolOnly: opt(fc.boolean()),
          allowGroupSilence: opt(fc.boolean()),
          autoReply: opt(fc.boolean()),
          reactions: opt(fc.constantFrom("minimal", "extensive")),
          voice: opt(fc.boolean()),
          acpHints: opt(fc.array(text, { maxLength: 3 })),
          controlUiEmbed: opt(fc.boolean()),
        })
        .map((channel) => compact(channel) as NonNullable<VolatileFacts["channel"]>),
    ),
    sender: opt(text),
    groupContext: opt(multiline),
    runtime: opt(
      fc
        .record({
          host: opt(text),
          os: opt(text),
          node: opt(text),
          model: opt(text),
          repoRoot: opt(text),
          sessionKey: opt(text),
          coAuthorTrailer: opt(text),
        })
        .map(compact),
    ),
    thinkingLevel: opt(fc.constantFrom("off", "minimal", "low", "medium", "high", "ultra")),
    reasoning: opt(fc.constantFrom("off", "on", "stream")),
    elevation: opt(fc.constantFrom("off", "on", "ask", "full")),
    presentationTools: opt(fc.boolean()),
    projectMemoryFacts: opt(fc.array(text, { maxLength: 3 })),
  })
  .map((facts) => compact(facts) as VolatileFacts);

const TOOL_NAMES = [
  "read",
  "exec",
  "process",
  "cron",
  "sessions_spawn",
  "subagents",
  "sessions_list",
  "update_plan",
  "gateway",
  "message",
  "memory_search",
  "memory_get",
  "session_status",
  "openclaw",
  "image_generate",
];

/**
 * Stable facts that no volatile section quotes. Volatile sections do read `tools` (time, delegation,
 * orchestration), `sessionKind`, `delegationMode` and `provider.dynamicSuffix`; those stay fixed.
 */
const unquotedStableFacts = fc
  .record({
    identityLine: opt(text),
    planTool: opt(fc.boolean()),
    automaticCompletionWake: opt(fc.boolean()),
    subagentCompletionMode: opt(fc.constantFrom("announce", "collect")),
    workspaceDir: opt(text),
    docs: opt(fc.record({ localDocsPath: opt(text), localSourcePath: opt(text) }).map(compact)),
    modelAliases: opt(fc.array(fc.record({ alias: nonBlank, model: nonBlank }), { maxLength: 3 })),
    ownerDisplay: opt(text),
    ttsHint: opt(text),
    memoryRecall: opt(fc.record({ citations: fc.constantFrom("on", "off", "auto") })),
    skillsPrompt: opt(multiline),
    contextFiles: opt(
      fc.array(fc.record({ path: nonBlank, content: multiline }), { maxLength: 3 }),
    ),
    bootstrapTruncated: opt(fc.boolean()),
    bootstrapPending: opt(fc.boolean()),
    sandbox: opt(
      fc
        .record({
          enabled: fc.boolean(),
          containerWorkdir: opt(text),
          hostWorkdir: opt(text),
          elevatedExec: opt(fc.boolean()),
        })
        .map(compact),
    ),
    reasoningTagHint: opt(fc.boolean()),
    stablePrefix: opt(multiline),
    overrides: opt(
      fc
        .record({
          interaction_style: opt(multiline),
          tool_call_style: opt(multiline),
          execution_bias: opt(multiline),
        })
        .map(compact),
    ),
  })
  .map(({ stablePrefix, overrides, ...rest }) =>
    compact({
      ...compact(rest),
      provider: compact({ stablePrefix, sectionOverrides: overrides }),
    }),
  ) as fc.Arbitrary<AgentSystemPromptInput>;

const quotedStableFacts = fc
  .record({
    tools: opt(
      fc
        .subarray(TOOL_NAMES)
        .chain((names) =>
          fc.tuple(
            ...names.map((name) =>
              fc.record({ name: fc.constant(name), summary: opt(text) }).map(compact),
            ),
          ),
        ),
    ),
    sessionKind: opt(fc.constantFrom("main", "direct", "group", "subagent", "cron", "heartbeat")),
    delegationMode: opt(fc.constantFrom("suggest", "prefer")),
    dynamicSuffix: opt(multiline),
  })
  .map(({ dynamicSuffix, ...rest }) =>
    compact({ ...compact(rest), provider: compact({ dynamicSuffix }) }),
  ) as fc.Arbitrary<AgentSystemPromptInput>;

const mode = fc.constantFrom("full" as const, "minimal" as const);

function merge(
  quoted: AgentSystemPromptInput,
  unquoted: AgentSystemPromptInput,
): AgentSystemPromptInput {
  return { ...unquoted, ...quoted, provider: { ...unquoted.provider, ...quoted.provider } };
}

const fullInput: fc.Arbitrary<AgentSystemPromptInput> = fc
  .record({
    mode: opt(fc.constantFrom("full", "minimal", "none")),
    quoted: quotedStableFacts,
    unquoted: unquotedStableFacts,
    volatile: opt(volatileFacts),
  })
  .map(
    ({ mode: m, quoted, unquoted, volatile }) =>
      compact({ ...merge(quoted, unquoted), mode: m, volatile }) as AgentSystemPromptInput,
  );

describe("cache-prefix invariants", () => {
  it("(a) volatile facts never change the text above the boundary", () => {
    fc.assert(
      fc.property(
        mode,
        quotedStableFacts,
        unquotedStableFacts,
        volatileFacts,
        volatileFacts,
        (m, quoted, unquoted, first, second) => {
          const stable = { ...merge(quoted, unquoted), mode: m };
          const a = buildAgentSystemPrompt({ ...stable, volatile: first });
          const b = buildAgentSystemPrompt({ ...stable, volatile: second });
          expect(a.text.slice(0, a.boundary)).toBe(b.text.slice(0, b.boundary));
        },
      ),
    );
  });

  it("(b) stable facts no volatile section quotes never change the text below the boundary", () => {
    fc.assert(
      fc.property(
        mode,
        quotedStableFacts,
        unquotedStableFacts,
        unquotedStableFacts,
        volatileFacts,
        (m, quoted, first, second, volatile) => {
          const a = buildAgentSystemPrompt({ ...merge(quoted, first), mode: m, volatile });
          const b = buildAgentSystemPrompt({ ...merge(quoted, second), mode: m, volatile });
          expect(a.text.slice(a.boundary)).toBe(b.text.slice(b.boundary));
        },
      ),
    );
  });

  it("(c) missing or odd values never print undefined, null, NaN or [object Object]", () => {
    fc.assert(
      fc.property(fullInput, (input) => {
        const prompt = buildAgentSystemPrompt(input);
        expect(hasForbidden(prompt.text)).toBe(false);
        for (const section of prompt.sections) {
          expect(hasForbidden(section.heading + section.text)).toBe(false);
        }
      }),
    );
  });

  it("(d) the same input renders the same bytes", () => {
    fc.assert(
      fc.property(fullInput, (input) => {
        const first = buildAgentSystemPrompt(input);
        const second = buildAgentSystemPrompt(structuredClone(input));
        expect(second).toEqual(first);
      }),
    );
  });

  it("(a+) the boundary is present exactly once in full and minimal mode", () => {
    fc.assert(
      fc.property(fullInput, (input) => {
        const { text, boundary } = buildAgentSystemPrompt(input);
        const expected = input.mode === "none" ? 0 : 1;
        expect(text.split(MARKER).length - 1).toBe(expected);
        expect(boundary).toBe(text.indexOf(MARKER));
      }),
    );
  });
});

describe("boundary helper round-trips", () => {
  const piece = fc.oneof(multiline, fc.constant(MARKER));
  const anyText = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join(""));

  it("(e) split, strip and ensure agree on rendered prompts", () => {
    fc.assert(
      fc.property(fullInput, (input) => {
        const { text, boundary } = buildAgentSystemPrompt(input);
        const { stablePrefix, dynamicSuffix } = splitCacheBoundary(text);
        if (boundary === -1) {
          expect(stablePrefix).toBe(text);
          return;
        }
        expect(stablePrefix).toBe(text.slice(0, boundary));
        expect(stablePrefix + MARKER + dynamicSuffix).toBe(text);
        expect(stripCacheBoundary(text)).toBe(stablePrefix + dynamicSuffix);
        expect(ensureCacheBoundary(text)).toBe(text);
        expect(relocateRuntimeTail(relocateRuntimeTail(text))).toBe(relocateRuntimeTail(text));
      }),
    );
  });

  it("(e) ensure leaves exactly one marker, is idempotent and keeps the stripped text", () => {
    fc.assert(
      fc.property(anyText, (value) => {
        const ensured = ensureCacheBoundary(value);
        expect(ensured.split(MARKER).length - 1).toBe(1);
        expect(ensureCacheBoundary(ensured)).toBe(ensured);
        expect(stripCacheBoundary(ensured)).toBe(stripCacheBoundary(value));
        expect(stripCacheBoundary(stripCacheBoundary(value))).toBe(stripCacheBoundary(value));
      }),
    );
  });

  it("(e) insert-after puts the text at the start of the dynamic suffix", () => {
    fc.assert(
      fc.property(anyText, nonBlank, (value, insert) => {
        const result = insertAfterCacheBoundary(value, insert);
        expect(splitCacheBoundary(result).dynamicSuffix.startsWith(insert)).toBe(true);
        expect(splitCacheBoundary(result).stablePrefix).toBe(
          splitCacheBoundary(ensureCacheBoundary(value)).stablePrefix,
        );
      }),
    );
  });
});
