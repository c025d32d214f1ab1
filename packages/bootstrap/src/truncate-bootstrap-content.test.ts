import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { truncateBootstrapContent } from "./truncate-bootstrap-content.js";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe("truncateBootstrapContent", () => {
  it("returns content that fits unchanged", () => {
    const result = truncateBootstrapContent("short", { name: "AGENTS.md", limit: 10 });
    expect(result).toEqual({ text: "short", truncated: false, keptChars: 5 });
  });

  it("returns content of exactly the limit unchanged, and cuts one char more", () => {
    expect(truncateBootstrapContent("x".repeat(40), { name: "AGENTS.md", limit: 40 })).toEqual({
      text: "x".repeat(40),
      truncated: false,
      keptChars: 40,
    });
    expect(
      truncateBootstrapContent("x".repeat(41), { name: "AGENTS.md", limit: 40 }).truncated,
    ).toBe(true);
  });

  it("keeps the full marker when the limit is exactly twice its length, not one char less", () => {
    const content = "x".repeat(500);
    const fullMarker = (kept: number) => `\n[... truncated A.md: kept ${kept} of 500 chars ...]\n`;
    // The marker is sized with the limit as its kept count: same digits as the real count here.
    const limit = 2 * fullMarker(10).length;
    const at = truncateBootstrapContent(content, { name: "A.md", limit });
    expect(at.text).toContain(fullMarker(at.keptChars));
    expect(at.text.length).toBe(limit);
    const below = truncateBootstrapContent(content, { name: "A.md", limit: limit - 1 });
    expect(below.text).toContain("\n[... truncated ...]\n");
    expect(below.text).not.toContain("A.md");
  });

  it("keeps 75% head and 25% tail around a marker naming the file and counts", () => {
    const content = "h".repeat(30_000) + "t".repeat(21_800);
    const result = truncateBootstrapContent(content, { name: "AGENTS.md", limit: 20_000 });
    expect(result.truncated).toBe(true);
    expect(result.text.length).toBeLessThanOrEqual(20_000);
    const marker = `\n[... truncated AGENTS.md: kept ${result.keptChars} of 51800 chars ...]\n`;
    const [head, tail] = result.text.split(marker);
    expect(head).toBe("h".repeat(head?.length ?? 0));
    expect(tail).toBe("t".repeat(tail?.length ?? 0));
    expect((head?.length ?? 0) + (tail?.length ?? 0)).toBe(result.keptChars);
    expect(Math.round(((head?.length ?? 0) / result.keptChars) * 100)).toBe(75);
    expect(result.text.length).toBeGreaterThan(20_000 - 3);
  });

  it("uses the compact marker when the full one would crowd out the content", () => {
    const result = truncateBootstrapContent("x".repeat(1000), { name: "MEMORY.md", limit: 80 });
    expect(result.text).toContain("\n[... truncated ...]\n");
    expect(result.text).not.toContain("MEMORY.md");
    expect(result.text.length).toBeLessThanOrEqual(80);
  });

  it("keeps the compact marker with exactly its minimum of content room, and cuts plain below", () => {
    const compact = "\n[... truncated ...]\n";
    const content = "x".repeat(100);
    const at = truncateBootstrapContent(content, { name: "A.md", limit: compact.length + 8 });
    expect(at).toEqual({ text: `xxxxxx${compact}xx`, truncated: true, keptChars: 8 });
    const below = truncateBootstrapContent(content, { name: "A.md", limit: compact.length + 7 });
    expect(below).toEqual({ text: "x".repeat(compact.length + 7), truncated: true, keptChars: 28 });
  });

  it("falls back to a plain cut when even the compact marker does not fit", () => {
    const result = truncateBootstrapContent("abcdefghijklmnopqrstuvwxyz", { name: "A", limit: 10 });
    expect(result).toEqual({ text: "abcdefghij", truncated: true, keptChars: 10 });
  });

  it("never splits a surrogate pair at the head or the tail cut", () => {
    const content = "😀".repeat(5000);
    for (const limit of [100, 101, 102, 103, 1001, 1002]) {
      const { text } = truncateBootstrapContent(content, { name: "MEMORY.md", limit });
      expect(text.length).toBeLessThanOrEqual(limit);
      expect(LONE_SURROGATE.test(text)).toBe(false);
    }
  });

  it("takes the head before and the tail after a read gap", () => {
    const content = "a".repeat(100) + "b".repeat(100);
    const { text } = truncateBootstrapContent(content, {
      name: "MEMORY.md",
      limit: 120,
      rawChars: 5_000_000,
      gapAt: 100,
    });
    expect(text).toMatch(
      /^a+\n\[\.\.\. truncated MEMORY\.md: kept \d+ of 5000000 chars \.\.\.\]\nb+$/,
    );
  });

  it("never exceeds the limit, never leaves a lone surrogate, and is deterministic", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary", maxLength: 600 }),
        fc.integer({ min: 1, max: 700 }),
        fc.stringMatching(/^[A-Za-z.]{1,30}$/),
        (content, limit, name) => {
          const a = truncateBootstrapContent(content, { name, limit });
          const b = truncateBootstrapContent(content, { name, limit });
          expect(a).toEqual(b);
          expect(a.text.length).toBeLessThanOrEqual(Math.max(limit, 0));
          expect(LONE_SURROGATE.test(a.text)).toBe(false);
          if (content.length <= limit) expect(a.text).toBe(content);
          const markerStart = a.text.indexOf("\n[... truncated");
          if (a.truncated && markerStart >= 0) {
            const head = a.text.slice(0, markerStart);
            const tail = a.text.slice(a.text.indexOf("...]\n", markerStart) + 5);
            expect(content.startsWith(head)).toBe(true);
            expect(content.endsWith(tail)).toBe(true);
            expect(head.length + tail.length).toBe(a.keptChars);
            expect(tail.length).toBeGreaterThanOrEqual(Math.floor(a.keptChars / 4) - 2);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
