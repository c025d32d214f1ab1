import { describeArgument } from "./assert-argument.js";
import { RendererError } from "./renderer-error.js";
import type { StableAgentSystemPromptInput, VolatileFacts } from "./types.js";

// One rule for text that enters the prompt. The renderer is a contract boundary: a value that
// breaks a rule is rejected with RENDERER_INVALID_INPUT naming the field; loaders above it
// (bootstrap, config, facts) neutralize or reject earlier with their own diagnostics.
//
// - Every string the renderer reads: no NUL, no lone surrogate (the text must encode as UTF-8
//   and as strict JSON).
// - Single-line fields (paths, names, labels, descriptions): no line break and no C0/C1 control
//   character, so a value cannot print a forged heading or line into the stable prefix.
// - Tool names: the function-name rule providers enforce, `^[A-Za-z0-9_-]{1,64}$`, so bidi
//   overrides, zero-width characters and look-alike letters cannot make two tools of one name.
// - Multi-line content (context files, skills prompt, group context, overrides) may hold line
//   breaks; sections fence or quote it.
//
// The checks read each known field directly, after the shape checks of
// validate-agent-system-prompt-input.ts, and build a field's path only when it fails: a valid
// input costs one NUL search and one well-formedness test per string, and allocates nothing.
// Fields the renderer does not know are not read, so they are not checked either. The stable
// part is checked once per compile (`compileAgentSystemPrompt`), the volatile part once per turn.

/** Provider function-name rule for tool names. */
export const TOOL_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

// oxlint-disable-next-line no-control-regex -- control characters are what this rule rejects
const LINE_BREAK_OR_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;

/** `String.prototype.isWellFormed` (ES2024, in every Node this package supports). */
type WellFormedString = string & { isWellFormed(): boolean };

function reject(path: string, expected: string, value: unknown): never {
  throw new RendererError(
    "RENDERER_INVALID_INPUT",
    `Invalid agent system prompt input at ${path}: expected ${expected}, got ${describeArgument(value)}.`,
    {
      path,
      hint: "Clean the value where it is loaded (config, facts, workspace) before rendering.",
    },
  );
}

/** NUL and lone surrogates; `path` is the field's path, or its prefix when `index` is given. */
function checkText(text: unknown, path: string, index?: number, field?: string): void {
  if (typeof text !== "string") return;
  if (!text.includes("\u0000") && (text as WellFormedString).isWellFormed()) return;
  const where = fieldPath(path, index, field);
  if (text.includes("\u0000")) reject(where, "text without NUL characters", text);
  reject(where, "well-formed Unicode (a lone surrogate was found)", text);
}

/** `checkText`, then no line break and no control character. */
function checkLine(text: unknown, path: string, index?: number, field?: string): void {
  if (typeof text !== "string") return;
  checkText(text, path, index, field);
  if (LINE_BREAK_OR_CONTROL.test(text)) {
    reject(fieldPath(path, index, field), "a single line without control characters", text);
  }
}

/** `path`, `path.index` or `path.index.field`: the text rules' path style. */
function fieldPath(path: string, index?: number, field?: string): string {
  if (index === undefined) return path;
  return field === undefined ? `${path}.${index}` : `${path}.${index}.${field}`;
}

function checkTextItems(items: readonly unknown[] | undefined, path: string): void {
  if (items === undefined) return;
  for (let index = 0; index < items.length; index++) checkText(items[index], path, index);
}

// Every string anywhere in `value` (the section registry, whose shape is checked later, when
// its rows are resolved): NUL and lone surrogates only.
function checkAllText(value: unknown, path: string): void {
  if (typeof value === "string") {
    checkText(value, path);
    return;
  }
  if (typeof value !== "object" || value === null) return;
  for (const [key, child] of Object.entries(value)) checkAllText(child, `${path}.${key}`);
}

/**
 * Applies the text rules to the stable part of shape-checked renderer input (every field but
 * `volatile`); throws `RENDERER_INVALID_INPUT` naming the first field that breaks one.
 */
