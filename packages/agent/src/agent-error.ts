import { PromptstackError } from "@promptstack/core";
import type { PromptstackErrorOptions } from "@promptstack/core";

const AGENT_ERROR_MARKER = Symbol.for("promptstack.agent.error");

/** Codes thrown by `@promptstack/agent`. */
export type AgentErrorCode =
  | "AGENT_INVALID_OPTIONS"
  | "AGENT_UNKNOWN_ID"
  | "AGENT_NO_WORKSPACE"
  | "AGENT_CLOSED"
  | "AGENT_SECTIONS_FILE_UNREADABLE";

/** Contract violation in assembler options or use. `path` names the culprit. */
export class AgentError extends PromptstackError<AgentErrorCode> {
  constructor(code: AgentErrorCode, message: string, options: PromptstackErrorOptions = {}) {
    super(code, message, options);
    this.name = "AgentError";
    this.mark(AGENT_ERROR_MARKER);
  }

  static override isInstance(value: unknown): value is AgentError {
    return super.hasMarker(value, AGENT_ERROR_MARKER);
  }
}
