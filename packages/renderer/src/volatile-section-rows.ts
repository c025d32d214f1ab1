// The per-turn rows of the section table, below the cache boundary, in prompt order.
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
  renderDelegationSection,
  renderProactiveOrchestrationSection,
} from "./sections/render-delegation-sections.js";
import { renderElevationSection } from "./sections/render-elevation-section.js";
import { renderGroupContextSection } from "./sections/render-group-context-section.js";
import { renderModelIdentitySection } from "./sections/render-model-identity-section.js";
import { renderProjectMemorySection } from "./sections/render-project-memory-section.js";
import { renderWorkspaceChangesSection } from "./sections/render-workspace-changes-section.js";
import { renderProviderDynamicSuffixSection } from "./sections/render-provider-sections.js";
import { renderReasoningSection } from "./sections/render-reasoning-section.js";
import { renderRuntimeSection } from "./sections/render-runtime-section.js";
import { renderTimeContextSection } from "./sections/render-time-context-section.js";
import { renderUiPresentationSection } from "./sections/render-ui-presentation-section.js";
import { FULL, FULL_MINIMAL, freezeSectionRow as row } from "./section-table-row.js";
import type { SectionTableRow } from "./section-table-row.js";

/** The volatile rows of `SECTION_TABLE`: each reads the turn's facts. */
export const VOLATILE_SECTION_ROWS: readonly SectionTableRow[] = [
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
];
