export { AgentError } from "./agent-error.js";
export type { AgentErrorCode } from "./agent-error.js";
export { createPromptAssembler } from "./create-prompt-assembler.js";
export { diagnoseAgentTurn } from "./diagnose-agent-turn.js";
export type { DiagnoseAgentTurnOptions } from "./diagnose-agent-turn.js";
export { DOCTOR_FINDING_TABLE } from "./doctor-findings.js";
export type {
  DoctorFinding,
  DoctorFindingCode,
  DoctorFindingKind,
  DoctorFindingSource,
  DoctorSeverity,
} from "./doctor-findings.js";
export { loadAgentTurn } from "./load-agent-turn.js";
export type { LoadAgentTurnOptions } from "./load-agent-turn.js";
export { readProcessSkillEnvironment } from "./read-process-skill-environment.js";
export type {
  AgentBootstrapFile,
  AgentSkill,
  AgentTurn,
  AgentTurnOptions,
  AgentTurnPrefix,
  AgentTurnReads,
  DisplayPathMapping,
  PromptAssembler,
  PrefixChange,
  PrefixPolicy,
  PrefixRefreshReason,
  PromptAssemblerOptions,
  SkillEnvironment,
} from "./agent-types.js";
export { parseConfig, parseRunFacts } from "@promptstack/config";
export type { PromptstackConfig, RunFacts } from "@promptstack/config";
export { toModelText } from "@promptstack/renderer";
export type { ModelText } from "@promptstack/renderer";
