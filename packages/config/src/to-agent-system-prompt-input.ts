import type {
  AgentSystemPromptInput,
  ChannelFacts,
  DocsInfo,
  RuntimeFacts,
  SandboxInfo,
  Tool,
  VolatileFacts,
} from "@promptstack/renderer";
import type { ResolvedAgentPromptConfig } from "./resolve-agent-system-prompt-config.js";
import type { RunFacts } from "./run-facts-types.js";

/** Renderer input keys that bootstrap, skills and providers fill in, not facts or config. */
export type NonFactsPromptInputKey =
  | "skillsPrompt"
  | "contextFiles"
  | "bootstrapTruncated"
  | "bootstrapPending"
  | "provider"
  | "beforePromptBuild"
  | "profile"
  | "identityLine";

/** The renderer input that run facts and resolved config determine. */
export type FactsPromptInput = Omit<AgentSystemPromptInput, NonFactsPromptInputKey>;

/** Drops keys whose value is undefined, so optional fields stay absent (exact optional types). */
function defined<T extends object>(value: { [K in keyof T]: T[K] | undefined }): T {
  // A for-in loop with no intermediate arrays: this runs on every render of the facade.
  const out: Record<string, unknown> = {};
  const source = value as Record<string, unknown>;
  for (const key in source) {
    const item = source[key];
    if (item !== undefined) out[key] = item;
  }
  return out as T;
}

/** Maps run facts plus resolved config to renderer input. Pure. */
export function toAgentSystemPromptInput(
  facts: RunFacts,
  resolved: ResolvedAgentPromptConfig,
): FactsPromptInput {
  const capabilities = facts.channel.capabilities;
  const channel = defined<ChannelFacts>({
    id: facts.channel.id,
    chatType: facts.channel.chatType,
    chatLabel: facts.channel.chatLabel,
    nativeApprovals: capabilities.nativeApprovals,
    collapsibleDetails: capabilities.collapsibleDetails,
    messageToolOnly: capabilities.messageToolOnly,
    allowGroupSilence: facts.allowGroupSilence,
    autoReply: facts.autoReply,
    reactions: capabilities.reactions === "none" ? undefined : capabilities.reactions,
    voice: capabilities.voice,
    acpHints: facts.channel.acpHints,
    controlUiEmbed: capabilities.controlUiEmbed,
  });
  const runtime = defined<RuntimeFacts>({
    host: facts.runtime.host,
    agentId: resolved.agentId,
    os: facts.runtime.os,
    arch: facts.runtime.arch,
    node: facts.runtime.node,
    shell: facts.runtime.shell,
    model: facts.model.id,
    // Only news when this turn runs on another model.
    defaultModel:
      facts.runtime.defaultModel === facts.model.id ? undefined : facts.runtime.defaultModel,
    repoRoot: facts.runtime.repoRoot,
    sessionKey: facts.runtime.sessionKey,
    coAuthorTrailer: facts.runtime.coAuthorTrailer,
  });
  return defined<FactsPromptInput>({
    mode: resolved.promptMode,
    // Absent at full size, so full-size input stays exactly what it was before sizes existed.
    size: resolved.promptSize === "compact" ? "compact" : undefined,
    sessionKind: facts.sessionKind,
    // The prompt lists names, descriptions and guidance; the schemas travel in the request.
    tools: facts.tools.map((tool): Tool => ({
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      ...(tool.guidance === undefined ? {} : { guidance: tool.guidance }),
    })),
    planTool: resolved.planTool,
    automaticCompletionWake: facts.automaticCompletionWake,
    subagentCompletionMode: facts.subagentCompletionMode,
    // From config, not from the carrier (per-turn): this shapes the stable prefix. Sub-agent
    // sessions never receive heartbeat results.
    heartbeats:
      resolved.heartbeat?.every !== undefined && facts.sessionKind !== "subagent"
        ? true
        : undefined,
    delegationMode: resolved.delegationMode,
    workspaceDir: resolved.workspace,
    docs: facts.docs === undefined ? undefined : defined<DocsInfo>({ ...facts.docs }),
    modelAliases: resolved.modelAliases.length === 0 ? undefined : resolved.modelAliases,
    ownerDisplay: resolved.ownerDisplay,
    ttsHint: resolved.ttsHint,
    memoryRecall: { citations: resolved.memoryCitations },
    sandbox: facts.sandbox === undefined ? undefined : defined<SandboxInfo>({ ...facts.sandbox }),
    reasoningTagHint: facts.reasoningTagHint,
    volatile: defined<VolatileFacts>({
      time: defined<NonNullable<VolatileFacts["time"]>>({
        date: facts.time.date,
        time: facts.time.time,
        timeZone: facts.time.timeZone,
      }),
      channel,
      sender: facts.sender,
      groupContext: facts.groupContext,
      runtime,
      thinkingLevel: facts.thinkingLevel,
      reasoning: facts.reasoning,
      elevation: facts.elevation,
      // Eligibility needs both: a renderer that can show the views and a tool that makes them.
      presentationTools:
        capabilities.presentation && facts.presentationTools !== undefined
          ? facts.presentationTools
          : undefined,
      projectMemoryFacts: facts.projectMemoryFacts,
    }),
  });
}
