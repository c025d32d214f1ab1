import { describe, expect, it } from "vitest";
import { buildCodexPromptLayers } from "../src/build-codex-prompt-layers.js";
import { buildCodexThreadResumeParams } from "../src/build-codex-thread-resume-params.js";
import { buildCodexThreadStartParams } from "../src/build-codex-thread-start-params.js";
import { buildCodexTurnStartParams } from "../src/build-codex-turn-start-params.js";
import type { CodexTurnPlan } from "../src/resolve-codex-turn-plan.js";
import { CODEX_NATIVE_TOOL_NAMES, toCodexDynamicTools } from "../src/to-codex-dynamic-tools.js";

// Exact app-server params and layer stacks for hand-made plans: every field, every sandbox.

const TOOLS = [{ type: "function" as const, name: "message", description: "d", inputSchema: {} }];

const BARE: CodexTurnPlan = {
  connection: "external",
  turnKind: "normal",
  model: "gpt-5.5",
  cwd: "/repo",
  approvalPolicy: "never",
  sandbox: "workspace-write",
  threadDeveloperInstructions: "THREAD",
  parentRequestInstructions: null,
  collaborationDeveloperInstructions: null,
  turnInputText: "INPUT",
  dynamicTools: TOOLS,
  routing: [],
  diagnostics: [],
};

const FULL: CodexTurnPlan = {
  ...BARE,
  connection: "managed-stdio",
  effort: "high",
  approvalPolicy: "on-request",
  sandbox: "read-only",
  serviceName: "svc",
  config: { k: 1 },
  parentRequestInstructions: "PARENT",
  collaborationDeveloperInstructions: "COLLAB",
};

describe("Codex params builders", () => {
  it("thread/start carries every thread field, the optional ones only when set", () => {
    expect(buildCodexThreadStartParams(BARE)).toStrictEqual({
      model: "gpt-5.5",
      cwd: "/repo",
      approvalPolicy: "never",
      sandbox: "workspace-write",
      personality: "none",
      developerInstructions: "THREAD",
      dynamicTools: TOOLS,
    });
    expect(buildCodexThreadStartParams(FULL)).toStrictEqual({
      model: "gpt-5.5",
      cwd: "/repo",
      approvalPolicy: "on-request",
      sandbox: "read-only",
      personality: "none",
      serviceName: "svc",
      config: { k: 1 },
      developerInstructions: "THREAD",
      dynamicTools: TOOLS,
    });
  });

  it("thread/resume carries the same policy fields and no tools", () => {
    expect(buildCodexThreadResumeParams(BARE, { threadId: "t" })).toStrictEqual({
      threadId: "t",
      model: "gpt-5.5",
      cwd: "/repo",
      approvalPolicy: "never",
      sandbox: "workspace-write",
      personality: "none",
      developerInstructions: "THREAD",
    });
    expect(buildCodexThreadResumeParams(FULL, { threadId: "t" })).toStrictEqual({
      threadId: "t",
      model: "gpt-5.5",
      cwd: "/repo",
      approvalPolicy: "on-request",
      sandbox: "read-only",
      personality: "none",
      config: { k: 1 },
      developerInstructions: "THREAD",
    });
  });

  it("turn/start carries the input, the sandbox policy and the collaboration mode", () => {
    expect(buildCodexTurnStartParams(BARE, { threadId: "t" })).toStrictEqual({
      threadId: "t",
      input: [{ type: "text", text: "INPUT", text_elements: [] }],
      cwd: "/repo",
      approvalPolicy: "never",
      sandboxPolicy: { type: "workspaceWrite", writableRoots: ["/repo"], networkAccess: false },
      model: "gpt-5.5",
      collaborationMode: {
        mode: "default",
        settings: { model: "gpt-5.5", reasoning_effort: null, developer_instructions: null },
      },
    });
    expect(buildCodexTurnStartParams(FULL, { threadId: "t" })).toStrictEqual({
      threadId: "t",
      input: [{ type: "text", text: "INPUT", text_elements: [] }],
      cwd: "/repo",
      approvalPolicy: "on-request",
      sandboxPolicy: { type: "readOnly", networkAccess: false },
      model: "gpt-5.5",
      effort: "high",
      collaborationMode: {
        mode: "default",
        settings: { model: "gpt-5.5", reasoning_effort: "high", developer_instructions: "COLLAB" },
      },
    });
    expect(
      buildCodexTurnStartParams({ ...BARE, sandbox: "danger-full-access" }, { threadId: "t" })
        .sandboxPolicy,
    ).toStrictEqual({ type: "dangerFullAccess" });
  });
});

describe("buildCodexPromptLayers", () => {
  const MODEL = { source: "model prompt", instructions: "MODEL" };

  it("stacks model, permissions, thread, input when there is nothing else", () => {
    expect(buildCodexPromptLayers(BARE, MODEL)).toStrictEqual([
      { role: "system", source: "model prompt", text: "MODEL" },
      {
        role: "developer",
        source: "codex-permissions (reconstructed)",
        text: "Permissions (reconstructed from the params; Codex words this layer itself).\nSandbox mode: workspace-write.\nApproval policy: never.\nNetwork access: restricted.\nWritable root: /repo.",
      },
      { role: "developer", source: "thread/start developerInstructions", text: "THREAD" },
      { role: "user", source: "turn/start input", text: "INPUT" },
    ]);
  });

  it("adds the parent-only and collaboration layers in model order", () => {
    expect(buildCodexPromptLayers(FULL, MODEL)).toStrictEqual([
      { role: "system", source: "model prompt", text: "MODEL" },
      {
        role: "developer",
        source: "codex-permissions (reconstructed)",
        text: "Permissions (reconstructed from the params; Codex words this layer itself).\nSandbox mode: read-only.\nApproval policy: on-request.\nNetwork access: restricted.\nWritable root: none.",
      },
      { role: "system", source: "parent-request-instructions (managed relay)", text: "PARENT" },
      { role: "developer", source: "thread/start developerInstructions", text: "THREAD" },
      {
        role: "developer",
        source: "turn/start collaborationMode.settings.developer_instructions",
        text: "COLLAB",
      },
      { role: "user", source: "turn/start input", text: "INPUT" },
    ]);
  });

  it("says network access is enabled only with full access", () => {
    const [, permissions] = buildCodexPromptLayers(
      { ...BARE, sandbox: "danger-full-access" },
      MODEL,
    );
    expect(permissions?.text.split("\n").slice(1)).toStrictEqual([
      "Sandbox mode: danger-full-access.",
      "Approval policy: never.",
      "Network access: enabled.",
      "Writable root: /repo.",
    ]);
  });
});

describe("toCodexDynamicTools", () => {
  it("skips every Codex-native tool, keeps order, and fills a missing description and schema", () => {
    expect(CODEX_NATIVE_TOOL_NAMES).toStrictEqual([
      "apply_patch",
      "edit",
      "exec",
      "process",
      "read",
      "update_plan",
      "write",
    ]);
    const schema = { type: "object", properties: { to: { type: "string" } } };
    expect(
      toCodexDynamicTools([
        ...CODEX_NATIVE_TOOL_NAMES.map((name) => ({ name, description: name })),
        { name: "message", description: "Send.", parameters: schema },
        { name: "cron" },
      ]),
    ).toStrictEqual([
      { type: "function", name: "message", description: "Send.", inputSchema: schema },
      {
        type: "function",
        name: "cron",
        description: "cron",
        inputSchema: { type: "object", properties: {} },
      },
    ]);
  });
});
