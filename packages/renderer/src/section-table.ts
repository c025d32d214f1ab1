import type { SectionRenderContext } from "./create-section-render-context.js";
import { renderAssistantOutputDirectivesSection } from "./sections/render-assistant-output-directives-section.js";
import {
  renderBootstrapPendingSection,
  renderWorkspaceFilesSection,
} from "./sections/render-bootstrap-sections.js";
import {
  renderAcpHintsSection,
  renderChannelMessagingSection,
  renderCollapsibleDetailsSection,
  renderControlUiEmbedSection,
  renderReactionsSection,
  renderSilentRepliesSection,
  renderVoiceSection,
} from "./sections/render-channel-sections.js";
import {
  renderCareSection,
  renderExecutionBiasSection,
  renderPromisedWorkSection,
  renderSafetySection,
  renderToolCallStyleSection,
} from "./sections/render-conduct-sections.js";
import { renderControlSection } from "./sections/render-control-section.js";
import {
  renderDelegationSection,
  renderProactiveOrchestrationSection,
} from "./sections/render-delegation-sections.js";
import { renderDocumentationSection } from "./sections/render-documentation-section.js";
import { renderElevationSection } from "./sections/render-elevation-section.js";
import { renderExecApprovalsSection } from "./sections/render-exec-approvals-section.js";
import { renderGroupContextSection } from "./sections/render-group-context-section.js";
import { renderIdentitySection } from "./sections/render-identity-section.js";
import { renderMemoryRecallSection } from "./sections/render-memory-recall-section.js";
import { renderMessagingSection } from "./sections/render-messaging-section.js";
import { renderModelIdentitySection } from "./sections/render-model-identity-section.js";
import {
  renderModelAliasesSection,
  renderTtsHintsSection,
  renderUserIdentitySection,
} from "./sections/render-owner-sections.js";
import { renderProjectMemorySection } from "./sections/render-project-memory-section.js";
import { renderWorkspaceChangesSection } from "./sections/render-workspace-changes-section.js";
import {
  renderInteractionStyleSection,
  renderProviderDynamicSuffixSection,
  renderProviderStablePrefixSection,
} from "./sections/render-provider-sections.js";
import { renderReasoningFormatSection } from "./sections/render-reasoning-format-section.js";
import { renderReasoningSection } from "./sections/render-reasoning-section.js";
import { renderRuntimeContextSection } from "./sections/render-runtime-context-section.js";
import { renderRuntimeSection } from "./sections/render-runtime-section.js";
import { renderSandboxSection } from "./sections/render-sandbox-section.js";
import { renderSkillsSection } from "./sections/render-skills-section.js";
import { renderTimeContextSection } from "./sections/render-time-context-section.js";
import { renderToolingSection } from "./sections/render-tooling-section.js";
import { renderUiPresentationSection } from "./sections/render-ui-presentation-section.js";
import { renderWorkspaceSection } from "./sections/render-workspace-section.js";
import type { CacheSide, PromptMode, SectionId } from "./types.js";

/** One row of `SECTION_TABLE`: everything about a section except its prose. */
export interface SectionTableRow {
  /** Stable snake_case id, used in `RenderedSection.id`, tests and diagnostics. */
  readonly id: SectionId;
  /** Heading; rendered as `## <heading>` unless `headingInText` is false. */
  readonly heading: string;
  /** Heading used in `minimal` mode instead of `heading`. */
  readonly minimalHeading?: string;
  /** False for sections whose text carries no heading line (identity, provider text). */
  readonly headingInText: boolean;
  /**
   * Whether the heading line is printed in compact size. Compact wording is written to stand
   * without its heading (each body names its subject); a section whose body is caller text keeps
   * it (workspace files, group context, hints), and so do custom sections.
   */
  readonly compactHeadingInText: boolean;
  /** Cache side: stable sections read only stable input; anything reading `volatile` is volatile. */
  readonly cache: CacheSide;
  /** Modes that keep the section (SPEC §2.4). */
  readonly modes: readonly PromptMode[];
  /** When the section renders, in words (for the README table). */
  readonly gate: string;
  /** Wrap the section in the relocatable runtime-tail marker pair. */
  readonly runtimeTail?: boolean;
  /**
   * The body quotes caller text (group context, names, labels, facts, hint lines, change notes):
   * the render projects it as an inbound message, so no internal-context delimiter, however
   * spelt, survives into any layout. Set on every per-turn row that prints a caller string.
   */
  readonly projectsCallerText?: boolean;
  /** The section body as lines, or `undefined` when its gate is closed. */
  readonly render: (context: SectionRenderContext) => readonly string[] | undefined;
}

const ALL: readonly PromptMode[] = Object.freeze(["full", "minimal", "none"]);
const FULL_MINIMAL: readonly PromptMode[] = Object.freeze(["full", "minimal"]);
const FULL: readonly PromptMode[] = Object.freeze(["full"]);

/**
 * A frozen row with every field present, in one order: every row then shares one hidden class,
 * so the renderer's reads of a row stay monomorphic (rows built by spreading their own field
 * lists had one shape each, which made planning the modes at import cost about a millisecond).
 * The fields are spread over `ROW_DEFAULTS`, which already has every key, so the keys keep its order.
 */
export function freezeSectionRow(
  fields: Omit<SectionTableRow, "headingInText" | "compactHeadingInText"> & {
    headingInText?: boolean;
    compactHeadingInText?: boolean;
  },
): SectionTableRow {
  return Object.freeze({ ...ROW_DEFAULTS, ...fields }) as SectionTableRow;
}

