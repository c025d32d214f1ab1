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
// input costs one NUL search, one well-formedness test and one `!` search per string, and
// allocates nothing. Fields the renderer does not know are not read, so they are not checked
// either. The stable part is checked once per compile (`compileAgentSystemPrompt`), the volatile
// part once per turn.
//
// The same pass answers one question for the render: could the caller's text spell the start of
// a marker (`<!-- WORD_`) in the prompt? Built-in prose holds no `!` (a test keeps it so), so the
// `!` of any look-alike comes from a caller string, and that string either holds `!--` or ends in
// `!` or `!-` (trailing whitespace aside, which sections may trim). When no string does, the
// render skips the look-alike search over its own output (see compile-agent-system-prompt.ts).

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

/** Trailing characters after a last `!` that could still end in a marker start. */
const MARKER_START_TAIL = /^-?\s*$/u;

/**
 * True when `text` could supply the `!` of a marker start in the prompt: it holds `!--`, or its
 * last `!` is followed by at most one `-` and whitespace. Conservative: a true answer only costs
 * the render a search of its output.
 */
function maySpellMarker(text: string): boolean {
  // `includes` first: V8 scans forward far faster than `lastIndexOf` scans back.
  if (!text.includes("!")) return false;
  return text.includes("!--") || MARKER_START_TAIL.test(text.slice(text.lastIndexOf("!") + 1));
}

/**
 * NUL and lone surrogates; `path` is the field's path, or its prefix when `index` is given.
 * Returns `maySpellMarker(text)` for a valid string, false for anything else.
 */
function checkText(text: unknown, path: string, index?: number, field?: string): boolean {
  if (typeof text !== "string") return false;
  if (!text.includes("\u0000") && (text as WellFormedString).isWellFormed()) {
    return maySpellMarker(text);
  }
  const where = fieldPath(path, index, field);
  if (text.includes("\u0000")) reject(where, "text without NUL characters", text);
  reject(where, "well-formed Unicode (a lone surrogate was found)", text);
}

/**
 * Anything a single-line field could fail on, or mark with: NUL and the other control characters,
 * line breaks, and `!`. One search instead of three for the common clean value.
 */
// oxlint-disable-next-line no-control-regex -- control characters are what this rule rejects
const LINE_SUSPECT = /[\u0000-\u001f\u007f-\u009f\u2028\u2029!]/;

/** `checkText`, then no line break and no control character. */
function checkLine(text: unknown, path: string, index?: number, field?: string): boolean {
  if (typeof text !== "string") return false;
  // A value without a suspect character breaks no rule but well-formedness, and cannot mark.
  if (!LINE_SUSPECT.test(text) && (text as WellFormedString).isWellFormed()) return false;
  const marks = checkText(text, path, index, field);
  if (LINE_BREAK_OR_CONTROL.test(text)) {
    reject(fieldPath(path, index, field), "a single line without control characters", text);
  }
  return marks;
}

/** `path`, `path.index` or `path.index.field`: the text rules' path style. */
function fieldPath(path: string, index?: number, field?: string): string {
  if (index === undefined) return path;
  return field === undefined ? `${path}.${index}` : `${path}.${index}.${field}`;
}

function checkTextItems(items: readonly unknown[] | undefined, path: string): boolean {
  let marks = false;
  if (items === undefined) return marks;
  for (let index = 0; index < items.length; index++) {
    marks = checkText(items[index], path, index) || marks;
  }
  return marks;
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
 * `volatile`); throws `RENDERER_INVALID_INPUT` naming the first field that breaks one. Returns
 * true when some string could spell a marker start (see `maySpellMarker`).
 */
