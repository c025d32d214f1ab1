import { describe, expect, it } from "vitest";
import { buildAgentSystemPrompt } from "./build-agent-system-prompt.js";

describe("planMode", () => {
  it("full size: a headless section first below the boundary prints no heading", () => {
    const prompt = buildAgentSystemPrompt({
      mode: "minimal",
      provider: { dynamicSuffix: "Answer in French." },
    });
    expect(prompt.sections.filter((section) => section.cache === "volatile")).toEqual([
      {
        id: "provider_dynamic_suffix",
        heading: "Provider Dynamic Suffix",
        text: "Answer in French.",
        cache: "volatile",
      },
    ]);
  });
});
