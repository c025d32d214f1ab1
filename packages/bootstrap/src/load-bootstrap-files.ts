import { realpath } from "node:fs/promises";
import { isAbsolute, join } from "node:path";
import type { ChatType, ContextFile, SessionKind } from "@promptstack/renderer";
import type { Diagnostic, TokenCounter } from "@promptstack/core";
import { applyBootstrapBudgets } from "./apply-bootstrap-budgets.js";
import { BootstrapError } from "./bootstrap-error.js";
import {
  BOOTSTRAP_FILE_NAMES,
  HEARTBEAT_FILE_NAME,
  REQUIRED_BOOTSTRAP_FILE_NAMES,
} from "./bootstrap-file-names.js";
import type {
  BootstrapBudgets,
  BootstrapFile,
  BootstrapFileOrigin,
  BootstrapFileStat,
  BootstrapHooks,
  RawBootstrapFile,
} from "./bootstrap-types.js";
import { discoverBootstrapNameVariants } from "./discover-bootstrap-name-variants.js";
import type { BootstrapNameVariant } from "./discover-bootstrap-name-variants.js";
import { findBootstrapCaseVariants } from "./find-bootstrap-case-variants.js";
import { findLegacyToolsFile } from "./find-legacy-tools-file.js";
import {
  filterBootstrapFilesForSession,
  isBootstrapFileAllowedForSession,
} from "./filter-bootstrap-files-for-session.js";
import { readBootstrapFile } from "./read-bootstrap-file.js";
import type { ReadBootstrapFileOptions, ReadBootstrapFileResult } from "./read-bootstrap-file.js";
import { resolveBootstrapBudgets } from "./resolve-bootstrap-budgets.js";
import { runBootstrapHooks } from "./run-bootstrap-hooks.js";
import { sortBootstrapFiles } from "./sort-bootstrap-files.js";

/** Options of `loadBootstrapFiles`. */
export interface LoadBootstrapFilesOptions {
  /** The configured agent workspace (absolute). */
  readonly workspaceDir: string;
  /** The folder the session runs in, when it may differ from the workspace (absolute). */
  readonly executionDir?: string;
  readonly sessionKind: SessionKind;
  /**
   * The kind of chat the turn came from, when known. A group or channel chat never receives
   * MEMORY.md, whatever `sessionKind` says.
   */
  readonly chatType?: ChatType;
  readonly hooks?: BootstrapHooks;
  /**
   * The workspace files that inject a missing-file marker when absent (a product profile's
   * workspace convention); the other bootstrap files are optional. Names from
   * `BOOTSTRAP_FILE_NAMES`. Default `REQUIRED_BOOTSTRAP_FILE_NAMES`.
   */
  readonly requiredFileNames?: readonly string[];
  readonly budgets?: BootstrapBudgets;
  /**
   * Token counter for token budgets, required when one is set (`loadO200kTokenCounter` of
   * `@promptstack/o200k` is the exact o200k_base counter; the prompt assembler passes it).
   */
  readonly tokenCounter?: TokenCounter;
  /**
   * Reads one file; default `readBootstrapFile`. A long-lived caller passes a reader that keeps
   * earlier results and re-reads a file only when its stat changed (see `@promptstack/agent`).
   */
  readonly readFile?: (options: ReadBootstrapFileOptions) => Promise<ReadBootstrapFileResult>;
  /** Resolves a folder's real path (null when missing); default `fs.realpath`. Cacheable the same way. */
  readonly realpath?: (path: string) => Promise<string | null>;
  /**
   * Lists a folder's entries named like a bootstrap file (or the legacy `TOOLS.md`) up to case,
   * for the `BOOTSTRAP_FILE_CASE_VARIANT` and `BOOTSTRAP_LEGACY_TOOLS_FILE` warnings; default
   * `discoverBootstrapNameVariants`. Cacheable by the folder's stat.
   */
  readonly discoverNameVariants?: (dir: string) => Promise<readonly BootstrapNameVariant[]>;
  /**
   * How a missing-file marker names the path it expected (`[MISSING] Expected at: <path>`), for a
   * caller that shows paths through a display mapping; default: the real path.
   */
  readonly showPath?: (path: string) => string;
}

