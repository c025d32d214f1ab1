import type { AgentTurn } from "@promptstack/agent";
import type { CodexTurnPlanInput } from "./resolve-codex-turn-plan.js";
import { toCodexDynamicTools } from "./to-codex-dynamic-tools.js";

/** The parts of a Codex turn plan that come from the assembled turn. */
export type CodexTurnPlanInputFromTurn = Pick<
  CodexTurnPlanInput,
  | "model"
  | "sessionKind"
  | "chatType"
  | "workspaceDir"
  | "executionDir"
  | "workspaceFiles"
  | "memoryToolsAvailable"
  | "skillsPrompt"
  | "heartbeatFile"
  | "dynamicTools"
>;

/**
 * Maps an assembled `AgentTurn` onto the Codex turn plan: the injected workspace files (with
 * their origin, so the execution folder's AGENTS.md stays native), the skills list, the
 * heartbeat file and the tools. Nothing is read again; the caller adds connection, turn kind and
 * the user's message.
 */
export function toCodexTurnPlanInput(turn: AgentTurn): CodexTurnPlanInputFromTurn {
  const toolNames = new Set(turn.facts.tools.map((tool) => tool.name));
  return {
    model: turn.facts.model.id,
    sessionKind: turn.facts.sessionKind,
    chatType: turn.facts.channel.chatType,
    workspaceDir: turn.workspaceDir,
    ...(turn.executionDir === undefined ? {} : { executionDir: turn.executionDir }),
    workspaceFiles: turn.bootstrap.files.flatMap((file) =>
      file.injectedText === undefined
        ? []
        : [
            {
              name: file.name,
              path: file.path,
              content: file.injectedText,
              origin: file.origin,
              missing: file.status === "missing",
            },
          ],
    ),
    memoryToolsAvailable: toolNames.has("memory_search") && toolNames.has("memory_get"),
    ...(turn.skills.text === "" ? {} : { skillsPrompt: turn.skills.text }),
    ...(turn.heartbeatFile === undefined ? {} : { heartbeatFile: turn.heartbeatFile }),
    dynamicTools: toCodexDynamicTools(turn.facts.tools),
  };
}
