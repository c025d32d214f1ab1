import { thrownBy } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { NEUTRAL_PRODUCT_PROFILE } from "./product-profile.js";
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

  // The whole error: the path, what the field wants (a required field that is missing says so),
  // and what it got, named by kind.
  const REQUIRED = "a value (required)";
  const wholeErrors: readonly [unknown, string, string, string][] = [
    ["text", "(input)", "an object", "a string"],
    [{ docs: [] }, "docs", "an object", "an array"],
    [{ volatile: { time: { timeZone: "UTC" } } }, "volatile.time.date", REQUIRED, "nothing"],
    [
      { volatile: { time: { date: 5, timeZone: "UTC" } } },
      "volatile.time.date",
      "a string",
      "a number",
    ],
    [
      { profile: { ...NEUTRAL_PRODUCT_PROFILE, name: " " } },
      "profile.name",
      "a non-empty string",
      "a string",
    ],
    [
      { profile: { ...NEUTRAL_PRODUCT_PROFILE, name: undefined } },
      "profile.name",
      REQUIRED,
      "nothing",
    ],
    [{ sandbox: {} }, "sandbox.enabled", REQUIRED, "nothing"],
    [{ sandbox: { enabled: "yes" } }, "sandbox.enabled", "a boolean", "a string"],
    [
      { profile: { ...NEUTRAL_PRODUCT_PROFILE, requiredWorkspaceFiles: ["AGENTS.md", 1] } },
      "profile.requiredWorkspaceFiles",
      "an array of file names",
      "an array",
    ],
    [
      { profile: { ...NEUTRAL_PRODUCT_PROFILE, requiredWorkspaceFiles: "AGENTS.md" } },
      "profile.requiredWorkspaceFiles",
      "an array of file names",
      "a string",
    ],
    [{ tools: [{ name: "read" }, null] }, "tools[1]", "an object", "null"],
    [{ tools: [{ name: "read", description: 5 }] }, "tools[0].description", "a string", "a number"],
    [{ tools: [{ name: "read" }, {}] }, "tools[1].name", REQUIRED, "nothing"],
    [{ tools: [{ name: "" }] }, "tools[0].name", "a non-empty string", "a string"],
    [
      { modelAliases: [{ alias: "fast", model: "m" }, "fast"] },
      "modelAliases[1]",
      "an object",
      "a string",
    ],
    [{ modelAliases: [{ alias: "fast" }] }, "modelAliases[0].model", REQUIRED, "nothing"],
    [{ contextFiles: [true] }, "contextFiles[0]", "an object", "a boolean"],
    [{ contextFiles: [{ path: "A.md" }] }, "contextFiles[0].content", REQUIRED, "nothing"],
    [
      { contextFiles: [{ path: "A.md", content: null }] },
      "contextFiles[0].content",
      "a string",
      "null",
    ],
    [{ volatile: { channel: { id: "c" } } }, "volatile.channel.chatType", REQUIRED, "nothing"],
    [
      { volatile: { channel: { id: "c", chatType: "dm" } } },
      "volatile.channel.chatType",
      'one of "direct", "group", "channel"',
      "a string",
    ],
    [
      { volatile: { workspaceChanges: ["a", {}] } },
      "volatile.workspaceChanges[1]",
      "a string",
      "an object",
    ],
  ];
  for (const [input, path, expected, got] of wholeErrors) {
    it(`says at ${path} that it expected ${expected} and got ${got}`, () => {
      expect(thrownBy(() => validateAgentSystemPromptInput(input))).toMatchObject({
        name: "RendererError",
        code: "RENDERER_INVALID_INPUT",
        message: `Invalid renderer input at ${path}: expected ${expected}, got ${got}.`,
        path,
        hint: `Pass ${expected} at ${path}, or leave the field out when it is optional.`,
      });
    });
  }

  it("ignores unknown keys so newer callers keep working", () => {
    expect(() => validateAgentSystemPromptInput({ futureField: 1 })).not.toThrow();
  });
});