/** Result of `loadBootstrapFiles`. */
export interface LoadedBootstrapFiles {
  /** The budgeted, injected files, in order. */
  readonly files: readonly BootstrapFile[];
  /** The same files shaped for the renderer's `contextFiles` input. */
  readonly contextFiles: readonly ContextFile[];
  /** Some file was cut or dropped by a budget: pass as the renderer's `bootstrapTruncated`. */
  readonly truncated: boolean;
  /** BOOTSTRAP.md reaches this session: pass as the renderer's `bootstrapPending`. */
  readonly bootstrapPending: boolean;
  /** One entry per file considered (injected, missing or skipped), in order. */
  readonly stats: readonly BootstrapFileStat[];
  readonly diagnostics: readonly Diagnostic[];
}

interface Candidate {
  readonly name: string;
  /** The folder the file is looked for in. */
  readonly dir: string;
  readonly path: string;
  readonly origin: BootstrapFileOrigin;
  readonly rootRealPath: string | null;
  readonly required: boolean;
}

function requireAbsolute(value: string | undefined, key: string): void {
  if (value === undefined) return;
  if (typeof value !== "string" || !isAbsolute(value)) {
    throw new BootstrapError(
      "BOOTSTRAP_INVALID_OPTIONS",
      `${key} must be an absolute path, got ${JSON.stringify(String(value))}.`,
      { path: key, hint: `Resolve ${key} against the current directory before calling.` },
    );
  }
}

function resolveRequiredFileNames(value: readonly string[] | undefined): readonly string[] {
  if (value === undefined) return REQUIRED_BOOTSTRAP_FILE_NAMES;
  const known: readonly string[] = BOOTSTRAP_FILE_NAMES;
  if (!Array.isArray(value)) {
    throw new BootstrapError(
      "BOOTSTRAP_INVALID_OPTIONS",
      `requiredFileNames must be an array of bootstrap file names, got ${typeof value}.`,
      { path: "requiredFileNames", hint: `Pass names from: ${known.join(", ")}.` },
    );
  }
  value.forEach((name: unknown, index) => {
    if (typeof name !== "string" || !known.includes(name)) {
      throw new BootstrapError(
        "BOOTSTRAP_INVALID_OPTIONS",
        `requiredFileNames[${index}] is ${JSON.stringify(name)}, which is not a bootstrap file.`,
        { path: `requiredFileNames[${index}]`, hint: `Use names from: ${known.join(", ")}.` },
      );
    }
  });
  return value;
}

async function realpathOrNull(path: string): Promise<string | null> {
  try {
    return await realpath(path);
  } catch {
    return null;
  }
}

/**
 * Loads the bootstrap files of a turn: AGENTS, SOUL, IDENTITY, USER, BOOTSTRAP (present only in
 * a brand-new workspace) and MEMORY from the configured workspace, plus the execution folder's
 * AGENTS.md when that folder is a different directory. Filters by session kind and chat type
 * (MEMORY.md only in the owner's own sessions), runs the
 * `agent:bootstrap` hooks, filters again, then applies budgets. Content problems become
 * diagnostics; only invalid options throw.
 */
