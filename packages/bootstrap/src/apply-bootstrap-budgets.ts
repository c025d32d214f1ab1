import type { Diagnostic, TokenCounter } from "@promptstack/core";
import { BootstrapError } from "./bootstrap-error.js";
import {
  BOOTSTRAP_MIN_REMAINING_CHARS,
  BOOTSTRAP_MIN_REMAINING_TOKENS,
} from "./bootstrap-file-names.js";
import type {
  BootstrapBudgets,
  BootstrapFile,
  BootstrapFileStat,
  BootstrapLimit,
  BudgetedBootstrapFiles,
  RawBootstrapFile,
} from "./bootstrap-types.js";
import { resolveBootstrapBudgets } from "./resolve-bootstrap-budgets.js";
import type { ResolvedBootstrapBudgets } from "./resolve-bootstrap-budgets.js";
import { sliceHeadSurrogateSafe } from "./slice-surrogate-safe.js";
import { truncateBootstrapContent } from "./truncate-bootstrap-content.js";

/** The marker injected in place of a missing bootstrap file. */
export function formatMissingFileMarker(path: string): string {
  return `[MISSING] Expected at: ${path}`;
}

interface Cut {
  readonly text: string;
  readonly truncated: boolean;
}

/** Shrinks a cut until it fits `tokenLimit`; the char limit only ever decreases. */
function fitTokens(
  cutAt: (charLimit: number) => Cut,
  first: Cut,
  tokenLimit: number,
  counter: TokenCounter,
): Cut | null {
  let cut = first;
  let charLimit = first.text.length;
  while (!counter.isWithinLimit(cut.text, tokenLimit)) {
    const tokens = counter.countTokens(cut.text);
    const next = Math.floor((charLimit * tokenLimit * 0.97) / tokens);
    charLimit = Math.min(charLimit - 1, next);
    if (charLimit < 1) return null;
    cut = cutAt(charLimit);
  }
  return cut;
}

function formatLimitLabel(limitedBy: BootstrapLimit, unit: "chars" | "tokens"): string {
  return unit === "chars" ? `${limitedBy} limit` : `${limitedBy} token limit`;
}

/**
 * Applies per-file and total budgets to files in order, charging each injected file (markers
 * included) to what is left of the total, and stops once fewer than 64 chars remain. Token
 * budgets, when set, apply on top of the char budgets and need a `TokenCounter`. A missing
 * file's marker names its path as `showPath` shows it. Pure.
 */
export function applyBootstrapBudgets(
  rawFiles: readonly RawBootstrapFile[],
  budgets: BootstrapBudgets = {},
  tokenCounter?: TokenCounter,
  showPath: (path: string) => string = (path) => path,
): BudgetedBootstrapFiles {
  const resolved = resolveBootstrapBudgets(budgets);
  const tokensOn = resolved.maxTokens !== undefined || resolved.totalMaxTokens !== undefined;
  if (tokensOn) requireTokenCounter(tokenCounter);
  const files: BootstrapFile[] = [];
  const stats: BootstrapFileStat[] = [];
  const diagnostics: Diagnostic[] = [];
  const notInjected: string[] = [];
  let remainingChars = resolved.totalMaxChars;
  let remainingTokens = resolved.totalMaxTokens ?? Number.POSITIVE_INFINITY;
  let truncatedAny = false;

  for (const file of rawFiles) {
    const missing = file.content === null;
    const trimmed = missing ? "" : (file.content ?? "").trimEnd();
    if (!missing && trimmed.length === 0) {
      stats.push(toSkippedStat(file, 0, null, "empty"));
      diagnostics.push({
        code: "BOOTSTRAP_FILE_EMPTY",
        severity: "info",
        message: `${file.name} is empty or whitespace only; not injected.`,
        path: file.path,
      });
      continue;
    }
    const rawChars = missing ? 0 : (file.window?.rawChars ?? trimmed.length);
    if (
      remainingChars < BOOTSTRAP_MIN_REMAINING_CHARS ||
      remainingTokens < BOOTSTRAP_MIN_REMAINING_TOKENS
    ) {
      truncatedAny = true;
      notInjected.push(file.name);
      stats.push(toSkippedStat(file, rawChars, "total", "total budget exhausted"));
      continue;
    }

    const { cut, tokens, limitedBy, unit } = cutToBudget({
      file,
      trimmed,
      rawChars,
      resolved,
      remainingChars,
      remainingTokens,
      tokenCounter: tokensOn ? tokenCounter : undefined,
      showPath,
    });
    if (cut === null) {
      truncatedAny = true;
      notInjected.push(file.name);
      stats.push(toSkippedStat(file, rawChars, limitedBy, "token budget too small"));
      continue;
    }

    remainingChars -= cut.text.length;
    remainingTokens -= tokens;
    const status = missing ? "missing" : cut.truncated ? "truncated" : "ok";
    files.push({
      name: file.name,
      path: file.path,
      origin: file.origin,
      content: cut.text,
      status,
    });
    stats.push({
      name: file.name,
      path: file.path,
      origin: file.origin,
      status,
      rawChars,
      injectedChars: cut.text.length,
      limitedBy: cut.truncated ? limitedBy : null,
    });
    if (!missing && cut.truncated) truncatedAny = true;
    const diagnostic = toInjectedFileDiagnostic(file, cut, rawChars, limitedBy, unit);
    if (diagnostic !== undefined) diagnostics.push(diagnostic);
  }

  if (notInjected.length > 0) {
    diagnostics.push({
      code: "BOOTSTRAP_TOTAL_BUDGET_EXHAUSTED",
      severity: "warning",
      message: `Total bootstrap budget exhausted; not injected: ${notInjected.join(", ")}.`,
      hint: "Shorten earlier bootstrap files or raise the total budget.",
    });
  }
  return { files, stats, truncated: truncatedAny, diagnostics };
}

