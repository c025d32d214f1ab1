import type { Diagnostic } from "@promptstack/core";
import type { BootstrapFileOrigin } from "@promptstack/bootstrap";
import type { CodexConnectionKind } from "./codex-connection-kind.js";

/**
 * Where a workspace file (or the skills list) goes in the model-bound prompt layers, on either
 * harness. The embedded harness uses only `system-prompt-project-context`; the others are Codex's.
 */
export type BootstrapSurface =
  /** Project Context section of the system prompt (stable, above the cache boundary). */
  | "system-prompt-project-context"
  /** Loaded by Codex's own project-doc discovery; not injected. */
  | "codex-native"
  /** Thread-level developer instructions: a bounded snapshot native sub-agents inherit. */
  | "thread-developer-instructions"
  /** Parent-only model request instructions: not in native history, not inherited. */
  | "parent-request-instructions"
  /** Legacy per-turn collaboration-mode carrier (external and Desktop connections). */
  | "collaboration-carrier"
  /** A short note pointing to memory_search / memory_get instead of the file's content. */
  | "memory-note"
  /** Bounded per-turn context ahead of the user's request. */
  | "turn-context"
  /** Not sent: missing, empty, or filtered out for this session or turn kind. */
  | "omitted";

/** Which agent harness runs the turn. */
export type BootstrapHarness = "embedded" | "codex";

/** Facts that decide routing. */
export interface RouteBootstrapFilesOptions {
  readonly harness: BootstrapHarness;
  readonly connection: CodexConnectionKind;
  /** memory_search / memory_get are available for the agent workspace. */
  readonly memoryToolsAvailable: boolean;
  /** The session runs in a folder other than the configured workspace. */
  readonly executionDirDiffers: boolean;
}

/** One file and the surface it is routed to. */
export interface BootstrapRoute<T> {
  readonly file: T;
  readonly surface: RoutedBootstrapSurface;
}

const PERSONA_FILES: ReadonlySet<string> = new Set(["SOUL.md", "IDENTITY.md", "USER.md"]);

/** A surface a present file can be routed to (`omitted` is decided before routing). */
export type RoutedBootstrapSurface = Exclude<BootstrapSurface, "omitted">;

/** The surface of one file, by name and origin. Pure. */
export function toBootstrapSurface(
  file: { readonly name: string; readonly origin: BootstrapFileOrigin },
  options: RouteBootstrapFilesOptions,
): RoutedBootstrapSurface {
  if (options.harness === "embedded") return "system-prompt-project-context";
  if (file.name === "AGENTS.md") {
    if (file.origin === "execution") return "codex-native";
    return options.executionDirDiffers ? "thread-developer-instructions" : "codex-native";
  }
  if (PERSONA_FILES.has(file.name)) {
    return options.connection === "managed-stdio"
      ? "parent-request-instructions"
      : "collaboration-carrier";
  }
  if (file.name === "MEMORY.md") {
    return options.memoryToolsAvailable ? "memory-note" : "turn-context";
  }
  return "turn-context";
}

/**
 * Routes each file to the prompt surface that matches its lifetime (SPEC §4.5). Persona files
 * on the legacy collaboration carrier add a warning that they may not reach every turn. Pure.
 */
export function routeBootstrapFiles<
  T extends { readonly name: string; readonly origin: BootstrapFileOrigin },
>(
  files: readonly T[],
  options: RouteBootstrapFilesOptions,
): { readonly routes: readonly BootstrapRoute<T>[]; readonly diagnostics: readonly Diagnostic[] } {
  const routes = files.map((file) => ({ file, surface: toBootstrapSurface(file, options) }));
  const carried = routes
    .filter((route) => route.surface === "collaboration-carrier")
    .map((route) => route.file.name);
  const diagnostics: Diagnostic[] =
    carried.length === 0
      ? []
      : [
          {
            code: "BOOTSTRAP_COLLABORATION_CARRIER",
            severity: "warning",
            message: `On the ${options.connection} connection, ${carried.join(", ")} travel on the legacy collaboration carrier; they may be missing from turns that do not carry it, and native sub-agents may see them.`,
            hint: "Use the managed stdio app-server to send persona files as parent-only request instructions.",
          },
        ];
  return { routes, diagnostics };
}