export function validateStableTextFields(input: StableAgentSystemPromptInput): boolean {
  let marks = false;
  const profile = input.profile;
  if (profile !== undefined) {
    marks = checkText(profile.name, "profile.name") || marks;
    marks = checkText(profile.cliName, "profile.cliName") || marks;
    marks = checkText(profile.docsUrl, "profile.docsUrl") || marks;
    marks = checkText(profile.sourceUrl, "profile.sourceUrl") || marks;
    marks = checkText(profile.skillsHubUrl, "profile.skillsHubUrl") || marks;
    marks = checkText(profile.communityUrl, "profile.communityUrl") || marks;
    marks = checkText(profile.delimiterWord, "profile.delimiterWord") || marks;
  }
  marks = checkLine(input.identityLine, "identityLine") || marks;
  const tools = input.tools;
  if (tools !== undefined) {
    for (let index = 0; index < tools.length; index++) {
      const tool = tools[index]!;
      const name = tool.name;
      // A name that passes the provider rule holds no `!` and cannot spell a marker.
      if (!TOOL_NAME_PATTERN.test(name)) {
        checkLine(name, "tools", index, "name");
        reject(
          fieldPath("tools", index, "name"),
          "a tool name of 1-64 letters, digits, '_' or '-' (the provider rule)",
          name,
        );
      }
      marks = checkLine(tool.description, "tools", index, "description") || marks;
      const guidance = tool.guidance;
      if (guidance !== undefined) {
        for (let line = 0; line < guidance.length; line++) {
          marks = checkText(guidance[line], `tools.${index}.guidance`, line) || marks;
        }
      }
    }
  }
  marks = checkLine(input.workspaceDir, "workspaceDir") || marks;
  const docs = input.docs;
  if (docs !== undefined) {
    marks = checkLine(docs.localDocsPath, "docs.localDocsPath") || marks;
    marks = checkLine(docs.localSourcePath, "docs.localSourcePath") || marks;
  }
  const aliases = input.modelAliases;
  if (aliases !== undefined) {
    for (let index = 0; index < aliases.length; index++) {
      marks = checkLine(aliases[index]!.alias, "modelAliases", index, "alias") || marks;
      marks = checkLine(aliases[index]!.model, "modelAliases", index, "model") || marks;
    }
  }
  marks = checkLine(input.ownerDisplay, "ownerDisplay") || marks;
  marks = checkText(input.ttsHint, "ttsHint") || marks;
  marks = checkText(input.skillsPrompt, "skillsPrompt") || marks;
  const files = input.contextFiles;
  if (files !== undefined) {
    for (let index = 0; index < files.length; index++) {
      marks = checkLine(files[index]!.path, "contextFiles", index, "path") || marks;
      marks = checkText(files[index]!.content, "contextFiles", index, "content") || marks;
    }
  }
  const sandbox = input.sandbox;
  if (sandbox !== undefined) {
    marks = checkLine(sandbox.containerWorkdir, "sandbox.containerWorkdir") || marks;
    marks = checkLine(sandbox.hostWorkdir, "sandbox.hostWorkdir") || marks;
  }
  const provider = input.provider;
  if (provider !== undefined) {
    const overrides = provider.sectionOverrides;
    if (overrides !== undefined) {
      const { interaction_style, tool_call_style, execution_bias } = overrides;
      marks = checkText(interaction_style, "provider.sectionOverrides.interaction_style") || marks;
      marks = checkText(tool_call_style, "provider.sectionOverrides.tool_call_style") || marks;
      marks = checkText(execution_bias, "provider.sectionOverrides.execution_bias") || marks;
    }
    marks = checkText(provider.stablePrefix, "provider.stablePrefix") || marks;
    marks = checkText(provider.dynamicSuffix, "provider.dynamicSuffix") || marks;
  }
  // Registry text is checked here but not vouched for: custom sections render what they like,
  // so a compile with a registry always searches (compile-agent-system-prompt.ts).
  if (input.sections !== undefined) checkAllText(input.sections, "sections");
  return marks;
}

/**
 * Applies the text rules to one turn's shape-checked facts; paths start with `volatile.`.
 * Returns true when some fact could spell a marker start (see `maySpellMarker`).
 */
export function validateVolatileTextFields(facts: VolatileFacts): boolean {
  let marks = false;
  const time = facts.time;
  if (time !== undefined) {
    marks = checkText(time.date, "volatile.time.date") || marks;
    marks = checkText(time.time, "volatile.time.time") || marks;
    marks = checkText(time.timeZone, "volatile.time.timeZone") || marks;
  }
  const channel = facts.channel;
  if (channel !== undefined) {
    marks = checkLine(channel.id, "volatile.channel.id") || marks;
    marks = checkLine(channel.chatLabel, "volatile.channel.chatLabel") || marks;
    marks = checkTextItems(channel.acpHints, "volatile.channel.acpHints") || marks;
  }
  marks = checkLine(facts.sender, "volatile.sender") || marks;
  marks = checkText(facts.groupContext, "volatile.groupContext") || marks;
  const runtime = facts.runtime;
  if (runtime !== undefined) {
    marks = checkLine(runtime.host, "volatile.runtime.host") || marks;
    marks = checkLine(runtime.agentId, "volatile.runtime.agentId") || marks;
    marks = checkLine(runtime.os, "volatile.runtime.os") || marks;
    marks = checkLine(runtime.arch, "volatile.runtime.arch") || marks;
    marks = checkLine(runtime.node, "volatile.runtime.node") || marks;
    marks = checkLine(runtime.shell, "volatile.runtime.shell") || marks;
    marks = checkLine(runtime.model, "volatile.runtime.model") || marks;
    marks = checkLine(runtime.defaultModel, "volatile.runtime.defaultModel") || marks;
    marks = checkLine(runtime.repoRoot, "volatile.runtime.repoRoot") || marks;
    marks = checkLine(runtime.sessionKey, "volatile.runtime.sessionKey") || marks;
    marks = checkText(runtime.coAuthorTrailer, "volatile.runtime.coAuthorTrailer") || marks;
  }
  const presentationTools = facts.presentationTools;
  if (presentationTools !== undefined) {
    for (let index = 0; index < presentationTools.length; index++) {
      const name = presentationTools[index]!;
      // The section prints the names: they follow the provider rule for tool names.
      if (!TOOL_NAME_PATTERN.test(name)) {
        checkLine(name, "volatile.presentationTools", index);
        reject(
          fieldPath("volatile.presentationTools", index),
          "a tool name of 1-64 letters, digits, '_' or '-' (the provider rule)",
          name,
        );
      }
    }
  }
  marks = checkTextItems(facts.projectMemoryFacts, "volatile.projectMemoryFacts") || marks;
  marks = checkTextItems(facts.workspaceChanges, "volatile.workspaceChanges") || marks;
  return marks;
}
