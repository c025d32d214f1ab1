import type { Tool } from "@promptstack/renderer";
import type { CodexDynamicToolSpec } from "./codex-protocol-types.js";

/** Tools Codex implements itself (shell, files, plan); they are never sent as dynamic tools. */
export const CODEX_NATIVE_TOOL_NAMES: readonly string[] = [
  "apply_patch",
  "edit",
  "exec",
  "process",
  "read",
  "update_plan",
  "write",
];

/** Maps the runtime's tools to Codex dynamic tool specs, skipping Codex-native ones; keeps order. */
export function toCodexDynamicTools(tools: readonly Tool[]): CodexDynamicToolSpec[] {
  return tools
    .filter((tool) => !CODEX_NATIVE_TOOL_NAMES.includes(tool.name))
    .map((tool) => ({
      type: "function",
      name: tool.name,
      description: tool.description ?? tool.name,
      inputSchema: tool.parameters ?? { type: "object", properties: {} },
    }));
}
