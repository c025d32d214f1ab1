import { describeArgument } from "./assert-argument.js";
import { RendererError } from "./renderer-error.js";
import type {
  ContextFile,
  ModelAlias,
  StableAgentSystemPromptInput,
  Tool,
  VolatileFacts,
} from "./types.js";
import type { ProductProfile } from "@promptstack/core";

// One rule for text that enters the prompt, applied by what the text becomes there. The renderer
// is a contract boundary: a value that breaks a rule is rejected with RENDERER_INVALID_INPUT
// naming the field (rejection, not repair: the caller's loader owns its diagnostics, and the
// prompt never says something the caller did not write). The rule kinds:
//
// - `text`: multi-line content (context files, skills prompt, group context, overrides): no NUL,
//   no lone surrogate (the text must encode as UTF-8 and as strict JSON). Sections fence, quote
//   or project it.
// - `line`: a value printed inside a line (names, URLs, paths, labels, list items after `- `,
//   headings after `## `): `text`, and no line break (LF, CR, NEL, LS, PS, VT, FF) and no other
//   C0/C1 control character (ESC included), so it can never start a line of its own.
// - `own-line`: a value printed as a whole line of its own (a tool's guidance line, the identity
//   line): `line`, and it must not read as a Markdown heading (`# ...`) or as the `===`/`---`
//   underline that turns the line above it into one.
// - `tool-name`: the function-name rule providers enforce, `^[A-Za-z0-9_-]{1,64}$`, so bidi
//   overrides, zero-width characters and look-alike letters cannot make two tools of one name.
//
// Which field gets which rule is written once, in `STABLE_TEXT_RULES` and `VOLATILE_TEXT_RULES`,
// and their types list every field of the input types: a new field without a rule is a compile
// error, and a free-text field (`string`, not a closed set of words) cannot be marked `none`.
// One walker reads the tables; it builds a field's path only when it fails.
//
// The same pass answers one question for the render: could the caller's text spell the start of
// a marker (`<!-- WORD_`) in the prompt? Built-in prose holds no `!` (a test keeps it so), so the
// `!` of any look-alike comes from a caller string, and that string either holds `!--` or ends in
// `!` or `!-` (trailing whitespace aside, which sections may trim). When no string does, the
// render skips the look-alike search over its own output (see compile-agent-system-prompt.ts).

/** Provider function-name rule for tool names. */
export const TOOL_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** How one string field is checked, by what it becomes in the prompt (see above). */
export type TextRule = "text" | "line" | "own-line" | "tool-name";

/** The rule of one field, given its (non-optional) type. */
export type TextFieldRule<Value> = Value extends string
  ? string extends Value
    ? TextRule
    : "none" // a closed set of words (a mode, a level): nothing a caller can phrase
  : Value extends readonly (infer Item)[]
    ? Item extends string
      ? { readonly items: TextRule }
      : { readonly each: TextRuleTable<Item> }
    : Value extends (...args: never[]) => unknown
      ? "none"
      : Value extends object
        ? string extends keyof Value
          ? "none" // an open record (tool parameters): provider data, never prompt text
          : TextRuleTable<Value>
        : "none"; // booleans and numbers

/** A rule for every field of `Shape`, required, so no field can be left out. */
export type TextRuleTable<Shape> = {
  readonly [Key in keyof Shape]-?: TextFieldRule<NonNullable<Shape[Key]>>;
};

const PROFILE_RULES: TextRuleTable<ProductProfile> = {
  name: "line",
  cliName: "line",
  docsUrl: "line",
  sourceUrl: "line",
  skillsHubUrl: "line",
  communityUrl: "line",
  delimiterWord: "line",
  features: {
    gatewayTool: "none",
    controlUi: "none",
    productCli: "none",
    replyDirectives: "none",
    docs: "none",
    skillsHub: "none",
    channelRouting: "none",
    approvalCommand: "none",
    referenceToolGuidance: "none",
  },
  fenceContextFiles: "none",
  ownerAuthority: "none",
  requiredWorkspaceFiles: { items: "line" },
};

const TOOL_RULES: TextRuleTable<Tool> = {
  name: "tool-name",
  description: "line",
  guidance: { items: "own-line" },
  parameters: "none",
};

