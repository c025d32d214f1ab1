const WORDS = (
  "plan week school pickup dentist invoice rent train ticket garden bread dough oven notes " +
  "email draft reply thesis meeting student chapter review calendar shift swim bag groceries " +
  "order delivery cleaner budget trip hotel weather coat umbrella library book return"
).split(" ");

/**
 * Deterministic filler text of about `tokens` tokens by `count` (never fewer), different for each
 * `seed`: the synthetic user messages and assistant replies of `cache-report`. Pure.
 */
export function makeSyntheticText(
  seed: number,
  tokens: number,
  count: (text: string) => number,
): string {
  let state = (seed * 2654435761) >>> 0;
  const words: string[] = [];
  let text = ".";
  while (count(text) < tokens) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    words.push(WORDS[(state >>> 8) % WORDS.length]!);
    text = `${words.join(" ")}.`;
  }
  return text;
}
