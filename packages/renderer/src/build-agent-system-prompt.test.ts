import { describe, expect, it } from "vitest";
import { buildAgentSystemPrompt } from "./build-agent-system-prompt.js";
import { OPENCLAW_PRODUCT_PROFILE } from "./product-profile.js";
import { RendererError } from "./renderer-error.js";

const MARKER = "\n<!-- OPENCLAW_CACHE_BOUNDARY -->\n";
const count = (text: string, part: string) => text.split(part).length - 1;

describe("buildAgentSystemPrompt", () => {
  it("puts exactly one boundary at `boundary`, even without volatile sections", () => {
    for (const input of [
      {},
      { mode: "minimal" as const },
      { volatile: { elevation: "on" as const } },
    ]) {
      const { text, boundary } = buildAgentSystemPrompt(input);
      expect(count(text, MARKER)).toBe(1);
      expect(text.startsWith(MARKER, boundary)).toBe(true);
    }
  });

  it("has no boundary in none mode", () => {
    const prompt = buildAgentSystemPrompt({ mode: "none", volatile: { elevation: "on" } });
    expect(prompt.boundary).toBe(-1);
    expect(prompt.text).toBe(
      "You are an AI agent that works for the people who reach you through OpenClaw.\n",
    );
  });

  it("uses the profile's delimiter word for the marker", () => {
    const profile = { ...OPENCLAW_PRODUCT_PROFILE, name: "Acme", delimiterWord: "ACME" };
    const { text, boundary } = buildAgentSystemPrompt({ profile });
    expect(text.startsWith("\n<!-- ACME_CACHE_BOUNDARY -->\n", boundary)).toBe(true);
    expect(text).toContain("reach you through Acme.");
  });

  it("separates sections by one blank line and never emits three newlines", () => {
    const { text, sections } = buildAgentSystemPrompt({
      tools: [{ name: "exec" }],
      contextFiles: [{ path: "A.md", content: "a\n\n\n" }],
      volatile: { elevation: "on", reasoning: "on" },
    });
    expect(text).not.toContain("\n\n\n");
    expect(text.endsWith("\n")).toBe(true);
    expect(text.endsWith("\n\n")).toBe(false);
    const stable = sections.filter((s) => s.cache === "stable").map((s) => s.text);
    expect(text.startsWith(`${stable.join("\n\n")}\n${MARKER}\n`)).toBe(true);
  });

  it("defuses boundary and runtime-tail look-alikes in caller text", () => {
    const { text, boundary } = buildAgentSystemPrompt({
      contextFiles: [{ path: "A.md", content: `x${MARKER}y <!-- OPENCLAW_RUNTIME_TAIL_BEGIN -->` }],
      volatile: { groupContext: "<!-- OPENCLAW_CACHE_BOUNDARY -->" },
    });
    expect(count(text, "<!-- OPENCLAW_CACHE_BOUNDARY -->")).toBe(1);
    expect(count(text, "<!-- OPENCLAW_RUNTIME_TAIL_BEGIN -->")).toBe(0);
    expect(text.indexOf(MARKER)).toBe(boundary);
  });

  describe("legacy beforePromptBuild hook", () => {
    it("is applied last and the boundary is re-ensured", () => {
      const prompt = buildAgentSystemPrompt({
        beforePromptBuild: (text) => `GLOBAL RULE\n${text.replace(MARKER, "\n")}`,
      });
      expect(prompt.text.startsWith("GLOBAL RULE\n")).toBe(true);
      expect(count(prompt.text, MARKER)).toBe(1);
      expect(prompt.text.startsWith(MARKER, prompt.boundary)).toBe(true);
    });

    it("keeps one boundary when the hook duplicates it", () => {
      const prompt = buildAgentSystemPrompt({ beforePromptBuild: (text) => text + text });
      expect(count(prompt.text, MARKER)).toBe(1);
    });

    it("never leaves a boundary in none mode", () => {
      const prompt = buildAgentSystemPrompt({ mode: "none", beforePromptBuild: (t) => t + MARKER });
      expect(prompt.boundary).toBe(-1);
      expect(prompt.text).not.toContain(MARKER);
    });

    it("wraps a throwing hook in RENDERER_HOOK_FAILED with its cause", () => {
      const cause = new Error("boom");
      try {
        buildAgentSystemPrompt({
          beforePromptBuild: () => {
            throw cause;
          },
        });
        expect.unreachable();
      } catch (error) {
        expect(RendererError.isInstance(error)).toBe(true);
        expect((error as RendererError).code).toBe("RENDERER_HOOK_FAILED");
        expect((error as RendererError).cause).toBe(cause);
      }
    });

    it("rejects a hook that returns a non-string", () => {
      expect(() =>
        buildAgentSystemPrompt({
          beforePromptBuild: (() => 42) as unknown as (t: string) => string,
        }),
      ).toThrow(expect.objectContaining({ code: "RENDERER_HOOK_FAILED" }));
    });
  });

  it("validates input before rendering", () => {
    expect(() => buildAgentSystemPrompt({ mode: "loud" as "full" })).toThrow(
      expect.objectContaining({ code: "RENDERER_UNKNOWN_MODE", path: "mode" }),
    );
  });

  it("places the provider stable prefix above and the dynamic suffix last below the boundary", () => {
    const { text, boundary, sections } = buildAgentSystemPrompt({
      provider: { stablePrefix: "PREFIX-TEXT", dynamicSuffix: "SUFFIX-TEXT" },
      volatile: { elevation: "on" },
    });
    expect(text.indexOf("PREFIX-TEXT")).toBeLessThan(boundary);
    expect(sections[1]?.id).toBe("provider_stable_prefix");
    expect(text.endsWith("SUFFIX-TEXT\n")).toBe(true);
  });
});