/** Throws `BOOTSTRAP_INVALID_OPTIONS` when token budgets are set without a token counter. */
function requireTokenCounter(tokenCounter: TokenCounter | undefined): void {
  if (tokenCounter !== undefined) return;
  throw new BootstrapError(
    "BOOTSTRAP_INVALID_OPTIONS",
    "Token budgets are set but no token counter was given to applyBootstrapBudgets.",
    {
      path: "tokenCounter",
      hint: "Pass tokenCounter: await loadO200kTokenCounter() from @promptstack/o200k, or budget in chars only.",
    },
  );
}

/** The stat of a file that was considered but not injected. */
function toSkippedStat(
  file: RawBootstrapFile,
  rawChars: number,
  limitedBy: BootstrapLimit | null,
  reason: string,
): BootstrapFileStat {
  return {
    name: file.name,
    path: file.path,
    origin: file.origin,
    status: "skipped",
    rawChars,
    injectedChars: 0,
    limitedBy,
    reason,
  };
}

/** One file's cut under the budgets: its text (null: not even the token budget fits) and limit. */
interface BudgetedCut {
  readonly cut: Cut | null;
  readonly tokens: number;
  readonly limitedBy: BootstrapLimit;
  readonly unit: "chars" | "tokens";
}

/**
 * Cuts one file (or its missing-file marker) to the per-file and remaining char budgets, then,
 * given a token counter, to the per-file and remaining token budgets.
 */
function cutToBudget(request: {
  readonly file: RawBootstrapFile;
  readonly trimmed: string;
  readonly rawChars: number;
  readonly resolved: ResolvedBootstrapBudgets;
  readonly remainingChars: number;
  readonly remainingTokens: number;
  /** Set only when token budgets are on. */
  readonly tokenCounter: TokenCounter | undefined;
  readonly showPath: (path: string) => string;
}): BudgetedCut {
  const { file, trimmed, rawChars, resolved, remainingChars, remainingTokens, tokenCounter } =
    request;
  const missing = file.content === null;
  const charLimit = Math.min(resolved.maxChars, remainingChars);
  let limitedBy: BootstrapLimit = resolved.maxChars <= remainingChars ? "per-file" : "total";
  let unit: "chars" | "tokens" = "chars";
  const marker = missing ? formatMissingFileMarker(request.showPath(file.path)) : "";
  const cutAt = (limit: number): Cut => {
    if (missing) return { text: sliceHeadSurrogateSafe(marker, limit), truncated: false };
    const gapAt = file.window?.gapAt;
    return truncateBootstrapContent(trimmed, {
      name: file.name,
      limit,
      rawChars,
      ...(gapAt === undefined ? {} : { gapAt: Math.min(gapAt, trimmed.length) }),
    });
  };
  let cut: Cut | null = cutAt(charLimit);
  let tokens = 0;
  if (tokenCounter !== undefined) {
    const perFileTokens = resolved.maxTokens ?? Number.POSITIVE_INFINITY;
    const tokenLimit = Math.min(perFileTokens, remainingTokens);
    const fitted: Cut | null = fitTokens(cutAt, cut, tokenLimit, tokenCounter);
    if (fitted !== cut) {
      unit = "tokens";
      limitedBy = perFileTokens <= remainingTokens ? "per-file" : "total";
    }
    cut = fitted;
    tokens = cut === null ? 0 : tokenCounter.countTokens(cut.text);
  }
  return { cut, tokens, limitedBy, unit };
}

/** The diagnostic of an injected file: its missing-file marker, or how much a budget cut. */
function toInjectedFileDiagnostic(
  file: RawBootstrapFile,
  cut: Cut,
  rawChars: number,
  limitedBy: BootstrapLimit,
  unit: "chars" | "tokens",
): Diagnostic | undefined {
  if (file.content === null) {
    return {
      code: "BOOTSTRAP_FILE_MISSING",
      severity: "info",
      message: `${file.name} is missing; a missing-file marker was injected.`,
      path: file.path,
      hint: "Create the file, or let seedBootstrapTemplates write a template.",
    };
  }
  if (!cut.truncated) return undefined;
  const removed = Math.round((100 * (rawChars - cut.text.length)) / rawChars);
  return {
    code: "BOOTSTRAP_FILE_TRUNCATED",
    severity: "warning",
    message: `${file.name}: ${rawChars} -> ${cut.text.length} (~${removed}% removed; ${formatLimitLabel(limitedBy, unit)})`,
    path: file.path,
    hint: "The file on disk is untouched. Condense it, or raise the bootstrap budgets.",
  };
}
