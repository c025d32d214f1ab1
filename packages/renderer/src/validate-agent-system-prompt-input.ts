import { RendererError } from "./renderer-error.js";
import type { AgentSystemPromptInput } from "./types.js";

/** A checker throws a `RendererError` naming `path` when `value` does not fit. */
type Check = (value: unknown, path: string) => void;

/** A field spec: its check, and whether it must be present. */
type Shape = Readonly<Record<string, readonly [Check, "required" | "optional"]>>;

function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

function join(path: string, key: string): string {
  return path === "" ? key : `${path}.${key}`;
}

function invalid(path: string, expected: string, value: unknown): never {
  throw new RendererError(
    "RENDERER_INVALID_INPUT",
    `Invalid renderer input at ${path}: expected ${expected}, got ${describe(value)}.`,
    { path, hint: `Pass ${expected} at ${path}, or leave the field out when it is optional.` },
  );
}

const string: Check = (value, path) => {
  if (typeof value !== "string") invalid(path, "a string", value);
};

const nonBlankString: Check = (value, path) => {
  if (typeof value !== "string" || value.trim() === "") invalid(path, "a non-empty string", value);
};

const boolean: Check = (value, path) => {
  if (typeof value !== "boolean") invalid(path, "a boolean", value);
};

const func: Check = (value, path) => {
  if (typeof value !== "function") invalid(path, "a function", value);
};

function oneOf(values: readonly string[]): Check {
  const expected = `one of ${values.map((v) => `"${v}"`).join(", ")}`;
  return (value, path) => {
    if (typeof value !== "string" || !values.includes(value)) invalid(path, expected, value);
  };
}

function object(shape: Shape): Check {
  const keys = Object.keys(shape);
  return (value, path) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      invalid(path, "an object", value);
    }
    const record = value as Readonly<Record<string, unknown>>;
    for (const key of keys) {
      const [check, presence] = shape[key] as readonly [Check, "required" | "optional"];
      const field = record[key];
      if (field === undefined) {
        if (presence === "required") invalid(join(path, key), "a value (required)", field);
        continue;
      }
      check(field, join(path, key));
    }
  };
}

function arrayOf(item: Check): Check {
  return (value, path) => {
    if (!Array.isArray(value)) invalid(path, "an array", value);
    const items = value as readonly unknown[];
    for (let i = 0; i < items.length; i++) item(items[i], `${path}[${i}]`);
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
    invalid("(input)", "an object", input);
  }
  const mode = (input as { readonly mode?: unknown }).mode;
  if (mode !== undefined && (typeof mode !== "string" || !MODES.includes(mode))) {
    throw new RendererError(
      "RENDERER_UNKNOWN_MODE",
      `Unknown prompt mode at mode: expected "full", "minimal" or "none", got ${typeof mode === "string" ? `"${mode}"` : describe(mode)}.`,
      { path: "mode", hint: 'Use "full" (default), "minimal" for sub-agents, or "none".' },
    );
  }
  INPUT(input, "");
}
