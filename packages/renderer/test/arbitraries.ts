import fc from "fast-check";
import type { AgentSystemPromptInput, VolatileFacts } from "../src/index.js";

/*
 * fast-check arbitraries for renderer input, shared by the property tests: caller text that
 * cannot spell a forbidden word, realistic per-turn facts, and stable facts split by whether a
 * volatile section quotes them.
 */

export const FORBIDDEN = ["undefined", "null", "NaN", "[object Object]"];
export const hasForbidden = (text: string) => FORBIDDEN.some((word) => text.includes(word));

/** Caller text that cannot itself spell a forbidden word. */
export const text = fc
  .stringMatching(/^[A-Za-z0-9 .:#/_<>()-]{0,24}$/)
  .filter((s) => !hasForbidden(s));
export const multiline = fc.array(text, { maxLength: 4 }).map((lines) => lines.join("\n"));
export const nonBlank = text.filter((s) => s.trim() !== "");
/** `text` the renderer accepts as a line of its own: never a Markdown heading or underline. */
export const ownLine = text.filter((s) => !/^\s*(?:#{1,6}(?:\s|$)|=+\s*$|-+\s*$)/.test(s));
export const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

/** Drops keys whose value is undefined, as a JSON caller would. */
export function compact<T extends object>(value: T): T {
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

export const volatileFacts: fc.Arbitrary<VolatileFacts> = fc
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
          agentId: opt(text),
          os: opt(text),
          arch: opt(text),
          node: opt(text),
          shell: opt(text),
          model: opt(text),
          defaultModel: opt(text),
          repoRoot: opt(text),
          sessionKey: opt(text),
          coAuthorTrailer: opt(text),
        })
        .map(compact),
    ),
    thinkingLevel: opt(fc.constantFrom("off", "minimal", "low", "medium", "high", "ultra")),
    reasoning: opt(fc.constantFrom("off", "on", "stream")),
    elevation: opt(fc.constantFrom("off", "on", "ask", "full")),
    presentationTools: opt(fc.array(fc.constantFrom("canvas", "widget_show"), { maxLength: 2 })),
    projectMemoryFacts: opt(fc.array(text, { maxLength: 3 })),
  })
  .map((facts) => compact(facts) as VolatileFacts);

export const TOOL_NAMES = [
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
export const unquotedStableFacts = fc
  .record({
    identityLine: opt(ownLine),
    planTool: opt(fc.boolean()),
    automaticCompletionWake: opt(fc.boolean()),
    subagentCompletionMode: opt(fc.constantFrom("announce", "collect")),
    heartbeats: opt(fc.boolean()),
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

export const quotedStableFacts = fc
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

export const mode = fc.constantFrom("full" as const, "minimal" as const);

export function merge(
  quoted: AgentSystemPromptInput,
  unquoted: AgentSystemPromptInput,
): AgentSystemPromptInput {
  return { ...unquoted, ...quoted, provider: { ...unquoted.provider, ...quoted.provider } };
}

export const fullInput: fc.Arbitrary<AgentSystemPromptInput> = fc
  .record({
    mode: opt(fc.constantFrom("full", "minimal", "none")),
    size: opt(fc.constantFrom("full", "compact")),
    quoted: quotedStableFacts,
    unquoted: unquotedStableFacts,
    volatile: opt(volatileFacts),
  })
  .map(
    ({ mode: m, size, quoted, unquoted, volatile }) =>
      compact({ ...merge(quoted, unquoted), mode: m, size, volatile }) as AgentSystemPromptInput,
  );

/** Caller text that spells a marker, the start of one, or a near miss. */
export const lookAlike = fc.constantFrom(
  "<!-- OPENCLAW_CACHE_BOUNDARY -->",
  "\n<!-- OPENCLAW_CACHE_BOUNDARY -->\n",
  "<!-- OPENCLAW_RUNTIME_TAIL_BEGIN -->",
  "<!-- OPENCLAW_RUNTIME_TAIL_END -->",
  "<!-- OPENCLAW_NOTE -->",
  "!-- OPENCLAW_",
  "<!-- ACME_CACHE_BOUNDARY -->",
);

const LOOK_ALIKE_FIELDS = [
  "identityLine",
  "workspaceDir",
  "skillsPrompt",
  "contextFile",
  "stablePrefix",
  "dynamicSuffix",
  "groupContext",
  "sender",
  "runtimeHost",
] as const;

/**
 * `fullInput` with look-alikes spliced into caller text on both sides of the boundary; long
 * filler makes some of them land in long lines (injected files, the skills list).
 */
export const inputWithLookAlikes: fc.Arbitrary<AgentSystemPromptInput> = fc
  .record({
    input: fullInput,
    fields: fc.subarray([...LOOK_ALIKE_FIELDS], { minLength: 1 }),
    piece: lookAlike,
    filler: fc.nat({ max: 1500 }),
  })
  .map(({ input, fields, piece, filler }) => {
    const spliced = `${"x".repeat(filler)} ${piece} tail`;
    // Single-line fields reject line breaks (validate-prompt-text-fields), so they get the
    // look-alike on one line.
    const oneLine = spliced.replaceAll("\n", " ");
    const has = (field: (typeof LOOK_ALIKE_FIELDS)[number]) => fields.includes(field);
    const volatile = input.volatile ?? {};
    return compact({
      ...input,
      identityLine: has("identityLine") ? oneLine : input.identityLine,
      workspaceDir: has("workspaceDir") ? oneLine : input.workspaceDir,
      skillsPrompt: has("skillsPrompt") ? spliced : input.skillsPrompt,
      contextFiles: has("contextFile")
        ? [...(input.contextFiles ?? []), { path: "NOTES.md", content: spliced }]
        : input.contextFiles,
      provider: compact({
        ...input.provider,
        stablePrefix: has("stablePrefix") ? spliced : input.provider?.stablePrefix,
        dynamicSuffix: has("dynamicSuffix") ? spliced : input.provider?.dynamicSuffix,
      }),
      volatile: compact({
        ...volatile,
        groupContext: has("groupContext") ? spliced : volatile.groupContext,
        sender: has("sender") ? oneLine : volatile.sender,
        runtime: has("runtimeHost") ? { ...volatile.runtime, host: oneLine } : volatile.runtime,
      }),
    }) as AgentSystemPromptInput;
  });