/** Every row field in row order, with the defaults of the optional ones. */
const ROW_DEFAULTS: Readonly<Record<keyof SectionTableRow, unknown>> = Object.freeze({
  id: undefined,
  heading: undefined,
  minimalHeading: undefined,
  headingInText: true,
  compactHeadingInText: false,
  cache: undefined,
  modes: undefined,
  gate: undefined,
  runtimeTail: undefined,
  projectsCallerText: undefined,
  render: undefined,
});

const row = freezeSectionRow;

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
    gate: "always (delimiters from the profile); carrier-reading lines per capability tool (`exec`/`process`, `sessions_spawn`/`subagents`, `*_generate`)",
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
  row({
    id: "time_context",
    heading: "Time Context",
    cache: "volatile",
    modes: FULL_MINIMAL,
    gate: "`volatile.time.date` is non-blank (the local time is not printed)",
    projectsCallerText: true,
    render: renderTimeContextSection,
  }),
  row({
    id: "ui_presentation",
    heading: "UI Presentation",
    cache: "volatile",
    modes: FULL,
    gate: "`volatile.presentationTools` names a tool",
    render: renderUiPresentationSection,
  }),
  row({
    id: "control_ui_embed",
    heading: "Control UI",
    cache: "volatile",
    modes: FULL_MINIMAL,
    gate: "`volatile.channel.controlUiEmbed` is true",
    render: renderControlUiEmbedSection,
  }),
  row({
    id: "channel_messaging",
    heading: "Current Channel",
    cache: "volatile",
    modes: FULL_MINIMAL,
    gate: "`volatile.channel` or `volatile.sender` set; native-approvals rule when `nativeApprovals`",
    projectsCallerText: true,
    render: renderChannelMessagingSection,
  }),
  row({
    id: "silent_replies",
    heading: "Silent Replies",
    cache: "volatile",
    modes: FULL,
    gate: "no channel; or a group/channel chat with `allowGroupSilence` (never direct or message-tool-only)",
    render: renderSilentRepliesSection,
  }),
  row({
    id: "collapsible_details",
    heading: "Collapsible Details",
    cache: "volatile",
    modes: FULL,
    gate: "`volatile.channel.collapsibleDetails` is true",
    render: renderCollapsibleDetailsSection,
  }),
  row({
    id: "voice",
    heading: "Voice",
    cache: "volatile",
    modes: FULL_MINIMAL,
    gate: "`volatile.channel.voice` is true",
    render: renderVoiceSection,
  }),
  row({
    id: "group_context",
    heading: "Group Chat Context",
    compactHeadingInText: true,
    minimalHeading: "Sub-agent Context",
    cache: "volatile",
    modes: FULL_MINIMAL,
    gate: "`volatile.groupContext` is non-blank",
    projectsCallerText: true,
    render: renderGroupContextSection,
  }),
  row({
    id: "reactions",
    heading: "Reactions",
    cache: "volatile",
    modes: FULL_MINIMAL,
    gate: "`volatile.channel.reactions` set",
    render: renderReactionsSection,
  }),
  row({
    id: "runtime",
    heading: "Runtime",
    cache: "volatile",
    modes: FULL_MINIMAL,
    gate: "`volatile.runtime` has a non-blank field; wrapped in the runtime-tail markers",
    runtimeTail: true,
    projectsCallerText: true,
    render: renderRuntimeSection,
  }),
  row({
    id: "model_identity",
    heading: "Model Identity",
    cache: "volatile",
    modes: FULL_MINIMAL,
    gate: "`volatile.runtime.model` is non-blank",
    projectsCallerText: true,
    render: renderModelIdentitySection,
  }),
  row({
    id: "project_memory",
    heading: "Project Memory",
    compactHeadingInText: true,
    cache: "volatile",
    modes: FULL_MINIMAL,
    gate: "`volatile.projectMemoryFacts` has a non-blank fact",
    projectsCallerText: true,
    render: renderProjectMemorySection,
  }),
  row({
    id: "workspace_changes",
    heading: "Workspace Changes",
    cache: "volatile",
    modes: FULL_MINIMAL,
    gate: "`volatile.workspaceChanges` has a non-blank line (a session-pinned prefix's change note)",
    projectsCallerText: true,
    render: renderWorkspaceChangesSection,
  }),
  row({
    id: "acp_hints",
    heading: "Channel Hints",
    compactHeadingInText: true,
    cache: "volatile",
    modes: FULL_MINIMAL,
    gate: "`volatile.channel.acpHints` has a non-blank hint",
    projectsCallerText: true,
    render: renderAcpHintsSection,
  }),
  row({
    id: "delegation",
    heading: "Delegation",
    cache: "volatile",
    modes: FULL_MINIMAL,
    gate: "delegation mode `prefer` (default in `main` sessions) and `sessions_spawn` exists",
    render: renderDelegationSection,
  }),
  row({
    id: "proactive_orchestration",
    heading: "Proactive Sub-agent Orchestration",
    cache: "volatile",
    modes: FULL_MINIMAL,
    gate: "`volatile.thinkingLevel` is `ultra` and `sessions_spawn` exists",
    render: renderProactiveOrchestrationSection,
  }),
  row({
    id: "elevation",
    heading: "Elevation",
    cache: "volatile",
    modes: FULL_MINIMAL,
    gate: "`volatile.elevation` set",
    render: renderElevationSection,
  }),
  row({
    id: "reasoning",
    heading: "Reasoning",
    cache: "volatile",
    modes: FULL_MINIMAL,
    gate: "`volatile.reasoning` set (the thinking level is not printed)",
    render: renderReasoningSection,
  }),
  row({
    id: "provider_dynamic_suffix",
    heading: "Provider Dynamic Suffix",
    compactHeadingInText: true,
    headingInText: false,
    cache: "volatile",
    modes: FULL_MINIMAL,
    gate: "`provider.dynamicSuffix` is non-blank",
    render: renderProviderDynamicSuffixSection,
  }),
]);
