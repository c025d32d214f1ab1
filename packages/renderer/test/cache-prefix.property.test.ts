import fc from "fast-check";
import { withoutPropertyTimeLimit } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { buildAgentSystemPrompt } from "../src/index.js";
import { ensureCacheBoundary } from "../src/ensure-cache-boundary.js";
import { formatCacheBoundaryMarker } from "../src/format-cache-boundary-marker.js";
import { splitCacheBoundary } from "../src/split-cache-boundary.js";
import { stripCacheBoundary } from "../src/strip-cache-boundary.js";
import type { AgentSystemPromptInput } from "../src/types.js";
import {
  fullInput,
  hasForbidden,
  merge,
  mode,
  multiline,
  quotedStableFacts,
  unquotedStableFacts,
  volatileFacts,
} from "./arbitraries.js";

const MARKER = formatCacheBoundaryMarker();

// Every invariant holds at both prompt sizes: the compact wording changes words, not sides.
describe.each(["full", "compact"] as const)("cache-prefix invariants (size %s)", (size) => {
  const sizedInput = fullInput.map((input) => ({ ...input, size }));

  it("(a) volatile facts never change the text above the boundary", () => {
    fc.assert(
      fc.property(
        mode,
        quotedStableFacts,
        unquotedStableFacts,
        volatileFacts,
        volatileFacts,
        (m, quoted, unquoted, first, second) => {
          const stable = { ...merge(quoted, unquoted), mode: m, size };
          const a = buildAgentSystemPrompt({ ...stable, volatile: first });
          const b = buildAgentSystemPrompt({ ...stable, volatile: second });
          expect(a.text.slice(0, a.boundary)).toBe(b.text.slice(0, b.boundary));
        },
      ),
    );
  });

  it("(a) can fail: a compact wording that reads a per-turn fact breaks it (planted leak)", () => {
    // A stand-in for a compact section that quotes the sender above the boundary.
    const leaky = (input: AgentSystemPromptInput) =>
      buildAgentSystemPrompt({
        ...input,
        identityLine: `${input.identityLine ?? "Agent"} ${input.volatile?.sender ?? ""}`,
      });
    expect(() =>
      withoutPropertyTimeLimit(() =>
        fc.assert(
          fc.property(quotedStableFacts, volatileFacts, volatileFacts, (quoted, first, second) => {
            const stable = { ...quoted, size };
            const a = leaky({ ...stable, volatile: first });
            const b = leaky({ ...stable, volatile: second });
            expect(a.text.slice(0, a.boundary)).toBe(b.text.slice(0, b.boundary));
          }),
        ),
      ),
    ).toThrow(/Property failed/);
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
          const a = buildAgentSystemPrompt({ ...merge(quoted, first), mode: m, size, volatile });
          const b = buildAgentSystemPrompt({ ...merge(quoted, second), mode: m, size, volatile });
          expect(a.text.slice(a.boundary)).toBe(b.text.slice(b.boundary));
        },
      ),
    );
  });

  it("(c) missing or odd values never print undefined, null, NaN or [object Object]", () => {
    fc.assert(
      fc.property(sizedInput, (input) => {
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
      fc.property(sizedInput, (input) => {
        const first = buildAgentSystemPrompt(input);
        const second = buildAgentSystemPrompt(structuredClone(input));
        expect(second).toEqual(first);
      }),
    );
  });

  it("(a+) the boundary is present exactly once in full and minimal mode", () => {
    fc.assert(
      fc.property(sizedInput, (input) => {
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
});
