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
    [{ modelAliases: [{ model: "m" }] }, "modelAliases[0].alias", REQUIRED, "nothing"],
    [
      { tools: [{ name: "read", guidance: "Read first." }] },
      "tools[0].guidance",
      "an array of strings",
      "a string",
    ],
    [
      { tools: [{ name: "read", guidance: ["Read first.", 2] }] },
      "tools[0].guidance",
      "an array of strings",
      "an array",
    ],
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

  // Each field the checker reads, given a value of the wrong kind: the error names that field.
  // Parents get the required fields they need, so the one bad field is the first failure.
  const PARENTS: Readonly<Record<string, object>> = {
    profile: NEUTRAL_PRODUCT_PROFILE,
    memoryRecall: { citations: "on" },
    sandbox: { enabled: true },
    "volatile.time": { date: "2026-03-10", timeZone: "UTC" },
    "volatile.channel": { id: "c", chatType: "group" },
  };
  function inputWith(path: string, value: unknown): object {
    const keys = path.split(".");
    const build = (depth: number): unknown => {
      if (depth === keys.length) return value;
      const parent = keys.slice(0, depth).join(".");
      return { ...PARENTS[parent], [keys[depth]!]: build(depth + 1) };
    };
    return build(0) as object;
  }
  const oneOf = (...values: string[]) => `one of ${values.map((v) => `"${v}"`).join(", ")}`;
  const wrongFields: readonly [string, unknown, string, string][] = [
    ["size", "big", oneOf("full", "compact"), "a string"],
    ["profile", 5, "an object", "a number"],
    ...(
      [
        "name",
        "cliName",
        "docsUrl",
        "sourceUrl",
        "skillsHubUrl",
        "communityUrl",
        "delimiterWord",
      ] as const
    ).map((field): [string, unknown, string, string] => [
      `profile.${field}`,
      5,
      "a non-empty string",
      "a number",
    ]),
    ["profile.fenceContextFiles", "yes", "a boolean", "a string"],
    ["profile.ownerAuthority", 1, "a boolean", "a number"],
    ["profile.features", [], "an object", "an array"],
    ["profile.features.docs", "on", "a boolean", "a string"],
    ["identityLine", 5, "a string", "a number"],
    [
      "sessionKind",
      "dm",
      oneOf("main", "direct", "group", "subagent", "cron", "heartbeat"),
      "a string",
    ],
    ["planTool", "yes", "a boolean", "a string"],
    ["automaticCompletionWake", 0, "a boolean", "a number"],
    ["subagentCompletionMode", "wait", oneOf("announce", "collect"), "a string"],
    ["heartbeats", null, "a boolean", "null"],
    ["delegationMode", "force", oneOf("suggest", "prefer"), "a string"],
    ["docs", "d", "an object", "a string"],
    ["docs.localDocsPath", 5, "a string", "a number"],
    ["docs.localSourcePath", 5, "a string", "a number"],
    ["modelAliases", {}, "an array", "an object"],
    ["ownerDisplay", 5, "a string", "a number"],
    ["ttsHint", 5, "a string", "a number"],
    ["memoryRecall", true, "an object", "a boolean"],
    ["memoryRecall.citations", undefined, REQUIRED, "nothing"],
    ["memoryRecall.citations", "always", oneOf("on", "off", "auto"), "a string"],
    ["skillsPrompt", 5, "a string", "a number"],
    ["contextFiles", "A.md", "an array", "a string"],
    ["bootstrapTruncated", 1, "a boolean", "a number"],
    ["bootstrapPending", 1, "a boolean", "a number"],
    ["sandbox", 1, "an object", "a number"],
    ["sandbox.containerWorkdir", 5, "a string", "a number"],
    ["sandbox.hostWorkdir", 5, "a string", "a number"],
    ["sandbox.elevatedExec", "yes", "a boolean", "a string"],
    ["reasoningTagHint", "yes", "a boolean", "a string"],
    ["runtimeFactsLocation", "tail", oneOf("system-prompt", "user-message"), "a string"],
    ["provider", 1, "an object", "a number"],
    ["provider.sectionOverrides", 1, "an object", "a number"],
    ["provider.sectionOverrides.interaction_style", 5, "a string", "a number"],
    ["provider.sectionOverrides.tool_call_style", 5, "a string", "a number"],
    ["provider.sectionOverrides.execution_bias", 5, "a string", "a number"],
    ["provider.stablePrefix", 5, "a string", "a number"],
    ["provider.dynamicSuffix", 5, "a string", "a number"],
    ["beforePromptBuild", "hook", "a function", "a string"],
    ["volatile", 5, "an object", "a number"],
    ["volatile.time", 5, "an object", "a number"],
    ["volatile.time.time", 5, "a string", "a number"],
    ["volatile.time.timeZone", undefined, REQUIRED, "nothing"],
    ["volatile.time.timeZone", 0, "a string", "a number"],
    ["volatile.channel", 5, "an object", "a number"],
    ["volatile.channel.id", undefined, REQUIRED, "nothing"],
    ["volatile.channel.id", "", "a non-empty string", "a string"],
    ["volatile.channel.chatLabel", 5, "a string", "a number"],
    ...(
      [
        "nativeApprovals",
        "collapsibleDetails",
        "messageToolOnly",
        "allowGroupSilence",
        "autoReply",
        "voice",
        "controlUiEmbed",
      ] as const
    ).map((field): [string, unknown, string, string] => [
      `volatile.channel.${field}`,
      "yes",
      "a boolean",
      "a string",
    ]),
    ["volatile.channel.reactions", "all", oneOf("minimal", "extensive"), "a string"],
    ["volatile.channel.acpHints", "hint", "an array", "a string"],
    ["volatile.sender", 5, "a string", "a number"],
    ["volatile.groupContext", 5, "a string", "a number"],
    ["volatile.runtime", 5, "an object", "a number"],
    ...(
      [
        "host",
        "agentId",
        "os",
        "arch",
        "node",
        "shell",
        "model",
        "defaultModel",
        "repoRoot",
        "sessionKey",
        "coAuthorTrailer",
      ] as const
    ).map((field): [string, unknown, string, string] => [
      `volatile.runtime.${field}`,
      5,
      "a string",
      "a number",
    ]),
    [
      "volatile.thinkingLevel",
      "max",
      oneOf("off", "minimal", "low", "medium", "high", "ultra"),
      "a string",
    ],
    ["volatile.reasoning", "loud", oneOf("off", "on", "stream"), "a string"],
    ["volatile.elevation", "root", oneOf("off", "on", "ask", "full"), "a string"],
    ["volatile.presentationTools", "read", "an array", "a string"],
    ["volatile.projectMemoryFacts", "fact", "an array", "a string"],
    ["volatile.workspaceChanges", "change", "an array", "a string"],
  ];
  for (const [path, value, expected, got] of wrongFields) {
    it(`rejects ${got} at ${path}: expected ${expected}`, () => {
      expect(thrownBy(() => validateAgentSystemPromptInput(inputWith(path, value)))).toMatchObject({
        code: "RENDERER_INVALID_INPUT",
        message: `Invalid renderer input at ${path}: expected ${expected}, got ${got}.`,
        path,
      });
    });
  }

  it("names an unknown mode, and a mode of the wrong kind, in the whole error", () => {
    for (const [mode, got] of [
      ["verbose", '"verbose"'],
      [2, "the number 2"],
    ] as const) {
      expect(thrownBy(() => validateAgentSystemPromptInput({ mode }))).toMatchObject({
        name: "RendererError",
        code: "RENDERER_UNKNOWN_MODE",
        message: `Unknown prompt mode at mode: expected "full", "minimal" or "none", got ${got}.`,
        path: "mode",
        hint: 'Use "full" (default), "minimal" for sub-agents, or "none".',
      });
    }
  });

  it("accepts an input that sets every field it checks", () => {
    expect(() =>
      validateAgentSystemPromptInput({
        mode: "full",
        size: "compact",
        profile: NEUTRAL_PRODUCT_PROFILE,
        identityLine: "You are Ada.",
        sessionKind: "main",
        tools: [
          { name: "read", description: "Reads a file.", guidance: ["Read before you edit."] },
        ],
        planTool: true,
        automaticCompletionWake: false,
        subagentCompletionMode: "collect",
        heartbeats: true,
        delegationMode: "prefer",
        workspaceDir: "/ws",
        docs: { localDocsPath: "/docs", localSourcePath: "/src" },
        modelAliases: [{ alias: "fast", model: "m-1" }],
        ownerDisplay: "Ada",
        ttsHint: "Speak slowly.",
        memoryRecall: { citations: "auto" },
        skillsPrompt: "Skills.",
        contextFiles: [{ path: "AGENTS.md", content: "" }],
        bootstrapTruncated: false,
        bootstrapPending: false,
        sandbox: { enabled: true, containerWorkdir: "/c", hostWorkdir: "/h", elevatedExec: false },
        reasoningTagHint: true,
        runtimeFactsLocation: "user-message",
        provider: {
          sectionOverrides: { execution_bias: "Act." },
          stablePrefix: "P",
          dynamicSuffix: "S",
        },
        beforePromptBuild: (text: string) => text,
        volatile: {
          time: { date: "2026-03-10", time: "09:00", timeZone: "UTC" },
          channel: {
            id: "c",
            chatType: "direct",
            acpHints: ["h"],
            reactions: "minimal",
            voice: true,
          },
          sender: "Ada",
          groupContext: "A group.",
          runtime: { host: "atlas", model: "m-1" },
          thinkingLevel: "low",
          reasoning: "off",
          elevation: "ask",
          presentationTools: ["read"],
          projectMemoryFacts: ["fact"],
          workspaceChanges: ["change"],
        },
      }),
    ).not.toThrow();
  });

  it("accepts a profile that leaves its optional fields out", () => {
    const profile = {
      name: "Acme",
      cliName: "acme",
      docsUrl: "https://docs.example",
      sourceUrl: "https://source.example",
      skillsHubUrl: "https://skills.example",
      communityUrl: "https://community.example",
      delimiterWord: "ACME",
    };
    expect(() => validateAgentSystemPromptInput({ profile })).not.toThrow();
  });

  it("accepts every mode, size and choice it names", () => {
    for (const input of [
      { mode: "full", size: "compact" },
      { mode: "minimal", size: "full" },
      { mode: "none" },
      { volatile: { thinkingLevel: "ultra", reasoning: "stream", elevation: "full" } },
    ]) {
      expect(() => validateAgentSystemPromptInput(input)).not.toThrow();
    }
  });

  it("ignores unknown keys so newer callers keep working", () => {
    expect(() => validateAgentSystemPromptInput({ futureField: 1 })).not.toThrow();
  });
});
