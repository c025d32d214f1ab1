import { describeArgument } from "./assert-argument.js";
import { RendererError } from "./renderer-error.js";
import type { AgentSystemPromptInput } from "./types.js";
import { validatePromptTextFields } from "./validate-prompt-text-fields.js";

/**
 * Where a value sits: a linked list built only one node per nested object or array item, so
 * the happy path allocates no path strings. `formatPath` renders it on failure only.
 */
interface PathNode {
  readonly parent: PathNode | undefined;
  readonly key: string | number;
}

/** A checker throws a `RendererError` naming the field path when `value` does not fit. */
type Check = (value: unknown, parent: PathNode | undefined, key: string | number) => void;

/** A field spec: its check, and whether it must be present. */
type Shape = Readonly<Record<string, readonly [Check, "required" | "optional"]>>;

function formatPath(parent: PathNode | undefined, key: string | number): string {
  const own = typeof key === "number" ? `[${key}]` : key;
  if (parent === undefined) return own;
  const base = formatPath(parent.parent, parent.key);
  if (base === "") return own;
  return typeof key === "number" ? `${base}${own}` : `${base}.${own}`;
}

function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

function invalid(
  parent: PathNode | undefined,
  key: string | number,
  expected: string,
  value: unknown,
): never {
  const path = formatPath(parent, key) || "(input)";
  throw new RendererError(
    "RENDERER_INVALID_INPUT",
    `Invalid renderer input at ${path}: expected ${expected}, got ${describe(value)}.`,
    { path, hint: `Pass ${expected} at ${path}, or leave the field out when it is optional.` },
  );
}

const string: Check = (value, parent, key) => {
  if (typeof value !== "string") invalid(parent, key, "a string", value);
};

const nonBlankString: Check = (value, parent, key) => {
  if (typeof value !== "string" || value.trim() === "") {
    invalid(parent, key, "a non-empty string", value);
  }
};

const boolean: Check = (value, parent, key) => {
  if (typeof value !== "boolean") invalid(parent, key, "a boolean", value);
};

const func: Check = (value, parent, key) => {
  if (typeof value !== "function") invalid(parent, key, "a function", value);
};

function oneOf(values: readonly string[]): Check {
  const expected = `one of ${values.map((v) => `"${v}"`).join(", ")}`;
  return (value, parent, key) => {
    if (typeof value !== "string" || !values.includes(value)) {
      invalid(parent, key, expected, value);
    }
  };
}

function object(shape: Shape): Check {
  const fields = Object.freeze(
    Object.entries(shape).map(([name, [check, presence]]) => ({
      name,
      check,
      required: presence === "required",
    })),
  );
  return (value, parent, key) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      invalid(parent, key, "an object", value);
    }
    const record = value as Readonly<Record<string, unknown>>;
    const node: PathNode = { parent, key };
    for (const field of fields) {
      const fieldValue = record[field.name];
      if (fieldValue === undefined) {
        if (field.required) invalid(node, field.name, "a value (required)", fieldValue);
        continue;
      }
      field.check(fieldValue, node, field.name);
    }
  };
}

function arrayOf(item: Check): Check {
  return (value, parent, key) => {
    if (!Array.isArray(value)) invalid(parent, key, "an array", value);
    const items = value as readonly unknown[];
    if (items.length === 0) return;
    const node: PathNode = { parent, key };
    for (let i = 0; i < items.length; i++) item(items[i], node, i);
  };
}

const req = (check: Check) => [check, "required"] as const;
const opt = (check: Check) => [check, "optional"] as const;

const PROFILE = object({
  name: req(nonBlankString),
  cliName: req(nonBlankString),
  docsUrl: req(nonBlankString),
  sourceUrl: req(nonBlankString),
  skillsHubUrl: req(nonBlankString),
  communityUrl: req(nonBlankString),
  delimiterWord: req(nonBlankString),
});