export async function loadBootstrapFiles(
  options: LoadBootstrapFilesOptions,
): Promise<LoadedBootstrapFiles> {
  requireAbsolute(options.workspaceDir, "workspaceDir");
  requireAbsolute(options.executionDir, "executionDir");
  const budgets = resolveBootstrapBudgets(options.budgets);
  const requiredNames = resolveRequiredFileNames(options.requiredFileNames);
  const { workspaceDir, executionDir, sessionKind, chatType } = options;
  const diagnostics: Diagnostic[] = [];

  const roots = await readRootRealPaths(options, diagnostics);
  const candidates = listCandidates(options, roots, requiredNames);
  const readFile = options.readFile ?? readBootstrapFile;
  const results = await Promise.all(
    candidates.map((candidate) =>
      candidate.rootRealPath === null
        ? Promise.resolve({ kind: "missing" } as const)
        : readFile({
            filePath: candidate.path,
            rootRealPath: candidate.rootRealPath,
            // No file can inject more than either budget; the reader adds an absolute ceiling.
            maxChars: Math.min(budgets.maxChars, budgets.totalMaxChars),
          }),
    ),
  );
  diagnostics.push(
    ...(await discoverNameVariantDiagnostics(
      candidates,
      results,
      options.discoverNameVariants ?? discoverBootstrapNameVariants,
    )),
  );
  const { loaded, readSkips } = partitionReadResults(candidates, results, diagnostics);

  const hooked = await runBootstrapHooks(loaded, options.hooks, {
    sessionKind,
    workspaceDir,
    ...(executionDir === undefined ? {} : { executionDir }),
  });
  diagnostics.push(...hooked.diagnostics);
  if (hooked.files.some((file) => file.name === HEARTBEAT_FILE_NAME)) {
    diagnostics.push({
      code: "BOOTSTRAP_HEARTBEAT_DROPPED",
      severity: "info",
      message: `${HEARTBEAT_FILE_NAME} is heartbeat scratch, not bootstrap context; it was dropped.`,
      hint: "The heartbeat runner adds it to the heartbeat message itself.",
    });
  }
  const ordered = sortBootstrapFiles(
    filterBootstrapFilesForSession(hooked.files, sessionKind, chatType),
  );

  const tokensOn = budgets.maxTokens !== undefined || budgets.totalMaxTokens !== undefined;
  // Token budgets without a counter: applyBootstrapBudgets throws, naming the option.
  const counter = tokensOn ? options.tokenCounter : undefined;
  const budgeted = applyBootstrapBudgets(ordered, options.budgets, counter, options.showPath);
  diagnostics.push(...budgeted.diagnostics);

  const stats = sortBootstrapFiles([...budgeted.stats, ...readSkips]);

  return {
    files: budgeted.files,
    contextFiles: budgeted.files.map((file) => ({
      path: file.origin === "workspace" ? file.name : file.path,
      content: file.content,
    })),
    truncated: budgeted.truncated,
    bootstrapPending: ordered.some(
      (file) =>
        file.name === "BOOTSTRAP.md" &&
        file.origin === "workspace" &&
        file.content !== null &&
        file.content.trim() !== "",
    ),
    stats,
    diagnostics,
  };
}

/** The real paths of the workspace and execution folder; null (with a warning) when missing. */
async function readRootRealPaths(
  options: LoadBootstrapFilesOptions,
  diagnostics: Diagnostic[],
): Promise<{ readonly workspaceReal: string | null; readonly executionReal: string | null }> {
  const { workspaceDir, executionDir } = options;
  const resolveReal = options.realpath ?? realpathOrNull;
  const workspaceReal = await resolveReal(workspaceDir);
  if (workspaceReal === null) {
    diagnostics.push({
      code: "BOOTSTRAP_WORKSPACE_NOT_FOUND",
      severity: "warning",
      message: `The workspace ${workspaceDir} does not exist; bootstrap files are reported missing.`,
      path: workspaceDir,
      hint: "Create the workspace, or call seedBootstrapTemplates first.",
    });
  }
  let executionReal: string | null = null;
  if (executionDir !== undefined) {
    executionReal = await resolveReal(executionDir);
    if (executionReal === null) {
      diagnostics.push({
        code: "BOOTSTRAP_EXECUTION_DIR_NOT_FOUND",
        severity: "warning",
        message: `The execution folder ${executionDir} does not exist; its AGENTS.md is not loaded.`,
        path: executionDir,
      });
    }
  }
  return { workspaceReal, executionReal };
}

/**
 * The files to read: the workspace's bootstrap files this session may receive, then the
 * execution folder's AGENTS.md when that folder exists and is another directory.
 */
