import { renderAssistantOutputDirectivesSection } from "./sections/render-assistant-output-directives-section.js";
import {
  renderBootstrapPendingSection,
  renderWorkspaceFilesSection,
} from "./sections/render-bootstrap-sections.js";
import {
  renderCareSection,
  renderExecutionBiasSection,
  renderPromisedWorkSection,
  renderSafetySection,
  renderToolCallStyleSection,
} from "./sections/render-conduct-sections.js";
import { renderControlSection } from "./sections/render-control-section.js";
import { renderDocumentationSection } from "./sections/render-documentation-section.js";
import { renderExecApprovalsSection } from "./sections/render-exec-approvals-section.js";
import { renderIdentitySection } from "./sections/render-identity-section.js";
import { renderMemoryRecallSection } from "./sections/render-memory-recall-section.js";
import { renderMessagingSection } from "./sections/render-messaging-section.js";
import {
  renderModelAliasesSection,
  renderTtsHintsSection,
  renderUserIdentitySection,
} from "./sections/render-owner-sections.js";
import {
  renderInteractionStyleSection,
  renderProviderStablePrefixSection,
} from "./sections/render-provider-sections.js";
import { renderReasoningFormatSection } from "./sections/render-reasoning-format-section.js";
import { renderRuntimeContextSection } from "./sections/render-runtime-context-section.js";
import { renderSandboxSection } from "./sections/render-sandbox-section.js";
import { renderSkillsSection } from "./sections/render-skills-section.js";
import { renderToolingSection } from "./sections/render-tooling-section.js";
import { renderWorkspaceSection } from "./sections/render-workspace-section.js";
import { ALL, FULL, FULL_MINIMAL, freezeSectionRow as row } from "./section-table-row.js";
import type { SectionTableRow } from "./section-table-row.js";
import { VOLATILE_SECTION_ROWS } from "./volatile-section-rows.js";

/**
 * Every prompt section, in prompt order: stable rows first, then the cache boundary, then
 * volatile rows.
 *
 * Decision: `silent_replies` sits below the boundary although SPEC §2.3 lists it with the stable
 * sections: its gate reads the current chat (SPEC §2.5), and the cache invariant forbids any
 * volatile fact above the boundary. The same rule places every row whose gate or text reads
 * the turn's facts (`context.volatile`) on the volatile side.
 *
 * Modes follow the newest seed's minimal-mode omission list exactly: `minimal` drops memory
 * recall, model aliases, user identity, assistant output directives, messaging, collapsible
 * details, silent replies and UI presentation, and keeps every other section (gates still
 * apply).
 */
