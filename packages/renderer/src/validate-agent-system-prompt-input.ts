import { describeArgument } from "./assert-argument.js";
import { RendererError } from "./renderer-error.js";
import {
  fail,
  itemPath,
  isRecord,
  requireRecord,
  optionalString,
  requireString,
  requireNonBlank,
  requireNonBlankItem,
  optionalBoolean,
  requireBoolean,
  optionalOneOf,
  requireOneOf,
  optionalArray,
  optionalStringArray,
  REQUIRED,
  SESSION_KINDS,
  SUBAGENT_COMPLETION_MODES,
  DELEGATION_MODES,
  CITATION_MODES,
  CHAT_TYPES,
  REACTION_LEVELS,
  THINKING_LEVELS,
  REASONING_LEVELS,
  ELEVATION_LEVELS,
  RUNTIME_FACTS_LOCATIONS,
  PROMPT_SIZES,
  MODES,
} from "./check-input-values.js";
import type { Fields } from "./check-input-values.js";
import type {
  AgentSystemPromptInput,
  StableAgentSystemPromptInput,
  VolatileFacts,
} from "./types.js";
import {
  validateStableTextFields,
  validateVolatileTextFields,
} from "./validate-prompt-text-fields.js";

/*
 * One checker per input object, each a flat list of field checks in declaration order. Field
 * paths are string constants and array item paths are built only when a check fails, so a valid
 * input costs one type test per present field and allocates nothing. Direct property reads keep
 * every access site monomorphic; a generic shape walker reading `record[name]` was the largest
 * cost of a whole render (see the renderer bench).
 *
 * To add a rule, add a leaf check to check-input-values.ts and call it at the fields it applies
 * to; text rules (a line, a heading) belong to the one table in validate-prompt-text-fields.ts.
 */

// Object checkers, stable input first.

function checkProfile(value: unknown): void {
  const profile = requireRecord(value, "profile");
  requireNonBlank(profile.name, "profile.name");
  requireNonBlank(profile.cliName, "profile.cliName");
  requireNonBlank(profile.docsUrl, "profile.docsUrl");
  requireNonBlank(profile.sourceUrl, "profile.sourceUrl");
  requireNonBlank(profile.skillsHubUrl, "profile.skillsHubUrl");
  requireNonBlank(profile.communityUrl, "profile.communityUrl");
  requireNonBlank(profile.delimiterWord, "profile.delimiterWord");
  optionalBoolean(profile.fenceContextFiles, "profile.fenceContextFiles");
  optionalBoolean(profile.ownerAuthority, "profile.ownerAuthority");
  const required = profile.requiredWorkspaceFiles;
  if (
    required !== undefined &&
    (!Array.isArray(required) || !required.every((name) => typeof name === "string"))
  ) {
    fail("profile.requiredWorkspaceFiles", "an array of file names", required);
  }
  if (profile.features !== undefined) {
    const features = requireRecord(profile.features, "profile.features");
    for (const [name, flag] of Object.entries(features)) {
      optionalBoolean(flag, `profile.features.${name}`);
    }
  }
}

function checkTools(value: unknown): void {
  const tools = optionalArray(value, "tools");
  if (tools === undefined) return;
  for (let index = 0; index < tools.length; index++) {
    const tool = tools[index];
    if (!isRecord(tool)) fail(itemPath("tools", index), "an object", tool);
    requireNonBlankItem(tool.name, "tools", index, "name");
    if (tool.description !== undefined && typeof tool.description !== "string") {
      fail(itemPath("tools", index, "description"), "a string", tool.description);
    }
    const guidance = tool.guidance;
    if (guidance !== undefined) {
      if (!Array.isArray(guidance) || !guidance.every((line) => typeof line === "string")) {
        fail(itemPath("tools", index, "guidance"), "an array of strings", guidance);
      }
    }
  }
}

function checkDocs(value: unknown): void {
  const docs = requireRecord(value, "docs");
  optionalString(docs.localDocsPath, "docs.localDocsPath");
  optionalString(docs.localSourcePath, "docs.localSourcePath");
}

