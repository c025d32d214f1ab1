import type { Diagnostic } from "@promptstack/core";
import type { CliIo } from "../cli-io.js";
import { createStyler } from "./create-styler.js";
import { formatDiagnostics } from "./format-diagnostics.js";

/** What `formatJsonOutput` returns. */
export interface JsonOutput {
  /** Pretty-printed JSON, newline-terminated; every string well-formed UTF-16. */
  readonly text: string;
  /**
   * The `CLI_JSON_LONE_SURROGATE` warning when strings were repaired and the value has no
   * top-level `diagnostics` array to carry it (the caller prints it to stderr).
   */
  readonly unplaced?: Diagnostic;
}

// In a `u` regular expression `\p{Cs}` matches only a surrogate that is not half of a pair.
const LONE_SURROGATE = /\p{Cs}/u;
const LONE_SURROGATES = /\p{Cs}/gu;
const SHOWN_PATHS = 5;

function toPath(parent: string, key: string | number): string {
  if (typeof key === "number") return `${parent}[${key}]`;
  return /^[A-Za-z_$][\w$]*$/.test(key)
    ? `${parent === "" ? "" : `${parent}.`}${key}`
    : `${parent}[${JSON.stringify(key.replace(LONE_SURROGATES, "\uFFFD"))}]`;
}

function repair(value: unknown, path: string, repaired: string[]): unknown {
  if (typeof value === "string") {
    if (!LONE_SURROGATE.test(value)) return value;
    repaired.push(path === "" ? "(the value)" : path);
    return value.replace(LONE_SURROGATES, "\uFFFD");
  }
  if (Array.isArray(value))
    return value.map((item, index) => repair(item, toPath(path, index), repaired));
  if (value === null || typeof value !== "object") return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const name = LONE_SURROGATE.test(key) ? key.replace(LONE_SURROGATES, "\uFFFD") : key;
    if (name !== key) repaired.push(`${toPath(path, name)} (its key)`);
    // Defined, not assigned: a key named `__proto__` stays a key.
    Object.defineProperty(copy, name, {
      value: repair(item, toPath(path, key), repaired),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

/**
 * The `--json` text of a command's output. `JSON.stringify` writes a lone surrogate (half of a
 * UTF-16 pair, reachable through a YAML or JSON `\uD800` escape in a SKILL.md, facts or config)
 * as a `\ud800` escape that strict JSON parsers reject; every such surrogate, in values and keys,
 * becomes U+FFFD, and a `CLI_JSON_LONE_SURROGATE` warning names the first paths: appended to the
 * output's top-level `diagnostics` array when it has one, else returned as `unplaced`.
 */
export function formatJsonOutput(value: unknown): JsonOutput {
  const repaired: string[] = [];
  const clean = repair(value, "", repaired);
  let unplaced: Diagnostic | undefined;
  if (repaired.length > 0) {
    const more = repaired.length - SHOWN_PATHS;
    const diagnostic: Diagnostic = {
      code: "CLI_JSON_LONE_SURROGATE",
      severity: "warning",
      message: `${repaired.length} string${repaired.length === 1 ? "" : "s"} held a lone surrogate (half of a UTF-16 pair), written as U+FFFD: ${repaired.slice(0, SHOWN_PATHS).join(", ")}${more > 0 ? ` and ${more} more` : ""}.`,
      hint: "Find the escape (such as \\uD800) in the input the text came from: a SKILL.md, the facts or the config.",
    };
    const diagnostics = (clean as { diagnostics?: unknown } | null)?.diagnostics;
    if (Array.isArray(diagnostics)) diagnostics.push(diagnostic);
    else unplaced = diagnostic;
  }
  return {
    text: `${JSON.stringify(clean, null, 2)}\n`,
    ...(unplaced === undefined ? {} : { unplaced }),
  };
}

/** Prints `value` as `--json` output (see `formatJsonOutput`); an unplaced warning goes to stderr. */
export function printJsonOutput(io: CliIo, value: unknown): void {
  const { text, unplaced } = formatJsonOutput(value);
  io.stdout(text);
  if (unplaced !== undefined) io.stderr(formatDiagnostics([unplaced], createStyler(io)));
}
