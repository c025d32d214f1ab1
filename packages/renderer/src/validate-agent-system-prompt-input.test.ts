import { describe, expect, it } from "vitest";
import { RendererError } from "./renderer-error.js";
import { validateAgentSystemPromptInput } from "./validate-agent-system-prompt-input.js";

function errorOf(input: unknown): RendererError {
  try {
    validateAgentSystemPromptInput(input);
  } catch (error) {
    if (RendererError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected a RendererError");
}

describe("validateAgentSystemPromptInput", () => {
  it("accepts an empty input", () => {
    expect(() => validateAgentSystemPromptInput({})).not.toThrow();
  });

  it("rejects an unknown mode with its own code", () => {
    const error = errorOf({ mode: "verbose" });
    expect(error.code).toBe("RENDERER_UNKNOWN_MODE");
    expect(error.path).toBe("mode");
    expect(error.message).toContain('"verbose"');
  });

  const invalid: readonly [string, unknown, string][] = [
    ["a non-object input", "text", "(input)"],
    [
      "a wrong chat type",
      { volatile: { channel: { id: "x", chatType: "dm" } } },
      "volatile.channel.chatType",
    ],
    ["a context file without path", { contextFiles: [{ content: "x" }] }, "contextFiles[0].path"],
    ["a tool without name", { tools: [{ name: "exec" }, {}] }, "tools[1].name"],
    ["a blank tool name", { tools: [{ name: " " }] }, "tools[0].name"],
    ["tools that are not an array", { tools: { name: "exec" } }, "tools"],
    ["a numeric workspace", { workspaceDir: 42 }, "workspaceDir"],
    ["a null sender", { volatile: { sender: null } }, "volatile.sender"],
    ["a string boolean", { bootstrapTruncated: "yes" }, "bootstrapTruncated"],
    ["an incomplete profile", { profile: { name: "Acme" } }, "profile.cliName"],
    [
      "a non-string memory fact",
      { volatile: { projectMemoryFacts: ["a", 1] } },
      "volatile.projectMemoryFacts[1]",
    ],
    ["a non-function hook", { beforePromptBuild: "x" }, "beforePromptBuild"],
    ["an unknown thinking level", { volatile: { thinkingLevel: "max" } }, "volatile.thinkingLevel"],
    ["sandbox without enabled", { sandbox: {} }, "sandbox.enabled"],
  ];
  for (const [name, input, path] of invalid) {
    it(`rejects ${name} at ${path}`, () => {
      const error = errorOf(input);
      expect(error.code).toBe("RENDERER_INVALID_INPUT");
      expect(error.path).toBe(path);
      expect(error.message).toContain(path);
      expect(error.message).not.toMatch(/undefined|\[object Object\]/);
    });
  }

  it("ignores unknown keys so newer callers keep working", () => {
    expect(() => validateAgentSystemPromptInput({ futureField: 1 })).not.toThrow();
  });
});