function checkModelAliases(value: unknown): void {
  const aliases = optionalArray(value, "modelAliases");
  if (aliases === undefined) return;
  for (let index = 0; index < aliases.length; index++) {
    const alias = aliases[index];
    if (!isRecord(alias)) fail(itemPath("modelAliases", index), "an object", alias);
    requireNonBlankItem(alias.alias, "modelAliases", index, "alias");
    requireNonBlankItem(alias.model, "modelAliases", index, "model");
  }
}

function checkMemoryRecall(value: unknown): void {
  const recall = requireRecord(value, "memoryRecall");
  requireOneOf(recall.citations, CITATION_MODES, "memoryRecall.citations");
}

function checkContextFiles(value: unknown): void {
  const files = optionalArray(value, "contextFiles");
  if (files === undefined) return;
  for (let index = 0; index < files.length; index++) {
    const file = files[index];
    if (!isRecord(file)) fail(itemPath("contextFiles", index), "an object", file);
    requireNonBlankItem(file.path, "contextFiles", index, "path");
    if (typeof file.content !== "string") {
      const expected = file.content === undefined ? REQUIRED : "a string";
      fail(itemPath("contextFiles", index, "content"), expected, file.content);
    }
  }
}

function checkSandbox(value: unknown): void {
  const sandbox = requireRecord(value, "sandbox");
  requireBoolean(sandbox.enabled, "sandbox.enabled");
  optionalString(sandbox.containerWorkdir, "sandbox.containerWorkdir");
  optionalString(sandbox.hostWorkdir, "sandbox.hostWorkdir");
  optionalBoolean(sandbox.elevatedExec, "sandbox.elevatedExec");
}

function checkProvider(value: unknown): void {
  const provider = requireRecord(value, "provider");
  if (provider.sectionOverrides !== undefined) {
    const overrides = requireRecord(provider.sectionOverrides, "provider.sectionOverrides");
    optionalString(overrides.interaction_style, "provider.sectionOverrides.interaction_style");
    optionalString(overrides.tool_call_style, "provider.sectionOverrides.tool_call_style");
    optionalString(overrides.execution_bias, "provider.sectionOverrides.execution_bias");
  }
  optionalString(provider.stablePrefix, "provider.stablePrefix");
  optionalString(provider.dynamicSuffix, "provider.dynamicSuffix");
}

function checkStableFields(input: Fields): void {
  const mode = input.mode;
  if (mode !== undefined && (typeof mode !== "string" || !MODES.includes(mode))) {
    throw new RendererError(
      "RENDERER_UNKNOWN_MODE",
      `Unknown prompt mode at mode: expected "full", "minimal" or "none", got ${describeArgument(mode)}.`,
      { path: "mode", hint: 'Use "full" (default), "minimal" for sub-agents, or "none".' },
    );
  }
  optionalOneOf(input.size, PROMPT_SIZES, "size");
  if (input.profile !== undefined) checkProfile(input.profile);
  optionalString(input.identityLine, "identityLine");
  optionalOneOf(input.sessionKind, SESSION_KINDS, "sessionKind");
  checkTools(input.tools);
  optionalBoolean(input.planTool, "planTool");
  optionalBoolean(input.automaticCompletionWake, "automaticCompletionWake");
  optionalOneOf(input.subagentCompletionMode, SUBAGENT_COMPLETION_MODES, "subagentCompletionMode");
  optionalBoolean(input.heartbeats, "heartbeats");
  optionalOneOf(input.delegationMode, DELEGATION_MODES, "delegationMode");
  optionalString(input.workspaceDir, "workspaceDir");
  if (input.docs !== undefined) checkDocs(input.docs);
  checkModelAliases(input.modelAliases);
  optionalString(input.ownerDisplay, "ownerDisplay");
  optionalString(input.ttsHint, "ttsHint");
  if (input.memoryRecall !== undefined) checkMemoryRecall(input.memoryRecall);
  optionalString(input.skillsPrompt, "skillsPrompt");
  checkContextFiles(input.contextFiles);
  optionalBoolean(input.bootstrapTruncated, "bootstrapTruncated");
  optionalBoolean(input.bootstrapPending, "bootstrapPending");
  if (input.sandbox !== undefined) checkSandbox(input.sandbox);
  optionalBoolean(input.reasoningTagHint, "reasoningTagHint");
  optionalOneOf(input.runtimeFactsLocation, RUNTIME_FACTS_LOCATIONS, "runtimeFactsLocation");
  if (input.provider !== undefined) checkProvider(input.provider);
  if (input.beforePromptBuild !== undefined && typeof input.beforePromptBuild !== "function") {
    fail("beforePromptBuild", "a function", input.beforePromptBuild);
  }
}