const CONTEXT_FILE_RULES: TextRuleTable<ContextFile> = { path: "line", content: "text" };
const MODEL_ALIAS_RULES: TextRuleTable<ModelAlias> = { alias: "line", model: "line" };

/** Which rule each stable field follows; `sections` is walked by `checkSectionRegistry`. */
export const STABLE_TEXT_RULES: TextRuleTable<Omit<StableAgentSystemPromptInput, "sections">> = {
  mode: "none",
  size: "none",
  profile: PROFILE_RULES,
  identityLine: "own-line",
  sessionKind: "none",
  tools: { each: TOOL_RULES },
  planTool: "none",
  automaticCompletionWake: "none",
  subagentCompletionMode: "none",
  heartbeats: "none",
  delegationMode: "none",
  workspaceDir: "line",
  docs: { localDocsPath: "line", localSourcePath: "line" },
  modelAliases: { each: MODEL_ALIAS_RULES },
  ownerDisplay: "line",
  ttsHint: "text",
  memoryRecall: { citations: "none" },
  skillsPrompt: "text",
  contextFiles: { each: CONTEXT_FILE_RULES },
  bootstrapTruncated: "none",
  bootstrapPending: "none",
  sandbox: { enabled: "none", containerWorkdir: "line", hostWorkdir: "line", elevatedExec: "none" },
  reasoningTagHint: "none",
  provider: {
    sectionOverrides: {
      interaction_style: "text",
      tool_call_style: "text",
      execution_bias: "text",
    },
    stablePrefix: "text",
    dynamicSuffix: "text",
  },
  runtimeFactsLocation: "none",
  beforePromptBuild: "none",
};

/** Which rule each per-turn fact follows. */
export const VOLATILE_TEXT_RULES: TextRuleTable<VolatileFacts> = {
  time: { date: "line", time: "line", timeZone: "line" },
  channel: {
    id: "line",
    chatType: "none",
    chatLabel: "line",
    nativeApprovals: "none",
    collapsibleDetails: "none",
    messageToolOnly: "none",
    allowGroupSilence: "none",
    autoReply: "none",
    reactions: "none",
    voice: "none",
    acpHints: { items: "line" },
    controlUiEmbed: "none",
  },
  sender: "line",
  groupContext: "text",
  runtime: {
    host: "line",
    agentId: "line",
    os: "line",
    arch: "line",
    node: "line",
    shell: "line",
    model: "line",
    defaultModel: "line",
    repoRoot: "line",
    sessionKey: "line",
    coAuthorTrailer: "line",
  },
  thinkingLevel: "none",
  reasoning: "none",
  elevation: "none",
  presentationTools: { items: "tool-name" },
  projectMemoryFacts: { items: "line" },
  workspaceChanges: { items: "line" },
};

// oxlint-disable-next-line no-control-regex -- control characters are what this rule rejects
const LINE_BREAK_OR_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;

/**
 * A Markdown heading when printed as a line of its own: an ATX heading (`# ...` after up to three
 * spaces) or a setext underline (`===` or `---`) that makes the line above a heading.
 */
