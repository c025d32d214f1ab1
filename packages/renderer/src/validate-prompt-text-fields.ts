import { describeArgument } from "./assert-argument.js";
import { RendererError } from "./renderer-error.js";

// One rule for text that enters the prompt. The renderer is a contract boundary: a value that
// breaks a rule is rejected with RENDERER_INVALID_INPUT naming the field; loaders above it
// (bootstrap, config, facts) neutralize or reject earlier with their own diagnostics.
//
// - Every string: no NUL, no lone surrogate (the text must encode as UTF-8 and as strict JSON).
// - Single-line fields (paths, names, labels, descriptions): no line break and no C0/C1 control
//   character, so a value cannot print a forged heading or line into the stable prefix.
// - Tool names: the function-name rule providers enforce, `^[A-Za-z0-9_-]{1,64}$`, so bidi
//   overrides, zero-width characters and look-alike letters cannot make two tools of one name.
// - Multi-line content (context files, skills prompt, group context, overrides) may hold line
//   breaks; sections fence or quote it.

/** Provider function-name rule for tool names. */
export const TOOL_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

const LONE_SURROGATE = /\p{Surrogate}/u;
// oxlint-disable-next-line no-control-regex -- control characters are what this rule rejects
const LINE_BREAK_OR_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;

/** Paths of single-line fields; `[]` stands for every item of an array. */
const SINGLE_LINE_FIELDS: readonly (readonly string[])[] = [
  ["workspaceDir"],
  ["identityLine"],
  ["ownerDisplay"],
  ["docs", "localDocsPath"],
  ["docs", "localSourcePath"],
  ["sandbox", "containerWorkdir"],
  ["sandbox", "hostWorkdir"],
  ["contextFiles", "[]", "path"],
  ["tools", "[]", "name"],
  ["tools", "[]", "summary"],
  ["modelAliases", "[]", "alias"],
  ["modelAliases", "[]", "model"],
  ["volatile", "sender"],
  ["volatile", "channel", "id"],
  ["volatile", "channel", "chatLabel"],
  ["volatile", "runtime", "host"],
  ["volatile", "runtime", "os"],
  ["volatile", "runtime", "node"],
  ["volatile", "runtime", "model"],
  ["volatile", "runtime", "repoRoot"],
  ["volatile", "runtime", "sessionKey"],
];

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

function visit(
  value: unknown,
  steps: readonly string[],
  path: string,
  check: (text: string, path: string) => void,
): void {
  if (steps.length === 0) {
    if (typeof value === "string") check(value, path);
    return;
  }
  if (typeof value !== "object" || value === null) return;
  const [step, ...rest] = steps as [string, ...string[]];
  if (step === "[]") {
    if (!Array.isArray(value)) return;
    value.forEach((item, index) => visit(item, rest, `${path}.${index}`, check));
    return;
  }
  visit(
    (value as Record<string, unknown>)[step],
    rest,
    path === "" ? step : `${path}.${step}`,
    check,
  );
}

// Every string in the input, with its path; the input is a validated tree of plain values.
function visitStrings(
  value: unknown,
  path: string,
  check: (text: string, path: string) => void,
): void {
  if (typeof value === "string") {
    check(value, path === "" ? "(input)" : path);
    return;
  }
  if (typeof value !== "object" || value === null) return;
  for (const [key, child] of Object.entries(value)) {
    visitStrings(child, path === "" ? key : `${path}.${key}`, check);
  }
}

/**
 * Applies the text rules above to validated renderer input; throws `RENDERER_INVALID_INPUT`
 * naming the first field that breaks one.
 */
export function validatePromptTextFields(input: object): void {
  visitStrings(input, "", (text, path) => {
    if (text.includes("\u0000")) reject(path, "text without NUL characters", text);
    if (LONE_SURROGATE.test(text.replace(/[\ud800-\udbff][\udc00-\udfff]/gu, ""))) {
      reject(path, "well-formed Unicode (a lone surrogate was found)", text);
    }
  });
  for (const steps of SINGLE_LINE_FIELDS) {
    visit(input, steps, "", (text, path) => {
      if (LINE_BREAK_OR_CONTROL.test(text)) {
        reject(path, "a single line without control characters", text);
      }
    });
  }
  visit(input, ["tools", "[]", "name"], "", (text, path) => {
    if (!TOOL_NAME_PATTERN.test(text)) {
      reject(path, "a tool name of 1-64 letters, digits, '_' or '-' (the provider rule)", text);
    }
  });
}