const CHANNEL = object({
  id: req(nonBlankString),
  chatType: req(oneOf(["direct", "group", "channel"])),
  chatLabel: opt(string),
  nativeApprovals: opt(boolean),
  collapsibleDetails: opt(boolean),
  messageToolOnly: opt(boolean),
  allowGroupSilence: opt(boolean),
  autoReply: opt(boolean),
  reactions: opt(oneOf(["minimal", "extensive"])),
  voice: opt(boolean),
  acpHints: opt(arrayOf(string)),
  controlUiEmbed: opt(boolean),
});

const VOLATILE = object({
  time: opt(object({ date: req(string), time: opt(string), timeZone: req(string) })),
  channel: opt(CHANNEL),
  sender: opt(string),
  groupContext: opt(string),
  runtime: opt(
    object({
      host: opt(string),
      os: opt(string),
      node: opt(string),
      model: opt(string),
      repoRoot: opt(string),
      sessionKey: opt(string),
      coAuthorTrailer: opt(string),
    }),
  ),
  thinkingLevel: opt(oneOf(["off", "minimal", "low", "medium", "high", "ultra"])),
  reasoning: opt(oneOf(["off", "on", "stream"])),
  elevation: opt(oneOf(["off", "on", "ask", "full"])),
  presentationTools: opt(boolean),
  projectMemoryFacts: opt(arrayOf(string)),
});

// `mode` is checked first and separately: an unknown mode has its own error code.
const INPUT = object({
  profile: opt(PROFILE),
  identityLine: opt(string),
  sessionKind: opt(oneOf(["main", "direct", "group", "subagent", "cron", "heartbeat"])),
  tools: opt(arrayOf(object({ name: req(nonBlankString), summary: opt(string) }))),
  planTool: opt(boolean),
  automaticCompletionWake: opt(boolean),
  subagentCompletionMode: opt(oneOf(["announce", "collect"])),
  delegationMode: opt(oneOf(["suggest", "prefer"])),
  workspaceDir: opt(string),
  docs: opt(object({ localDocsPath: opt(string), localSourcePath: opt(string) })),
  modelAliases: opt(arrayOf(object({ alias: req(nonBlankString), model: req(nonBlankString) }))),
  ownerDisplay: opt(string),
  ttsHint: opt(string),
  memoryRecall: opt(object({ citations: req(oneOf(["on", "off", "auto"])) })),
  skillsPrompt: opt(string),
  contextFiles: opt(arrayOf(object({ path: req(nonBlankString), content: req(string) }))),
  bootstrapTruncated: opt(boolean),
  bootstrapPending: opt(boolean),
  sandbox: opt(
    object({
      enabled: req(boolean),
      containerWorkdir: opt(string),
      hostWorkdir: opt(string),
      elevatedExec: opt(boolean),
    }),
  ),
  reasoningTagHint: opt(boolean),
  provider: opt(
    object({
      sectionOverrides: opt(
        object({
          interaction_style: opt(string),
          tool_call_style: opt(string),
          execution_bias: opt(string),
        }),
      ),
      stablePrefix: opt(string),
      dynamicSuffix: opt(string),
    }),
  ),
  volatile: opt(VOLATILE),
  beforePromptBuild: opt(func),
});

const MODES: readonly string[] = Object.freeze(["full", "minimal", "none"]);

/**
 * Checks renderer input at runtime (callers may be plain JS or JSON): throws `RendererError`
 * with `RENDERER_UNKNOWN_MODE` or `RENDERER_INVALID_INPUT` and the offending field `path`.
 * Unknown keys are ignored so that newer callers keep working with this renderer.
 */
export function validateAgentSystemPromptInput(
  input: unknown,
): asserts input is AgentSystemPromptInput {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    invalid(undefined, "", "an object", input);
  }
  const mode = (input as { readonly mode?: unknown }).mode;
  if (mode !== undefined && (typeof mode !== "string" || !MODES.includes(mode))) {
    throw new RendererError(
      "RENDERER_UNKNOWN_MODE",
      `Unknown prompt mode at mode: expected "full", "minimal" or "none", got ${describeArgument(mode)}.`,
      { path: "mode", hint: 'Use "full" (default), "minimal" for sub-agents, or "none".' },
    );
  }
  INPUT(input, undefined, "");
  validatePromptTextFields(input);
}
