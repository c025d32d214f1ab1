import { describe, expect, it } from "vitest";
import { buildAgentSystemPrompt } from "./build-agent-system-prompt.js";
import {
  formatCacheBoundaryMarker,
  formatRuntimeTailMarkers,
} from "./format-cache-boundary-marker.js";
import { toModelText } from "./to-model-text.js";

describe("toModelText", () => {
  it("removes the boundary and the runtime-tail markers and splits at the boundary", () => {
    const prompt = buildAgentSystemPrompt({ mode: "full", tools: [{ name: "read" }] });
    const { begin, end } = formatRuntimeTailMarkers();
    const text = `${prompt.text.trimEnd()}\n${begin}\nRuntime: host=h\n${end}\n`;
    expect(text).toContain(formatCacheBoundaryMarker());
    const model = toModelText(text);
    expect(model.text).not.toMatch(/<!-- [A-Z0-9_]+ -->/);
    expect(model.text).toBe(`${model.stable}${model.volatile}`);
    expect(model.text).toContain(".\n\n## Silent Replies");
    expect(model.stable).toBe(prompt.text.slice(0, prompt.boundary));
    expect(model.volatile).toContain("Runtime: host=h\n");
  });

  it("removes a runtime-tail marker line that comes without its partner", () => {
    const { begin, end } = formatRuntimeTailMarkers();
    for (const marker of [begin, end]) {
      expect(toModelText(`a\n${marker}\nb`)).toEqual({
        stable: "a\nb",
        volatile: "",
        text: "a\nb",
      });
    }
  });

  it("keeps the whole text stable when there is no boundary", () => {
    const model = toModelText("plain text\n");
    expect(model).toEqual({ stable: "plain text\n", volatile: "", text: "plain text\n" });
  });

  it("adds one line break between the halves only when neither side has one", () => {
    const marker = formatCacheBoundaryMarker();
    expect(toModelText(`a${marker}b\n`)).toEqual({ stable: "a", volatile: "b\n", text: "a\nb\n" });
    expect(toModelText(`a${marker}\nb`)).toEqual({ stable: "a", volatile: "\nb", text: "a\nb" });
    expect(toModelText(`a\n${marker}b`)).toEqual({ stable: "a\n", volatile: "b", text: "a\nb" });
  });

  it("drops only whole marker lines", () => {
    const model = toModelText(
      "a <!-- OPENCLAW_RUNTIME_TAIL_BEGIN --> b\n<!-- OPENCLAW_RUNTIME_TAIL_END -->\nc",
    );
    expect(model.text).toBe("a <!-- OPENCLAW_RUNTIME_TAIL_BEGIN --> b\nc");
  });

  it("splits a rendered prompt at its boundary offset exactly as a search of its text does", () => {
    const prompt = buildAgentSystemPrompt({
      mode: "full",
      tools: [{ name: "read" }, { name: "exec" }],
      volatile: {
        sender: "Ada",
        runtime: { host: "h" },
        time: { date: "2026-12-01", timeZone: "UTC" },
      },
    });
    expect(prompt.boundary).toBeGreaterThan(0);
    expect(toModelText(prompt)).toEqual(toModelText(prompt.text));
    // A wrong offset is not trusted: the text is searched instead.
    expect(toModelText({ ...prompt, boundary: 3 })).toEqual(toModelText(prompt.text));
  });

  it("splits at the offset it is given when that offset holds a marker, not at the first marker", () => {
    const marker = formatCacheBoundaryMarker();
    const text = `a${marker}b${marker}c`;
    const second = text.lastIndexOf(marker);
    expect(toModelText({ text, boundary: second })).toEqual({
      stable: `a${marker}b`,
      volatile: "c",
      text: `a${marker}b\nc`,
    });
    // Without a usable offset the first marker is the boundary.
    for (const boundary of [undefined, -1, Number.NaN] as unknown as number[]) {
      expect(toModelText({ text, boundary })).toEqual({
        stable: "a",
        volatile: `b${marker}c`,
        text: `a\nb${marker}c`,
      });
    }
  });

  it("refuses an offset that is negative or no number even when the text starts with the marker", () => {
    const marker = formatCacheBoundaryMarker();
    // `startsWith(marker, offset)` looks at offset 0 for each of these, so only the checks of
    // the offset keep them out. A JavaScript caller can pass anything.
    for (const boundary of [-1, undefined, "0"] as unknown as number[]) {
      expect(toModelText({ text: `${marker}tail`, boundary })).toEqual({
        stable: "",
        volatile: "tail",
        text: "tail",
      });
    }
  });

  it("adds no line break before the volatile half when the stable half is empty", () => {
    const marker = formatCacheBoundaryMarker();
    expect(toModelText(`${marker}tail`)).toEqual({ stable: "", volatile: "tail", text: "tail" });
  });
});
