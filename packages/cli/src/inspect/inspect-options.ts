import type { PrefixPolicy } from "@promptstack/agent";
import { CliError } from "../cli-error.js";
import type { InputOptions } from "../inputs/input-options.js";

/** Default page file of `inspect`. */
export const DEFAULT_INSPECT_OUT = "prompt.html";

/** The flags of `promptstack inspect`, as commander parses them. */
export interface InspectOptions extends InputOptions {
  /** Page file to write; default `prompt.html`. Not with `--serve`. */
  readonly out?: string;
  /** Run facts of the earlier turn of a cache comparison (with `after`). */
  readonly before?: string;
  /** Run facts of the later turn; the page shows this turn's render. */
  readonly after?: string;
  /** Serve the page on 127.0.0.1 instead of writing a file. */
  readonly serve?: boolean;
  /** With `serve`: re-render and push the page when an input changes. */
  readonly watch?: boolean;
  /** With `serve`: the port; default a free one. */
  readonly port?: number;
  /** `session`: renders share one assembler and the page shows the pinned prefix. Default `live`. */
  readonly prefixPolicy?: PrefixPolicy;
}

/** A usage error of an `inspect` flag (exit 2). */
export function toInspectUsageError(message: string, path: string, hint: string): CliError {
  return new CliError("CLI_USAGE", message, { path, hint });
}
