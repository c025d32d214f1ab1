import { describe, expect, it } from "vitest";
import { renderSectionText } from "../../test/render-section-text.js";
import type { AgentSystemPromptInput, PromptSize } from "../types.js";

type Elevation = NonNullable<NonNullable<AgentSystemPromptInput["volatile"]>["elevation"]>;

const elevation = (level: Elevation, size: PromptSize = "full") =>
  renderSectionText({ size, volatile: { elevation: level } }, "elevation");

describe("elevation", () => {
  it("in full size: the level, then what it means", () => {
    const expected: Record<Elevation, string> = {
      off: "Elevated host commands are off for this turn.",
      on: "Elevated host commands are available; normal approvals apply.",
      ask: "Each elevated host command asks for approval first.",
      full: "Elevated host commands run without extra approval prompts.",
    };
    for (const [level, meaning] of Object.entries(expected) as [Elevation, string][]) {
      expect(elevation(level)).toBe(`## Elevation\nElevation level: ${level}\n${meaning}`);
    }
  });

  it("in compact size: the level and its meaning on one line", () => {
    const expected: Record<Elevation, string> = {
      off: "elevated host commands off",
      on: "elevated host commands under normal approvals",
      ask: "each elevated host command needs approval",
      full: "elevated host commands without extra approval prompts",
    };
    for (const [level, meaning] of Object.entries(expected) as [Elevation, string][]) {
      expect(elevation(level, "compact")).toBe(`Elevation level: ${level}; ${meaning}.`);
    }
  });

  it("is absent without an elevation level", () => {
    expect(renderSectionText({ volatile: {} }, "elevation")).toBeUndefined();
  });
});
