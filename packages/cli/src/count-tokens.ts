import { countO200kTokens } from "@promptstack/harness-codex";

/**
 * Number of o200k_base tokens in `text` (the GPT-4o / GPT-5 family encoding). Text that spells a
 * special token, such as `<|endoftext|>` in a workspace file, counts as plain text.
 */
export function countTokens(text: string): number {
  return text === "" ? 0 : countO200kTokens(text);
}