export const SECTION_TABLE: readonly SectionTableRow[] = Object.freeze([
  row({
    id: "identity",
    heading: "Identity",
    headingInText: false,
    cache: "stable",
    modes: ALL,
    gate: "always (`identityLine`, else a default naming the product)",
    render: renderIdentitySection,
  }),
  row({
    id: "provider_stable_prefix",
    heading: "Provider Stable Prefix",
    headingInText: false,
    cache: "stable",
    modes: FULL_MINIMAL,
    gate: "`provider.stablePrefix` is non-blank",
    render: renderProviderStablePrefixSection,
  }),
  row({
    id: "tooling",
    heading: "Tooling",
    cache: "stable",
    modes: FULL_MINIMAL,
    gate: "at least one tool; guidance lines only for available tools",
    render: renderToolingSection,
  }),
  row({
    id: "interaction_style",
    heading: "Interaction Style",
    cache: "stable",
    modes: FULL_MINIMAL,
    gate: "provider override `interaction_style` is non-blank",
    render: renderInteractionStyleSection,
  }),
  row({
    id: "tool_call_style",
    heading: "Tool Call Style",
    cache: "stable",
    modes: FULL_MINIMAL,
    gate: "at least one tool, or a non-blank provider override (blank override removes)",
    render: renderToolCallStyleSection,
  }),
  row({
    id: "execution_bias",
    heading: "Execution Bias",
    cache: "stable",
    modes: FULL_MINIMAL,
    gate: "always, unless a blank provider override removes it",
    render: renderExecutionBiasSection,
  }),
  row({
    id: "promised_work",
    heading: "Promised Work",
    cache: "stable",
    modes: FULL_MINIMAL,
    gate: "always",
    render: renderPromisedWorkSection,
  }),
  row({
    id: "safety",
    heading: "Safety",
    cache: "stable",
    modes: FULL_MINIMAL,
    gate: "always",
    render: renderSafetySection,
  }),
  row({
    id: "care",
    heading: "Care",
    cache: "stable",
    modes: FULL_MINIMAL,
    gate: "always; terminal setup route when neither `gateway` nor the CLI-named tool exists",
    render: renderCareSection,
  }),
  row({
    id: "runtime_context",
    heading: "Runtime Context",
    cache: "stable",
    modes: FULL_MINIMAL,
    gate: "always (delimiters from the profile); carrier-reading lines per capability tool (`exec`/`process`, `sessions_spawn`/`subagents`, `*_generate`) and for `heartbeats`",
    render: renderRuntimeContextSection,
  }),
  row({
    id: "exec_approvals",
    heading: "Exec Approvals",
    cache: "stable",
    modes: FULL_MINIMAL,
    gate: "`exec` exists",
    render: renderExecApprovalsSection,
  }),
  row({
    id: "skills",
    heading: "Skills",
    cache: "stable",
    modes: FULL_MINIMAL,
    gate: "`skillsPrompt` is non-blank and `read` exists",
    render: renderSkillsSection,
  }),
  row({
    id: "control",
    heading: "Control",
    cache: "stable",
    modes: FULL_MINIMAL,
    gate: "always; lines vary with `gateway` / CLI-named tool (preferred for changes) and `exec`",
    render: renderControlSection,
  }),
  row({
    id: "messaging",
    heading: "Messaging",
    cache: "stable",
    modes: FULL,
    gate: "always; `message` send protocol when that tool exists",
    render: renderMessagingSection,
  }),
  row({
    id: "workspace",
    heading: "Workspace",
    cache: "stable",
    modes: FULL_MINIMAL,
    gate: "`workspaceDir` is non-blank",
    render: renderWorkspaceSection,
  }),
  row({
    id: "documentation",
    heading: "Documentation",
    cache: "stable",
    modes: FULL_MINIMAL,
    gate: "always (local `docs` paths, else profile URLs)",
    render: renderDocumentationSection,
  }),
  row({
    id: "model_aliases",
    heading: "Model Aliases",
    cache: "stable",
    modes: FULL,
    gate: "`modelAliases` is non-empty",
    render: renderModelAliasesSection,
  }),
  row({
    id: "user_identity",
    heading: "User Identity",
    cache: "stable",
    modes: FULL,
    gate: "`ownerDisplay` is non-blank",
    render: renderUserIdentitySection,
  }),
  row({
    id: "tts_hints",
    heading: "TTS Hints",
    compactHeadingInText: true,
    cache: "stable",
    modes: FULL_MINIMAL,
    gate: "`ttsHint` is non-blank",
    render: renderTtsHintsSection,
  }),
  row({
    id: "memory_recall",
    heading: "Memory Recall",
    cache: "stable",
    modes: FULL,
    gate: "`memoryRecall` set and `memory_search` or `memory_get` exists",
    render: renderMemoryRecallSection,
  }),
  row({
    id: "bootstrap_pending",
    heading: "Bootstrap Pending",
    cache: "stable",
    modes: FULL_MINIMAL,
    gate: "`bootstrapPending` is true",
    render: renderBootstrapPendingSection,
  }),
  row({
    id: "reasoning_format",
    heading: "Reasoning Format",
    cache: "stable",
    modes: FULL_MINIMAL,
    gate: "`reasoningTagHint` is true",
    render: renderReasoningFormatSection,
  }),
  row({
    id: "workspace_files",
    heading: "Workspace Files (injected)",
    compactHeadingInText: true,
    cache: "stable",
    modes: FULL_MINIMAL,
    gate: "`contextFiles` is non-empty; a fixed passage on what each file is for; truncation notice when `bootstrapTruncated`",
    render: renderWorkspaceFilesSection,
  }),
  row({
    id: "sandbox",
    heading: "Sandbox",
    cache: "stable",
    modes: FULL_MINIMAL,
    gate: "`sandbox.enabled` is true",
    render: renderSandboxSection,
  }),
  row({
    id: "assistant_output_directives",
    heading: "Assistant Output Directives",
    cache: "stable",
    modes: FULL,
    gate: "always",
    render: renderAssistantOutputDirectivesSection,
  }),
  ...VOLATILE_SECTION_ROWS,
]);
