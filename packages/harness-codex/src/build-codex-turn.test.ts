import { describe, expect, it } from "vitest";
import { buildAgentSystemPrompt } from "@promptstack/renderer";
import type { AgentSystemPromptInput } from "@promptstack/renderer";
import { buildCodexTurn } from "./build-codex-turn.js";
import type { CodexTurnInput } from "./build-codex-turn.js";

const RENDERER_INPUT: AgentSystemPromptInput = {
  workspaceDir: "/ws",
  contextFiles: [{ path: "/ws/SOUL.md", content: "CONTEXT-FILE-BODY" }],
  skillsPrompt: "<available_skills>SKILLS-IN-PROMPT</available_skills>",
};

function turnInput(overrides: Partial<CodexTurnInput> = {}): CodexTurnInput {
  return {
    rendererInput: RENDERER_INPUT,
    planInput: {
      connection: "managed-stdio",
      turnKind: "normal",
      model: "gpt-5.5",
      workspaceDir: "/ws",
      workspaceFiles: [{ name: "SOUL.md", path: "/ws/SOUL.md", content: "SOUL-BODY" }],
      memoryToolsAvailable: true,
      userMessage: "USER-REQUEST",
      dynamicTools: [],
    },
    threadId: "thread-1",
    modelPrompt: { slug: "gpt-5.5", sourceLabel: "models.json", instructions: "MODEL-TEXT" },
    ...overrides,
  };
}

describe("buildCodexTurn", () => {
  it("renders the runtime policy without what Codex owns and routes the rest", () => {
    const turn = buildCodexTurn(turnInput());
    const developer = turn.threadStart.developerInstructions;
    expect(developer).toContain("You are");
    expect(developer).not.toContain("CONTEXT-FILE-BODY");
    expect(developer).not.toContain("SKILLS-IN-PROMPT");
    expect(turn.plan.parentRequestInstructions).toContain("SOUL-BODY");
    expect(turn.threadResume.threadId).toBe("thread-1");
    expect(turn.turnStart.threadId).toBe("thread-1");
    expect(turn.layers[0]).toEqual({
      role: "system",
      source: "codex model prompt gpt-5.5 (models.json)",
      text: "MODEL-TEXT",
    });
    const last = turn.layers.at(-1);
    expect(last?.role).toBe("user");
    expect(last?.source).toBe("turn/start input");
    expect(last?.text).toMatch(
      /^<<<BEGIN_OPENCLAW_INTERNAL_CONTEXT>>>\n[\s\S]+\n<<<END_OPENCLAW_INTERNAL_CONTEXT>>>\n\nUSER-REQUEST$/,
    );
    // The Runtime Context section tells the model where its per-turn facts arrive.
    expect(developer).toContain("at the start of the newest user message");
  });

  it("renders through the injected renderer, so a prompt change reaches the params", () => {
    const seen: AgentSystemPromptInput[] = [];
    const turn = buildCodexTurn(
      turnInput({
        render: (input) => {
          seen.push(input);
          const rendered = buildAgentSystemPrompt(input);
          return { ...rendered, text: rendered.text.replace("You are", "INJECTED You are") };
        },
      }),
    );
    expect(seen).toHaveLength(1);
    expect(seen[0]?.contextFiles).toBeUndefined();
    expect(seen[0]?.skillsPrompt).toBeUndefined();
    expect(turn.threadStart.developerInstructions).toContain("INJECTED You are");
  });
});
