import { describe, expect, it } from "vitest";
import { BootstrapError } from "./bootstrap-error.js";
import { createO200kTokenCounter } from "./create-o200k-token-counter.js";

describe("createO200kTokenCounter", () => {
  it("counts special-token text as plain text", async () => {
    const counter = await createO200kTokenCounter();
    expect(counter.countTokens("notes <|endoftext|> more")).toBeGreaterThan(3);
    expect(counter.isWithinLimit("one two three", 1)).toBe(false);
  });

  it("counts a text of exactly the limit as within it, and one token over as not", async () => {
    const counter = await createO200kTokenCounter();
    const text = "one two three four five";
    const tokens = counter.countTokens(text);
    expect(counter.isWithinLimit(text, tokens)).toBe(true);
    expect(counter.isWithinLimit(text, tokens - 1)).toBe(false);
  });

  it("names the optional peer dependency when gpt-tokenizer is missing", async () => {
    const missing = () => Promise.reject(new Error("Cannot find package 'gpt-tokenizer'"));
    const error = await createO200kTokenCounter(missing).catch((e: unknown) => e);
    expect(BootstrapError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: "BOOTSTRAP_TOKENIZER_MISSING",
      message: "Counting o200k tokens needs the gpt-tokenizer package, which could not be loaded.",
      path: "gpt-tokenizer",
    });
    expect((error as BootstrapError).hint).toContain("optional peer dependency");
  });
});
