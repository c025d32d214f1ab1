const WORDS = (
  "plan week school pickup dentist invoice rent train ticket garden bread dough oven notes " +
  "email draft reply thesis meeting student chapter review calendar shift swim bag groceries " +
  "order delivery cleaner budget trip hotel weather coat umbrella library book return"
).split(" ");

/**
 * Deterministic filler text of about `tokens` tokens by `count` (never fewer), different for each
 * `seed`: the synthetic user messages and assistant replies of `cache-report`. Pure.
 *
 * The text is the shortest prefix of the seed's word sequence (plus a final period) that `count`
 * puts at `tokens` or more. Counting every prefix in turn is quadratic (100,000 tokens never
 * finished), so the prefix length doubles until it is long enough and a binary search finds the
 * shortest: `count` sees O(n log n) characters for a text of n.
 */
export function makeSyntheticText(
  seed: number,
  tokens: number,
  count: (text: string) => number,
): string {
  let state = (seed * 2654435761) >>> 0;
  const words: string[] = [];
  const prefix = (length: number): string => `${words.slice(0, length).join(" ")}.`;
  const grow = (length: number): void => {
    while (words.length < length) {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      words.push(WORDS[(state >>> 8) % WORDS.length]!);
    }
  };
  if (count(prefix(0)) >= tokens) return prefix(0);
  // Invariant: prefix(low) is short of `tokens`, prefix(high) reaches it.
  let low = 0;
  let high = 1;
  for (;;) {
    grow(high);
    if (count(prefix(high)) >= tokens) break;
    low = high;
    high *= 2;
  }
  while (high - low > 1) {
    const middle = low + Math.floor((high - low) / 2);
    if (count(prefix(middle)) >= tokens) high = middle;
    else low = middle;
  }
  return prefix(high);
}
