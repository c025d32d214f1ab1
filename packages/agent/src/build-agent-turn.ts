import type { LoadedBootstrapFiles } from "@promptstack/bootstrap";
import type { Diagnostic, ProductProfile, TokenCounter } from "@promptstack/core";
import { resolveAgentPromptInput } from "@promptstack/config";
import type {
  PromptstackConfig,
  ResolvedAgentPromptConfig,
  RunFacts,
  SectionsFile,
} from "@promptstack/config";
import { OPENCLAW_PRODUCT_PROFILE } from "@promptstack/renderer";
import type {
  AgentSystemPromptInput,
  PromptMode,
  ProviderContribution,
  RuntimeFactsLocation,
} from "@promptstack/renderer";
import type {
  AgentBootstrapFile,
  AgentFolder,
  AgentTurn,
  AgentTurnPrefix,
  AgentTurnReads,
} from "./agent-types.js";
import type { CompiledRenderer } from "./create-compiled-renderer.js";
import type { DisplayPaths } from "./create-display-paths.js";
import type { SkillsListing } from "./create-skills-cache.js";

/** Everything one turn is built from; the assembler read it all. */
export interface AgentTurnParts {
  readonly agentId: string;
  readonly facts: RunFacts;
  readonly promptMode: PromptMode;
  readonly config: PromptstackConfig;
  /** Diagnostics of parsing the config (unknown keys, legacy aliases). */
  readonly configDiagnostics: readonly Diagnostic[];
  readonly resolved: ResolvedAgentPromptConfig;
  readonly workspace: AgentFolder;
  readonly execution?: AgentFolder;
  readonly bootstrap: LoadedBootstrapFiles;
  /** The whole text of each bootstrap file read whole, by real path. */
  readonly rawByPath: ReadonlyMap<string, string>;
  readonly skills: SkillsListing;
  readonly sectionsFile?: SectionsFile;
  readonly heartbeatFile?: AgentTurn["heartbeatFile"];
  /** The turn's input (heartbeat message, start-up block, carrier, user text). */
  readonly turnInput: AgentTurn["turnInput"];
  /** Diagnostics of the turn's own reads (heartbeat file, start-up memory, seeding). */
  readonly turnDiagnostics: readonly Diagnostic[];
  readonly provider?: ProviderContribution;
  /** The product profile option; beats the config's. */
  readonly product?: ProductProfile;
  readonly overrides?: Partial<AgentSystemPromptInput>;
  readonly factsLocation: RuntimeFactsLocation;
  /** Counts each bootstrap file's raw and injected tokens when given (`countTokens`). */
  readonly counter?: TokenCounter;
  readonly paths: DisplayPaths;
  /** What this turn read again (the renderer adds whether it compiled the prefix). */
  readonly reads: Omit<AgentTurnReads, "prefixCompiled">;
  /** A session-pinned prefix's change note: the volatile `workspaceChanges` lines. */
  readonly workspaceChanges?: readonly string[];
  /** The prefix policy's report. Default: `live`, nothing pending. */
  readonly prefix?: AgentTurnPrefix;
}

/**
 * Builds one turn from what the assembler read: the renderer input (config, facts, workspace
 * files, skills, provider contribution), the rendered prompt through the compiled renderer, and
 * the per-file and per-skill accounting. Pure apart from the renderer's kept prefix, which only
 * saves work: the text is `buildAgentSystemPrompt(input)` byte for byte.
 */
export function buildAgentTurn(parts: AgentTurnParts, renderer: CompiledRenderer): AgentTurn {
  const { bootstrap, skills, paths, facts } = parts;
  const resolvedInput = resolveAgentPromptInput({
    config: parts.config,
    agentId: parts.agentId,
    facts,
    promptMode: parts.promptMode,
    resolved: parts.resolved,
    contextFiles: bootstrap.contextFiles.map((file) => ({ ...file, path: paths.show(file.path) })),
    bootstrapTruncated: bootstrap.truncated,
    bootstrapPending: bootstrap.bootstrapPending,
    ...(skills.listingText === "" ? {} : { skillsPrompt: skills.listingText }),
    ...(parts.provider === undefined ? {} : { provider: parts.provider }),
    ...(parts.sectionsFile === undefined ? {} : { sectionsFile: parts.sectionsFile }),
    overrides: {
      // The Workspace section names where the session runs: the execution folder when given.
      workspaceDir: parts.execution?.shown ?? parts.workspace.shown,
      ...(parts.product === undefined ? {} : { profile: parts.product }),
      runtimeFactsLocation: parts.factsLocation,
      ...parts.overrides,
    },
  });
  const { resolved, diagnostics } = resolvedInput;
  const input =
    parts.workspaceChanges === undefined
      ? resolvedInput.input
      : {
          ...resolvedInput.input,
          volatile: { ...resolvedInput.input.volatile, workspaceChanges: parts.workspaceChanges },
        };
  const compilesBefore = renderer.compiles;
  const prompt = renderer.render(input);
  return {
    agentId: parts.agentId,
    facts,
    promptMode: parts.promptMode,
    profile: input.profile ?? OPENCLAW_PRODUCT_PROFILE,
    factsLocation: input.runtimeFactsLocation ?? "system-prompt",
    tools: facts.tools,
    modelId: facts.model.id,
    prompt,
    model: renderer.toModelText(prompt, input.profile),
    workspace: parts.workspace,
    ...(parts.execution === undefined ? {} : { execution: parts.execution }),
    bootstrap: {
      files: toAgentBootstrapFiles(parts),
      truncated: bootstrap.truncated,
      pending: bootstrap.bootstrapPending,
    },
    skills: {
      all: skills.all,
      eligible: skills.eligible,
      included: skills.formatted.included,
      omitted: skills.formatted.omitted,
      text: skills.formatted.text,
      format: skills.formatted.format,
    },
    ...(parts.heartbeatFile === undefined ? {} : { heartbeatFile: parts.heartbeatFile }),
    turnInput: parts.turnInput,
    config: resolved,
    input,
    diagnostics: [
      ...parts.configDiagnostics,
      ...bootstrap.diagnostics.map(paths.showDiagnostic),
      ...skills.diagnostics,
      ...parts.turnDiagnostics,
      ...diagnostics,
    ],
    reads: { ...parts.reads, prefixCompiled: renderer.compiles !== compilesBefore },
    prefix: parts.prefix ?? { policy: "live", pendingChanges: [], noteChars: 0 },
  };
}

function toAgentBootstrapFiles(parts: AgentTurnParts): AgentBootstrapFile[] {
  const { bootstrap, counter, paths } = parts;
  const injectedByPath = new Map(bootstrap.files.map((file) => [file.path, file.content]));
  return bootstrap.stats.map((stat): AgentBootstrapFile => {
    const rawText = parts.rawByPath.get(stat.path);
    const injectedText = injectedByPath.get(stat.path);
    return {
      name: stat.name,
      path: paths.show(stat.path),
      origin: stat.origin,
      status: stat.status,
      rawChars: stat.rawChars,
      injectedChars: stat.injectedChars,
      limitedBy: stat.limitedBy,
      ...(rawText === undefined ? {} : { rawText }),
      ...(injectedText === undefined ? {} : { injectedText }),
      ...(counter === undefined
        ? {}
        : {
            rawTokens: rawText === undefined ? 0 : counter.countTokens(rawText),
            injectedTokens: injectedText === undefined ? 0 : counter.countTokens(injectedText),
          }),
      ...(stat.reason === undefined ? {} : { reason: stat.reason }),
    };
  });
}