function listCandidates(
  options: LoadBootstrapFilesOptions,
  roots: { readonly workspaceReal: string | null; readonly executionReal: string | null },
  requiredNames: readonly string[],
): Candidate[] {
  const { workspaceDir, executionDir } = options;
  const { workspaceReal, executionReal } = roots;
  const candidates: Candidate[] = BOOTSTRAP_FILE_NAMES.filter((name) =>
    isBootstrapFileAllowedForSession(name, options.sessionKind, options.chatType),
  ).map((name) => ({
    name,
    dir: workspaceDir,
    path: join(workspaceDir, name),
    origin: "workspace",
    rootRealPath: workspaceReal,
    required: requiredNames.includes(name),
  }));
  if (executionDir !== undefined && executionReal !== null && executionReal !== workspaceReal) {
    candidates.push({
      name: "AGENTS.md",
      dir: executionDir,
      path: join(executionDir, "AGENTS.md"),
      origin: "execution",
      rootRealPath: executionReal,
      required: false,
    });
  }
  return candidates;
}

/**
 * The legacy TOOLS.md and case-variant warnings of each folder read from: a `memory.md` next to
 * (or instead of) `MEMORY.md` is never read on a case-sensitive file system, so say so and say
 * which file is used; a legacy TOOLS.md is never read at all, so say that too.
 */
async function discoverNameVariantDiagnostics(
  candidates: readonly Candidate[],
  results: readonly ReadBootstrapFileResult[],
  discoverVariants: (dir: string) => Promise<readonly BootstrapNameVariant[]>,
): Promise<Diagnostic[]> {
  const diagnostics: Diagnostic[] = [];
  const folders = [...new Set(candidates.map((candidate) => candidate.dir))];
  for (const folder of folders) {
    const inFolder = candidates
      .map((candidate, index) => ({ candidate, result: results[index] }))
      .filter(({ candidate }) => candidate.dir === folder && candidate.rootRealPath !== null);
    if (inFolder.length === 0) continue;
    const variants = await discoverVariants(folder);
    // Only the configured workspace ever held TOOLS.md; a project folder may have its own.
    if (inFolder.some(({ candidate }) => candidate.origin === "workspace")) {
      diagnostics.push(...findLegacyToolsFile(folder, variants));
    }
    diagnostics.push(
      ...findBootstrapCaseVariants(
        folder,
        variants,
        inFolder.map(({ candidate, result }) => ({
          name: candidate.name,
          read: result === undefined || result.kind === "missing" ? "missing" : "found",
        })),
      ),
    );
  }
  return diagnostics;
}

/**
 * Splits the read results into the loaded files (a missing required file with null content) and
 * the skipped ones' stats, adding the readers' diagnostics in candidate order.
 */
function partitionReadResults(
  candidates: readonly Candidate[],
  results: readonly ReadBootstrapFileResult[],
  diagnostics: Diagnostic[],
): { readonly loaded: RawBootstrapFile[]; readonly readSkips: BootstrapFileStat[] } {
  const loaded: RawBootstrapFile[] = [];
  const readSkips: BootstrapFileStat[] = [];
  for (const [index, result] of results.entries()) {
    const candidate = candidates[index];
    if (candidate === undefined) continue;
    const base = { name: candidate.name, path: candidate.path, origin: candidate.origin };
    if (result.kind === "ok") {
      diagnostics.push(...result.diagnostics);
      loaded.push({
        ...base,
        content: result.content,
        ...(result.window === undefined ? {} : { window: result.window }),
      });
    } else if (result.kind === "missing") {
      if (candidate.required) loaded.push({ ...base, content: null });
    } else {
      diagnostics.push(result.diagnostic);
      readSkips.push({
        ...base,
        status: "skipped",
        rawChars: 0,
        injectedChars: 0,
        limitedBy: null,
        reason: result.reason,
      });
    }
  }
  return { loaded, readSkips };
}
