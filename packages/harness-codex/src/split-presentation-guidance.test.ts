import { buildAgentSystemPrompt, toModelText } from "@promptstack/renderer";
import { describe, expect, it } from "vitest";
import { splitPresentationGuidance } from "./split-presentation-guidance.js";

const render = (presentationTools: string[]) =>
  buildAgentSystemPrompt({
    volatile: {
      time: { date: "2026-11-30", timeZone: "Europe/Lisbon" },
      presentationTools,
      reasoning: "off",
    },
  });

describe("splitPresentationGuidance", () => {
  it("moves the UI Presentation section out of the per-turn text, keeping the rest intact", () => {
    const prompt = render(["canvas"]);
    const volatile = toModelText(prompt).volatile.trim();
    const split = splitPresentationGuidance(prompt, volatile);
    expect(split.guidance).toMatch(/^## UI Presentation\nPresentation tools \(`canvas`\)/);
    expect(split.turnContext).not.toContain("UI Presentation");
    expect(split.turnContext).toContain("## Time Context");
    expect(split.turnContext).toContain("## Reasoning");
    expect(split.turnContext).not.toMatch(/\n{3}/);
    // Without presentation tools the text is what the render gave.
    expect(split.turnContext).toBe(toModelText(render([])).volatile.trim());
  });

  it("leaves the text alone when no presentation section was rendered", () => {
    const prompt = render([]);
    const volatile = toModelText(prompt).volatile.trim();
    expect(splitPresentationGuidance(prompt, volatile)).toEqual({ turnContext: volatile });
  });
});