// Volatile facts: checked once per turn, so kept to one pass over what is present.

function checkTime(value: unknown): void {
  const time = requireRecord(value, "volatile.time");
  requireString(time.date, "volatile.time.date");
  optionalString(time.time, "volatile.time.time");
  requireString(time.timeZone, "volatile.time.timeZone");
}

function checkChannel(value: unknown): void {
  const channel = requireRecord(value, "volatile.channel");
  requireNonBlank(channel.id, "volatile.channel.id");
  requireOneOf(channel.chatType, CHAT_TYPES, "volatile.channel.chatType");
  optionalString(channel.chatLabel, "volatile.channel.chatLabel");
  optionalBoolean(channel.nativeApprovals, "volatile.channel.nativeApprovals");
  optionalBoolean(channel.collapsibleDetails, "volatile.channel.collapsibleDetails");
  optionalBoolean(channel.messageToolOnly, "volatile.channel.messageToolOnly");
  optionalBoolean(channel.allowGroupSilence, "volatile.channel.allowGroupSilence");
  optionalBoolean(channel.autoReply, "volatile.channel.autoReply");
  optionalOneOf(channel.reactions, REACTION_LEVELS, "volatile.channel.reactions");
  optionalBoolean(channel.voice, "volatile.channel.voice");
  optionalStringArray(channel.acpHints, "volatile.channel.acpHints");
  optionalBoolean(channel.controlUiEmbed, "volatile.channel.controlUiEmbed");
}

function checkRuntime(value: unknown): void {
  const runtime = requireRecord(value, "volatile.runtime");
  optionalString(runtime.host, "volatile.runtime.host");
  optionalString(runtime.agentId, "volatile.runtime.agentId");
  optionalString(runtime.os, "volatile.runtime.os");
  optionalString(runtime.arch, "volatile.runtime.arch");
  optionalString(runtime.node, "volatile.runtime.node");
  optionalString(runtime.shell, "volatile.runtime.shell");
  optionalString(runtime.model, "volatile.runtime.model");
  optionalString(runtime.defaultModel, "volatile.runtime.defaultModel");
  optionalString(runtime.repoRoot, "volatile.runtime.repoRoot");
  optionalString(runtime.sessionKey, "volatile.runtime.sessionKey");
  optionalString(runtime.coAuthorTrailer, "volatile.runtime.coAuthorTrailer");
}

/*
 * The renderer's own copies of its input, made before validation so that validation and
 * rendering read the same values, and later changes to the caller's objects change nothing.
 *
 * A copy holds every field the renderer reads, in one fixed order, absent ones as `undefined`,
 * so all copies share one hidden class whatever object the caller built: the section renderers'
 * property reads stay monomorphic, and a compiled prompt's turns and from-scratch renders share
 * them. Fields the renderer does not know are not copied (they were ignored anyway); the
 * `Required<...>` literals make a field added to the input types a compile error here until it
 * is copied too.
 *
 * Fields are read from a spread clone, not from the caller's object: a bare spread is V8's clone
 * fast path, and on Node 20 an object built as a spread followed by more properties
 * (`{ ...base, volatile }`, a natural way to build a turn's input) is far slower to read field
 * by field than its clone (about 50 ns against 4 ns a read, measured).
 */

/**
 * True for an object the renderer copies: a plain object (an own `__proto__` key is harmless, as
 * only known fields are copied). Anything else is used as it is (the validator rejects what is
 * not an object).
 */
