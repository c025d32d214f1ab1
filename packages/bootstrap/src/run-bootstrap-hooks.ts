import type { SessionKind } from "@promptstack/renderer";
import type { Diagnostic } from "@promptstack/core";
import { BootstrapError } from "./bootstrap-error.js";
import type {
  BootstrapHookFile,
  BootstrapHookHandler,
  BootstrapHooks,
  RawBootstrapFile,
} from "./bootstrap-types.js";
import { normalizeBootstrapText } from "./normalize-bootstrap-text.js";

/** Context passed to `agent:bootstrap` handlers next to the file list. */
export interface BootstrapHookContext {
  readonly sessionKind: SessionKind;
  readonly workspaceDir: string;
  readonly executionDir?: string;
}

function isHookFile(value: unknown): value is BootstrapHookFile {
  if (typeof value !== "object" || value === null) return false;
  const file = value as Record<string, unknown>;
  return (
    typeof file["name"] === "string" &&
    file["name"].trim() !== "" &&
    typeof file["path"] === "string" &&
    (file["origin"] === "workspace" || file["origin"] === "execution") &&
    (file["content"] === null || typeof file["content"] === "string")
  );
}

function handlerLabel(handler: BootstrapHookHandler, index: number): string {
  return handler.name === "" ? `#${index + 1}` : `#${index + 1} (${handler.name})`;
}

/** Hooks come from plain-JS plugins too: a wrong shape must fail loudly, not be skipped. */
function readHandlers(hooks: BootstrapHooks | undefined): readonly BootstrapHookHandler[] {
  if (hooks === undefined) return [];
  const invalid = (message: string, path: string): BootstrapError =>
    new BootstrapError("BOOTSTRAP_INVALID_OPTIONS", message, {
      path,
      hint: 'Pass hooks as { "agent:bootstrap": [handler, ...] } with functions only.',
    });
  if (typeof hooks !== "object" || hooks === null || Array.isArray(hooks)) {
    throw invalid("hooks must be an object of handler lists.", "hooks");
  }
  const handlers: unknown = hooks["agent:bootstrap"];
  if (handlers === undefined) return [];
  if (!Array.isArray(handlers)) {
    throw invalid(
      'hooks["agent:bootstrap"] must be an array of functions.',
      "hooks.agent:bootstrap",
    );
  }
  const bad = handlers.findIndex((handler) => typeof handler !== "function");
  if (bad !== -1) {
    throw invalid(
      `hooks["agent:bootstrap"][${bad}] is not a function.`,
      `hooks.agent:bootstrap.${bad}`,
    );
  }
  return handlers as readonly BootstrapHookHandler[];
}

/** Where a file shows in the prompt: two entries with the same key would read as one file twice. */
function displayKey(file: {
  readonly origin: string;
  readonly path: string;
  readonly name: string;
}) {
  return file.origin === "workspace"
    ? `workspace\u0000${file.name}`
    : `execution\u0000${file.path}`;
}

/** Keeps the last entry per displayed file, in the position of its first entry. */
function dropDuplicates(
  files: readonly BootstrapHookFile[],
  diagnostics: Diagnostic[],
): BootstrapHookFile[] {
  const last = new Map<string, BootstrapHookFile>();
  for (const file of files) last.set(displayKey(file), file);
  if (last.size === files.length) return [...files];
  const seen = new Set<string>();
  const out: BootstrapHookFile[] = [];
  for (const file of files) {
    const key = displayKey(file);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(last.get(key)!);
    const count = files.filter((other) => displayKey(other) === key).length;
    if (count > 1) {
      const shown = file.origin === "workspace" ? file.name : file.path;
      diagnostics.push({
        code: "BOOTSTRAP_HOOK_DUPLICATE_FILE",
        severity: "warning",
        message: `agent:bootstrap handlers left ${count} entries for ${shown}; the last one is injected.`,
        path: file.path,
        hint: "Change the existing entry's content instead of adding a second one.",
      });
    }
  }
  return out;
}

function describeError(error: unknown): string {
  if (error instanceof Error && error.message !== "") return error.message;
  if (typeof error === "string" && error !== "") return error;
  return "no message";
}

function keyOf(file: { readonly origin: string; readonly path: string; readonly name: string }) {
  return `${file.origin}\u0000${file.path}\u0000${file.name}`;
}

/**
 * Runs the `agent:bootstrap` handlers in order. Each gets a copy of the current list and may
 * mutate it or return a new one. A handler that throws or returns something that is not a file
 * list becomes a diagnostic and its change is discarded. Handlers supply content, never paths to
 * read: `path` is display only. When several entries end up showing as the same file, the last
 * one wins with a diagnostic. Changed content is normalized like file text; unchanged files keep
 * their read window. Throws `BootstrapError` when `hooks` is not an object of function lists.
 */
export async function runBootstrapHooks(
  files: readonly RawBootstrapFile[],
  hooks: BootstrapHooks | undefined,
  context: BootstrapHookContext,
): Promise<{ readonly files: readonly RawBootstrapFile[]; readonly diagnostics: Diagnostic[] }> {
  const handlers = readHandlers(hooks);
  const diagnostics: Diagnostic[] = [];
  if (handlers.length === 0) return { files, diagnostics };
  let current: readonly BootstrapHookFile[] = files.map((file) => ({
    name: file.name,
    path: file.path,
    origin: file.origin,
    content: file.content,
  }));
  for (const [index, handler] of handlers.entries()) {
    const copy = current.map((file) => ({ ...file }));
    let result: unknown;
    try {
      result = await handler({
        type: "agent:bootstrap",
        files: copy,
        sessionKind: context.sessionKind,
        workspaceDir: context.workspaceDir,
        ...(context.executionDir === undefined ? {} : { executionDir: context.executionDir }),
      });
    } catch (error) {
      diagnostics.push({
        code: "BOOTSTRAP_HOOK_FAILED",
        severity: "warning",
        message: `agent:bootstrap handler ${handlerLabel(handler, index)} threw (${describeError(error)}); its change was discarded.`,
        hint: "Fix the handler; the file list continues from the previous handler's result.",
      });
      continue;
    }
    const next = result === undefined ? copy : result;
    if (!Array.isArray(next) || !next.every(isHookFile)) {
      diagnostics.push({
        code: "BOOTSTRAP_HOOK_INVALID_RESULT",
        severity: "warning",
        message: `agent:bootstrap handler ${handlerLabel(handler, index)} returned something other than a file list; its change was discarded.`,
        hint: "Return an array of { name, path, origin, content } objects, or nothing.",
      });
      continue;
    }
    current = next.map((file) => ({ ...file }));
  }
  const originals = new Map(files.map((file) => [keyOf(file), file]));
  const out = dropDuplicates(current, diagnostics).map((file): RawBootstrapFile => {
    const original = originals.get(keyOf(file));
    if (original !== undefined && original.content === file.content) return original;
    const content = file.content === null ? null : normalizeBootstrapText(file.content);
    return { name: file.name, path: file.path, origin: file.origin, content };
  });
  return { files: out, diagnostics };
}
