import { describe, expect, it } from "vitest";
import {
  buildAgentSystemPrompt,
  buildRuntimeContextCarrier,
  OPENCLAW_PRODUCT_PROFILE,
  parseInternalContextDelimiters,
  parseRuntimeContextCarrier,
  projectInboundMessage,
  projectInboundText,
  RendererError,
  resolveGpt5SystemPromptContribution,
  resolveRuntimeContextCarrierFacts,
  toModelText,
} from "../src/index.js";
import { ensureCacheBoundary } from "../src/ensure-cache-boundary.js";
import { splitCacheBoundary } from "../src/split-cache-boundary.js";
import { stripCacheBoundary } from "../src/strip-cache-boundary.js";

/** Breaks the public types on purpose, as a plain-JS caller would. */
const bad = (value: unknown) => value as any;

function errorOf(call: () => unknown): RendererError {
  try {
    call();
  } catch (error) {
    if (RendererError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected a RendererError");
}

const running = { id: "a", command: "make", state: "running", startedAt: "t0" } as const;

/** Plain-JS callers: each call breaks the public types and must get a typed error. */
const CASES: readonly [string, () => unknown, string][] = [
  ["gpt5 without options", () => resolveGpt5SystemPromptContribution(bad(undefined)), "options"],
  [
    "gpt5 with a numeric model id",
    () => resolveGpt5SystemPromptContribution(bad({ modelId: 5, provider: "openai" })),
    "options.modelId",
  ],
  [
    "gpt5 without a provider",
    () => resolveGpt5SystemPromptContribution(bad({ modelId: "gpt-5" })),
    "options.provider",
  ],
  [
    "gpt5 with an unknown personality",
    () =>
      resolveGpt5SystemPromptContribution(
        bad({ modelId: "gpt-5", provider: "openai", personality: "pragmatic" }),
      ),
    "options.personality",
  ],
  ["projection of a number", () => projectInboundText(bad(5), { projectionVersion: 4 }), "text"],
  ["projection without options", () => projectInboundText("hi", bad(undefined)), "options"],
  [
    "projection with an unknown kind",
    () => projectInboundText("a", bad({ projectionVersion: 4, kind: "Context" })),
    "options.kind",
  ],
  [
    "projection with a broken profile",
    () => projectInboundText("a", bad({ projectionVersion: 4, profile: { name: "x" } })),
    "options.profile.delimiterWord",
  ],
  [
    "message projection without text",
    () => projectInboundMessage(bad({ role: "user" }), { projectionVersion: 4 }),
    "message.text",
  ],
  ["carrier of null", () => buildRuntimeContextCarrier(bad(null)), "snapshot"],
  [
    "carrier with a null exec item",
    () => buildRuntimeContextCarrier(bad({ exec: [null] })),
    "snapshot.exec[0]",
  ],
  [
    "carrier with a sparse exec list",
    // oxlint-disable-next-line no-sparse-arrays -- the sparse array is the bad input under test
    () => buildRuntimeContextCarrier(bad({ exec: [, running] })),
    "snapshot.exec[0]",
  ],
  [
    "carrier with null media",
    () => buildRuntimeContextCarrier(bad({ media: null })),
    "snapshot.media",
  ],
  [
    "carrier with a null media task",
    () => buildRuntimeContextCarrier(bad({ media: { enabledTools: [], tasks: [null] } })),
    "snapshot.media.tasks[0]",
  ],
  [
    "carrier with a numeric requester",
    () => resolveRuntimeContextCarrierFacts({ exec: [] }, bad({ requester: 5 })),
    "options.requester",
  ],
  ["carrier parse of a number", () => parseRuntimeContextCarrier(bad(5)), "text"],
  ["delimiter scan of a number", () => parseInternalContextDelimiters(bad(5)), "text"],
  ["boundary split of a number", () => splitCacheBoundary(bad(5)), "text"],
  ["boundary strip of null", () => stripCacheBoundary(bad(null)), "text"],
  ["model text of null", () => toModelText(bad(null)), "prompt.text"],
  ["boundary ensure of an object", () => ensureCacheBoundary(bad({})), "text"],
];

describe("public functions called with arguments that break their types", () => {
  for (const [name, call, path] of CASES) {
    it(`${name}: RendererError at ${path}`, () => {
      const error = errorOf(call);
      expect(error.code).toBe("RENDERER_INVALID_INPUT");
      expect(error.path).toBe(path);
      expect(error.message).toContain(path);
      expect(error.message).not.toMatch(/undefined|\[object Object\]|NaN/);
    });
  }

  it.each([
    [
      "ensureCacheBoundary",
      () => ensureCacheBoundary(bad({})),
      "ensureCacheBoundary: expected a string at text, got an object.",
    ],
    [
      "parseRuntimeContextCarrier",
      () => parseRuntimeContextCarrier(bad(5)),
      "parseRuntimeContextCarrier: expected a string at text, got the number 5.",
    ],
    [
      "projectInboundText with an unknown kind",
      () => projectInboundText("a", bad({ projectionVersion: 4, kind: "Context" })),
      'projectInboundText: expected "message" or "context" at options.kind, got "Context".',
    ],
    [
      "projectInboundText of a number",
      () => projectInboundText(bad(5), { projectionVersion: 4 }),
      "projectInboundText: expected a string at text, got the number 5.",
    ],
    [
      "projectInboundMessage of null",
      () => projectInboundMessage(bad(null), { projectionVersion: 4 }),
      "projectInboundMessage: expected an object at message, got null.",
    ],
    [
      "projectInboundMessage without text",
      () => projectInboundMessage(bad({ role: "user" }), { projectionVersion: 4 }),
      "projectInboundMessage: expected a string at message.text, got nothing.",
    ],
    [
      "splitCacheBoundary",
      () => splitCacheBoundary(bad(5)),
      "splitCacheBoundary: expected a string at text, got the number 5.",
    ],
    [
      "stripCacheBoundary",
      () => stripCacheBoundary(bad(null)),
      "stripCacheBoundary: expected a string at text, got null.",
    ],
    [
      "toModelText of null",
      () => toModelText(bad(null)),
      "toModelText: expected a string at prompt.text, got nothing.",
    ],
    [
      "a delimiter word that is not text",
      () => parseInternalContextDelimiters("a", bad({ profile: { delimiterWord: 5 } })),
      "The internal-context delimiters: expected a string at options.profile.delimiterWord, got the number 5.",
    ],
  ])("%s: the message says who refused what", (_name, call, message) => {
    expect(errorOf(call).message).toBe(message);
  });

  it("refuses a delimiter word without letters, quoting it and saying how to fix it", () => {
    const profile = { ...OPENCLAW_PRODUCT_PROFILE, delimiterWord: "__" };
    const error = errorOf(() => parseInternalContextDelimiters("a", { profile }));
    expect(error).toMatchObject({
      code: "RENDERER_INVALID_INPUT",
      message:
        'The product profile\'s delimiter word "__" has no letters, so internal-context delimiters cannot be told apart from separators.',
      path: "options.profile.delimiterWord",
      hint: "Use an upper-case word such as OPENCLAW.",
    });
  });

  it("cuts a long bad value short in the message", () => {
    const error = errorOf(() => buildAgentSystemPrompt(bad({ mode: "x".repeat(100_000) })));
    expect(error.code).toBe("RENDERER_UNKNOWN_MODE");
    expect(error.message.length).toBeLessThan(300);
  });

  it("still accepts the default profile and well-typed calls", () => {
    expect(
      projectInboundText("a", { projectionVersion: 4, profile: OPENCLAW_PRODUCT_PROFILE }).text,
    ).toBe("a");
    expect(buildRuntimeContextCarrier({ exec: [running] })).toContain('"id":"a"');
  });
});
