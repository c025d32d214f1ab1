import { describe, expect, it } from "vitest";
import { buildAgentSystemPrompt } from "./build-agent-system-prompt.js";
import { relocateRuntimeTail } from "./relocate-runtime-tail.js";
import { splitRuntimeTail } from "./split-runtime-tail.js";

const BEGIN = "<!-- OPENCLAW_RUNTIME_TAIL_BEGIN -->";
const END = "<!-- OPENCLAW_RUNTIME_TAIL_END -->";

describe("splitRuntimeTail", () => {
  it("takes the tail out of the middle, keeping one blank line", () => {
    const text = `a\n\n${BEGIN}\n## Runtime\nRuntime: host=h\n${END}\n\nb\n`;
    expect(splitRuntimeTail(text)).toEqual({
      body: "a\n\nb\n",
      tail: "## Runtime\nRuntime: host=h",
    });
  });

  it("takes the tail off the end", () => {
    expect(splitRuntimeTail(`a\n\n${BEGIN}\nx\n${END}\n`)).toEqual({ body: "a\n", tail: "x" });
  });

  it("reports no tail when the pair is absent or incomplete", () => {
    expect(splitRuntimeTail("a")).toEqual({ body: "a", tail: undefined });
    expect(splitRuntimeTail(`a ${BEGIN} b`)).toEqual({ body: `a ${BEGIN} b`, tail: undefined });
  });
});

describe("relocateRuntimeTail", () => {
  it("moves the rendered Runtime section to the end", () => {
    const { text } = buildAgentSystemPrompt({
      volatile: { runtime: { host: "atlas" }, elevation: "on" },
    });
    expect(text.indexOf(BEGIN)).toBeLessThan(text.indexOf("## Elevation"));
    const moved = relocateRuntimeTail(text);
    expect(moved.endsWith(`${BEGIN}\n## Runtime\nRuntime: host=atlas\n${END}\n`)).toBe(true);
    expect(moved.indexOf("## Elevation")).toBeLessThan(moved.indexOf(BEGIN));
    expect(moved).not.toContain("\n\n\n");
    expect(relocateRuntimeTail(moved)).toBe(moved);
  });

  it("leaves a text without tail unchanged", () => {
    expect(relocateRuntimeTail("a\n")).toBe("a\n");
  });
});
