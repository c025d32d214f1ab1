import type { Diagnostic, SessionKind } from "@promptstack/renderer";
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
 * list becomes a diagnostic and its change is discarded. Changed content is normalized like
 * file text; unchanged files keep their read window.
 */
export async function runBootstrapHooks(
  files: readonly RawBootstrapFile[],
  hooks: BootstrapHooks | undefined,
  context: BootstrapHookContext,
): Promise<{ readonly files: readonly RawBootstrapFile[]; readonly diagnostics: Diagnostic[] }> {
  const handlers = hooks?.["agent:bootstrap"] ?? [];
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
  const out = current.map((file): RawBootstrapFile => {
    const original = originals.get(keyOf(file));
    if (original !== undefined && original.content === file.content) return original;
    const content = file.content === null ? null : normalizeBootstrapText(file.content);
    return { name: file.name, path: file.path, origin: file.origin, content };
  });
  return { files: out, diagnostics };
}
