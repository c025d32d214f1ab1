import { BootstrapError } from "./bootstrap-error.js";
import {
  DEFAULT_BOOTSTRAP_MAX_CHARS,
  DEFAULT_BOOTSTRAP_TOTAL_MAX_CHARS,
} from "./bootstrap-file-names.js";
import type { BootstrapBudgets } from "./bootstrap-types.js";

/** Budgets with defaults applied; token budgets stay `undefined` when off. */
export interface ResolvedBootstrapBudgets {
  readonly maxChars: number;
  readonly totalMaxChars: number;
  readonly maxTokens: number | undefined;
  readonly totalMaxTokens: number | undefined;
}

function checkPositiveInteger(value: number | undefined, key: string): void {
  if (value === undefined) return;
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new BootstrapError(
      "BOOTSTRAP_INVALID_OPTIONS",
      `Bootstrap budget ${key} must be a positive integer, got ${String(value)}.`,
      { path: `budgets.${key}`, hint: `Pass a whole number of at least 1, or leave ${key} unset.` },
    );
  }
}

/** Applies the default char budgets and rejects budgets that are not positive integers. */
export function resolveBootstrapBudgets(budgets: BootstrapBudgets = {}): ResolvedBootstrapBudgets {
  checkPositiveInteger(budgets.maxChars, "maxChars");
  checkPositiveInteger(budgets.totalMaxChars, "totalMaxChars");
  checkPositiveInteger(budgets.maxTokens, "maxTokens");
  checkPositiveInteger(budgets.totalMaxTokens, "totalMaxTokens");
  return {
    maxChars: budgets.maxChars ?? DEFAULT_BOOTSTRAP_MAX_CHARS,
    totalMaxChars: budgets.totalMaxChars ?? DEFAULT_BOOTSTRAP_TOTAL_MAX_CHARS,
    maxTokens: budgets.maxTokens,
    totalMaxTokens: budgets.totalMaxTokens,
  };
}
