import { CliError } from "./cli-error.js";
import type { CliAssets } from "./discover-cli-assets.js";

/**
 * The repository checkout a maintainer command works on. Throws `CLI_CHECKOUT_REQUIRED` when the
 * CLI runs from an installed package: there are no fixtures to read or rewrite there.
 */
export function requireCheckout(assets: CliAssets, command: string): string {
  if (assets.repoRoot !== undefined) return assets.repoRoot;
  throw new CliError(
    "CLI_CHECKOUT_REQUIRED",
    `\`promptstack ${command}\` works on the fixtures of a promptstack repository checkout, and this promptstack is not running from one.`,
    {
      path: command,
      hint: `Run it from a clone: \`pnpm install && pnpm promptstack ${command}\`.`,
    },
  );
}
