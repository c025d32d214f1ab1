import { PromptstackError } from "@promptstack/core";
import type { PromptstackErrorOptions } from "@promptstack/core";

const CLI_ERROR_MARKER = Symbol.for("promptstack.cli.error");

/** Codes thrown by `@promptstack/cli`. Every one of them exits with status 2. */
export type CliErrorCode =
  | "CLI_USAGE"
  | "CLI_WORKSPACE_MISSING"
  | "CLI_FILE_MISSING"
  | "CLI_FACTS_INVALID"
  | "CLI_CONFIG_INVALID"
  | "CLI_SKILL_ENV_INVALID"
  | "CLI_LEDGER_INVALID"
  | "CLI_OUTPUT_UNWRITABLE";

/** A usage error or invalid input: the user can fix it; printed without a stack trace. */
export class CliError extends PromptstackError<CliErrorCode> {
  constructor(code: CliErrorCode, message: string, options: PromptstackErrorOptions = {}) {
    super(code, message, options);
    this.name = "CliError";
    this.mark(CLI_ERROR_MARKER);
  }

  static override isInstance(value: unknown): value is CliError {
    return super.hasMarker(value, CLI_ERROR_MARKER);
  }
}
