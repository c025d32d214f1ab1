import { describe, expect, it, vi } from "vitest";
import { createLazyTokenCounter } from "./create-lazy-token-counter.js";
import type { TokenCounterFactory } from "./create-lazy-token-counter.js";

describe("createLazyTokenCounter", () => {
  it("creates nothing until the first load, then one counter for the run", async () => {
    const counter = { countTokens: (text: string) => text.length, isWithinLimit: () => true };
    const create = vi.fn<TokenCounterFactory>(() => Promise.resolve(counter));
    const lazy = createLazyTokenCounter(create);
    expect(create).not.toHaveBeenCalled();
    const [first, second] = await Promise.all([lazy.load(), lazy.load()]);
    expect(first).toBe(counter);
    expect(second).toBe(counter);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it("keeps no state between runs: each run's counter loads its own", async () => {
    const create = vi.fn<TokenCounterFactory>(() =>
      Promise.resolve({ countTokens: () => 1, isWithinLimit: () => true }),
    );
    await createLazyTokenCounter(create).load();
    await createLazyTokenCounter(create).load();
    expect(create).toHaveBeenCalledTimes(2);
  });

  it("loads the o200k counter by default, which counts special-token text as plain text", async () => {
    const counter = await createLazyTokenCounter().load();
    expect(counter.countTokens("notes <|endoftext|> more")).toBeGreaterThan(3);
    expect(counter.countTokens("")).toBe(0);
  });
});
