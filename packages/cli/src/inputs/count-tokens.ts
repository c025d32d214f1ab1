import { createO200kTokenCounter } from "@promptstack/bootstrap";
import type { TokenCounter } from "@promptstack/bootstrap";

// The o200k tables cost ~40 MB and >100 ms to load: the CLI loads them once per process, and only
// on the paths that show token counts (see loadTokenCounter's callers).
let loaded: TokenCounter | undefined;

/** Loads bootstrap's o200k_base counter (once); call it before `countTokens`. */
export async function loadTokenCounter(): Promise<void> {
  loaded ??= await createO200kTokenCounter();
}

/**
 * Number of o200k_base tokens in `text` (the GPT-4o / GPT-5 family encoding). Text that spells a
 * special token, such as `<|endoftext|>` in a workspace file, counts as plain text. Needs
 * `loadTokenCounter()` first.
 */
export function countTokens(text: string): number {
  if (text === "") return 0;
  if (loaded === undefined) {
    throw new Error("countTokens called before loadTokenCounter(); this is a CLI bug");
  }
  return loaded.countTokens(text);
}