const HEADING_LINE = /^\s*(?:#{1,6}(?:\s|$)|=+\s*$|-+\s*$)/u;

/**
 * Why `text` breaks the single-line rule (`undefined` when it keeps it): a line break or a control
 * character. The rule custom section headings and every `line` field share.
 */
export function findSingleLineViolation(text: string): string | undefined {
  return LINE_BREAK_OR_CONTROL.test(text)
    ? "a single line without line breaks or control characters"
    : undefined;
}

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
 * Anything a single-line field could fail on, or mark with: NUL and the other control characters,
 * line breaks, and `!`. One search instead of three for the common clean value.
 */
// oxlint-disable-next-line no-control-regex -- control characters are what this rule rejects
const LINE_SUSPECT = /[\u0000-\u001f\u007f-\u009f\u2028\u2029!]/;

/**
 * Applies `rule` to one string; `path` builds the field's path, called only on failure. Returns
 * `maySpellMarker(text)` for a valid string, false for a value that is not a string (the shape
 * checks own those).
 */
function checkString(text: unknown, rule: TextRule, path: () => string): boolean {
  if (typeof text !== "string") return false;
  if (rule === "tool-name") {
    if (TOOL_NAME_PATTERN.test(text)) return false; // holds no `!`: cannot spell a marker
    checkString(text, "line", path);
    reject(path(), "a tool name of 1-64 letters, digits, '_' or '-' (the provider rule)", text);
  }
  if (rule === "own-line" && HEADING_LINE.test(text)) {
    reject(path(), "a line that does not read as a Markdown heading or heading underline", text);
  }
  // A line without a suspect character breaks no rule but well-formedness, and cannot mark.
  if (rule !== "text" && !LINE_SUSPECT.test(text) && (text as WellFormedString).isWellFormed()) {
    return false;
  }
  if (text.includes("\u0000")) reject(path(), "text without NUL characters", text);
  if (!(text as WellFormedString).isWellFormed()) {
    reject(path(), "well-formed Unicode (a lone surrogate was found)", text);
  }
  if (rule !== "text") {
    const violation = findSingleLineViolation(text);
    if (violation !== undefined) reject(path(), violation, text);
  }
  return maySpellMarker(text);
}

type AnyFieldRule = TextRule | "none" | { readonly items: TextRule } | { readonly each: object };

/** Applies a rule table to one object; `path` is its path ("" for the input itself). */
function checkFields(value: unknown, table: object, path: string): boolean {
  if (typeof value !== "object" || value === null) return false;
  const fields = value as Readonly<Record<string, unknown>>;
  let marks = false;
  for (const [key, rule] of Object.entries(table) as [string, AnyFieldRule | object][]) {
    if (rule === "none") continue;
    const field = fields[key];
    if (field === undefined) continue;
    const at = path === "" ? key : `${path}.${key}`;
    marks = checkField(field, rule, at) || marks;
  }
  return marks;
}

function checkField(field: unknown, rule: AnyFieldRule | object, at: string): boolean {
  if (typeof rule === "string") return checkString(field, rule as TextRule, () => at);
  if ("items" in rule || "each" in rule) {
    if (!Array.isArray(field)) return false;
    let marks = false;
    for (let index = 0; index < field.length; index++) {
      marks =
        ("items" in rule
          ? checkString(field[index], rule.items, () => `${at}.${index}`)
          : checkFields(field[index], (rule as { each: object }).each, `${at}.${index}`)) || marks;
    }
    return marks;
  }
  return checkFields(field, rule, at);
}

// Every string anywhere in `value`: NUL and lone surrogates only (custom section text and
// replacement bodies are multi-line content; the registry's shape is checked when its rows are
// resolved).
function checkAllText(value: unknown, path: string): void {
  if (typeof value === "string") {
    checkString(value, "text", () => path);
    return;
  }
  if (typeof value !== "object" || value === null) return;
  for (const [key, child] of Object.entries(value)) checkAllText(child, `${path}.${key}`);
}

/** The section registry: all its text as `text`, each custom section's heading as a `line`. */
function checkSectionRegistry(sections: unknown): void {
  checkAllText(sections, "sections");
  if (typeof sections !== "object" || sections === null) return;
  const added: unknown = (sections as { add?: unknown }).add;
  if (!Array.isArray(added)) return;
  for (let index = 0; index < added.length; index++) {
    const section: unknown = added[index];
    if (typeof section !== "object" || section === null) continue;
    const heading = (section as { heading?: unknown }).heading;
    checkString(heading, "line", () => `sections.add.${index}.heading`);
  }
}

/**
 * Applies the text rules to the stable part of shape-checked renderer input (every field but
 * `volatile`); throws `RENDERER_INVALID_INPUT` naming the first field that breaks one. Returns
 * true when some string could spell a marker start (see `maySpellMarker`).
 */
export function validateStableTextFields(input: StableAgentSystemPromptInput): boolean {
  const marks = checkFields(input, STABLE_TEXT_RULES, "");
  // Registry text is checked here but not vouched for: custom sections render what they like,
  // so a compile with a registry always searches (compile-agent-system-prompt.ts).
  if (input.sections !== undefined) checkSectionRegistry(input.sections);
  return marks;
}

/**
 * Applies the text rules to one turn's shape-checked facts; paths start with `volatile.`.
 * Returns true when some fact could spell a marker start (see `maySpellMarker`).
 */
export function validateVolatileTextFields(facts: VolatileFacts): boolean {
  return checkFields(facts, VOLATILE_TEXT_RULES, "volatile");
}
