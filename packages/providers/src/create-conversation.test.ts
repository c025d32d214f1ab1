import { describe, expect, it } from "vitest";
import { createConversation } from "./create-conversation.js";

describe("createConversation", () => {
  it("starts empty, in the turn-context layout, at the current projection version", () => {
    const conversation = createConversation();
    expect(conversation).toMatchObject({
      layout: "turn-context",
      projectionVersion: 4,
      workspaceBoundary: [],
      prompt: undefined,
      messages: [],
      turnEnds: [],
    });
    expect(conversation.profile.delimiterWord).toBe("OPENCLAW");
    expect(Object.isFrozen(conversation)).toBe(true);
    expect(Object.isFrozen(conversation.messages)).toBe(true);
    expect(Object.isFrozen(conversation.turnEnds)).toBe(true);
    expect(Object.isFrozen(conversation.workspaceBoundary)).toBe(true);
  });

  it("takes the projection version and a copy of the workspace boundary", () => {
    const boundary = ["skills", "workspace_files"] as const;
    const conversation = createConversation({ projectionVersion: 3, workspaceBoundary: boundary });
    expect(conversation.projectionVersion).toBe(3);
    expect(conversation.workspaceBoundary).toEqual(["skills", "workspace_files"]);
    expect(conversation.workspaceBoundary).not.toBe(boundary);
  });
});