function isPlainRecord(value: unknown): value is Fields {
  if (!isRecord(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * The renderer's copy of the stable input (see above); `volatile` is left out: turns carry
 * their facts beside the stable input.
 */
export function copyStableInput<T>(value: T): T {
  if (!isPlainRecord(value)) return value;
  const input = { ...value } as StableAgentSystemPromptInput;
  const copy: Required<StableAgentSystemPromptInput> = {
    mode: input.mode!,
    size: input.size!,
    profile: input.profile!,
    identityLine: input.identityLine!,
    sessionKind: input.sessionKind!,
    tools: input.tools!,
    planTool: input.planTool!,
    automaticCompletionWake: input.automaticCompletionWake!,
    subagentCompletionMode: input.subagentCompletionMode!,
    heartbeats: input.heartbeats!,
    delegationMode: input.delegationMode!,
    workspaceDir: input.workspaceDir!,
    docs: input.docs!,
    modelAliases: input.modelAliases!,
    ownerDisplay: input.ownerDisplay!,
    ttsHint: input.ttsHint!,
    memoryRecall: input.memoryRecall!,
    skillsPrompt: input.skillsPrompt!,
    contextFiles: input.contextFiles!,
    bootstrapTruncated: input.bootstrapTruncated!,
    bootstrapPending: input.bootstrapPending!,
    sandbox: input.sandbox!,
    reasoningTagHint: input.reasoningTagHint!,
    provider: input.provider!,
    runtimeFactsLocation: input.runtimeFactsLocation!,
    sections: input.sections!,
    beforePromptBuild: input.beforePromptBuild!,
  };
  return copy as T;
}

/** The renderer's copy of one turn's facts (see above). */
export function copyVolatileFacts<T>(value: T): T {
  if (!isPlainRecord(value)) return value;
  const facts = { ...value } as VolatileFacts;
  const copy: Required<VolatileFacts> = {
    time: facts.time!,
    channel: facts.channel!,
    sender: facts.sender!,
    groupContext: facts.groupContext!,
    runtime: facts.runtime!,
    thinkingLevel: facts.thinkingLevel!,
    reasoning: facts.reasoning!,
    elevation: facts.elevation!,
    presentationTools: facts.presentationTools!,
    projectMemoryFacts: facts.projectMemoryFacts!,
    workspaceChanges: facts.workspaceChanges!,
  };
  return copy as T;
}

/**
 * Checks one turn's facts (`input.volatile`, or the argument of a compiled prompt's `render`);
 * paths start with `volatile.`. Returns true when some fact could spell a marker start, which
 * tells the render to search its volatile text for look-alikes.
 */
export function checkVolatileFacts(value: unknown): boolean {
  const facts = requireRecord(value, "volatile");
  if (facts.time !== undefined) checkTime(facts.time);
  if (facts.channel !== undefined) checkChannel(facts.channel);
  optionalString(facts.sender, "volatile.sender");
  optionalString(facts.groupContext, "volatile.groupContext");
  if (facts.runtime !== undefined) checkRuntime(facts.runtime);
  optionalOneOf(facts.thinkingLevel, THINKING_LEVELS, "volatile.thinkingLevel");
  optionalOneOf(facts.reasoning, REASONING_LEVELS, "volatile.reasoning");
  optionalOneOf(facts.elevation, ELEVATION_LEVELS, "volatile.elevation");
  optionalStringArray(facts.presentationTools, "volatile.presentationTools");
  optionalStringArray(facts.projectMemoryFacts, "volatile.projectMemoryFacts");
  optionalStringArray(facts.workspaceChanges, "volatile.workspaceChanges");
  return validateVolatileTextFields(facts);
}

/**
 * Checks the stable part of the input (every field but `volatile`, which it ignores): the
 * check `compileAgentSystemPrompt` runs once. Returns true when some stable string could spell a
 * marker start: the render then searches its output for look-alikes.
 */
export function checkStableInput(input: unknown): boolean {
  const fields = requireRecord(input, "");
  checkStableFields(fields);
  return validateStableTextFields(fields);
}

/**
 * Checks renderer input at runtime (callers may be plain JS or JSON): throws `RendererError`
 * with `RENDERER_UNKNOWN_MODE` or `RENDERER_INVALID_INPUT` and the offending field `path`.
 * Unknown keys are ignored so that newer callers keep working with this renderer.
 */
export function validateAgentSystemPromptInput(
  input: unknown,
): asserts input is AgentSystemPromptInput {
  checkStableInput(input);
  const facts = (input as Fields).volatile;
  if (facts !== undefined) checkVolatileFacts(facts);
}
