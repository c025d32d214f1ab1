import { countTokens as countO200kTokens } from "gpt-tokenizer/encoding/o200k_base";

/** Number of o200k_base tokens in `text` (the GPT-4o / GPT-5 family encoding). */
export function countTokens(text: string): number {
  if (text === "") return 0;
  return countO200kTokens(text);
}
