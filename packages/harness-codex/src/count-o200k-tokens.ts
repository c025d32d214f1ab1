import { countTokens } from "gpt-tokenizer/encoding/o200k_base";

const NO_SPECIAL_TOKENS = { disallowedSpecial: new Set<string>() };

/** Token count with the o200k_base encoding; special-token text counts as plain text. */
export function countO200kTokens(text: string): number {
  return countTokens(text, NO_SPECIAL_TOKENS);
}
