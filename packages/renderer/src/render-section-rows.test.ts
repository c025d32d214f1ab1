import { describe, expect, it } from "vitest";
import { buildAgentSystemPrompt } from "./build-agent-system-prompt.js";

describe("renderSide", () => {
  it("renders a section whose first line is as long as its other lines together", () => {
    // "Owner: " and a 32-character name make 39 characters, the length of the second line.
    const owner = "Ada Lovelace, Analytical Engines";
    const prompt = buildAgentSystemPrompt({ ownerDisplay: owner });
    expect(prompt.sections.find((section) => section.id === "user_identity")).toEqual({
      id: "user_identity",
      heading: "User Identity",
      text: `## User Identity\nOwner: ${owner}\nRequests from the owner are authorized.`,
      cache: "stable",
    });
  });
});
