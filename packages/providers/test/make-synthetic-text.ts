/** Test helper: deterministic filler text for the demo cache tests (counted in o200k tokens). */
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";

const WORDS = (
  "calendar reminder tomorrow morning meeting notes draft email garden invoice train ticket " +
  "weather dinner recipe budget report deadline weekend plan call sister doctor appointment " +
  "groceries list book flight hotel review photos backup laptop printer paper project idea"
).split(" ");

/** Deterministic filler text of about `tokens` o200k tokens, different for each seed. */
export function makeSyntheticText(seed: number, tokens: number): string {
  let state = seed * 2654435761;
  const words: string[] = [];
  while (countTokens(words.join(" ")) < tokens) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    words.push(WORDS[state % WORDS.length]!);
  }
  return `${words.join(" ")}.`;
}
