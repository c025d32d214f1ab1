import type { TokenCounter } from "@promptstack/core";
import type { CliAssets } from "./inputs/discover-cli-assets.js";

/** Where the CLI writes and what it knows about its surroundings. Injected so tests run in-process. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** Whether stdout is an interactive terminal (decides boundary rule, colours, summary line). */
  readonly isTTY: boolean;
  /** Environment: `HOME` and `CODEX_HOME` steer the home-folder and Codex catalog lookups. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Directory that relative command-line paths resolve against. */
  readonly cwd: string;
  /** The demo, the synthetic catalog and the checkout; default `discoverCliAssets()`. */
  readonly assets?: CliAssets;
  /**
   * Makes the run's token counter when an output first needs counts; default `@promptstack/o200k`'s
   * `loadO200kTokenCounter`. Injected by tests to see whether, and how often, it is loaded.
   */
  readonly createTokenCounter?: () => Promise<TokenCounter>;
}
