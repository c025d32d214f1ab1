import type { PrefixPolicy } from "@promptstack/agent";
import { CliError } from "../cli-error.js";

/** `--prefix-policy`: `live` or `session`; anything else is a `CLI_USAGE` error. */
export function parsePrefixPolicyOption(value: string): PrefixPolicy {
  if (value === "live" || value === "session") return value;
  throw new CliError(
    "CLI_USAGE",
    `--prefix-policy ${JSON.stringify(value)} is not a prefix policy.`,
    {
      path: "--prefix-policy",
      hint: "Pass live (the prefix follows every edit at once) or session (the prefix is pinned; edits reach the model as change notes).",
    },
  );
}