export function validateStableTextFields(input: StableAgentSystemPromptInput): void {
  const profile = input.profile;
  if (profile !== undefined) {
    checkText(profile.name, "profile.name");
    checkText(profile.cliName, "profile.cliName");
    checkText(profile.docsUrl, "profile.docsUrl");
    checkText(profile.sourceUrl, "profile.sourceUrl");
    checkText(profile.skillsHubUrl, "profile.skillsHubUrl");
    checkText(profile.communityUrl, "profile.communityUrl");
    checkText(profile.delimiterWord, "profile.delimiterWord");
  }
  checkLine(input.identityLine, "identityLine");
  const tools = input.tools;
  if (tools !== undefined) {
    for (let index = 0; index < tools.length; index++) {
      const tool = tools[index]!;
      const name = tool.name;
      if (!TOOL_NAME_PATTERN.test(name)) {
        checkLine(name, "tools", index, "name");
        reject(
          fieldPath("tools", index, "name"),
          "a tool name of 1-64 letters, digits, '_' or '-' (the provider rule)",
          name,
        );
      }
      checkLine(tool.summary, "tools", index, "summary");
      const guidance = tool.guidance;
      if (guidance !== undefined) {
        for (let line = 0; line < guidance.length; line++) {
          checkText(guidance[line], `tools.${index}.guidance`, line);
        }
      }
    }
  }
  checkLine(input.workspaceDir, "workspaceDir");
  const docs = input.docs;
  if (docs !== undefined) {
    checkLine(docs.localDocsPath, "docs.localDocsPath");
    checkLine(docs.localSourcePath, "docs.localSourcePath");
  }
  const aliases = input.modelAliases;
  if (aliases !== undefined) {
    for (let index = 0; index < aliases.length; index++) {
      checkLine(aliases[index]!.alias, "modelAliases", index, "alias");
      checkLine(aliases[index]!.model, "modelAliases", index, "model");
    }
  }
  checkLine(input.ownerDisplay, "ownerDisplay");
  checkText(input.ttsHint, "ttsHint");
  checkText(input.skillsPrompt, "skillsPrompt");
  const files = input.contextFiles;
  if (files !== undefined) {
    for (let index = 0; index < files.length; index++) {
      checkLine(files[index]!.path, "contextFiles", index, "path");
      checkText(files[index]!.content, "contextFiles", index, "content");
    }
  }
  const sandbox = input.sandbox;
  if (sandbox !== undefined) {
    checkLine(sandbox.containerWorkdir, "sandbox.containerWorkdir");
    checkLine(sandbox.hostWorkdir, "sandbox.hostWorkdir");
  }
  const provider = input.provider;
  if (provider !== undefined) {
    const overrides = provider.sectionOverrides;
    if (overrides !== undefined) {
      checkText(overrides.interaction_style, "provider.sectionOverrides.interaction_style");
      checkText(overrides.tool_call_style, "provider.sectionOverrides.tool_call_style");
      checkText(overrides.execution_bias, "provider.sectionOverrides.execution_bias");
    }
    checkText(provider.stablePrefix, "provider.stablePrefix");
    checkText(provider.dynamicSuffix, "provider.dynamicSuffix");
  }
  if (input.sections !== undefined) checkAllText(input.sections, "sections");
}

/**
 * Applies the text rules to one turn's shape-checked facts; paths start with `volatile.`.
 */
export function validateVolatileTextFields(facts: VolatileFacts): void {
  const time = facts.time;
  if (time !== undefined) {
    checkText(time.date, "volatile.time.date");
    checkText(time.time, "volatile.time.time");
    checkText(time.timeZone, "volatile.time.timeZone");
  }
  const channel = facts.channel;
  if (channel !== undefined) {
    checkLine(channel.id, "volatile.channel.id");
    checkLine(channel.chatLabel, "volatile.channel.chatLabel");
    checkTextItems(channel.acpHints, "volatile.channel.acpHints");
  }
  checkLine(facts.sender, "volatile.sender");
  checkText(facts.groupContext, "volatile.groupContext");
  const runtime = facts.runtime;
  if (runtime !== undefined) {
    checkLine(runtime.host, "volatile.runtime.host");
    checkLine(runtime.os, "volatile.runtime.os");
    checkLine(runtime.node, "volatile.runtime.node");
    checkLine(runtime.model, "volatile.runtime.model");
    checkLine(runtime.repoRoot, "volatile.runtime.repoRoot");
    checkLine(runtime.sessionKey, "volatile.runtime.sessionKey");
    checkText(runtime.coAuthorTrailer, "volatile.runtime.coAuthorTrailer");
  }
  checkTextItems(facts.projectMemoryFacts, "volatile.projectMemoryFacts");
}
