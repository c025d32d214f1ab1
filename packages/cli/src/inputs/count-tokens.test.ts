import { beforeAll, describe, expect, it } from "vitest";
import { countTokens, loadTokenCounter } from "./count-tokens.js";

beforeAll(() => loadTokenCounter());

describe("countTokens", () => {
  it("counts special-token text as plain text instead of throwing", () => {
    expect(countTokens("notes <|endoftext|> more")).toBeGreaterThan(3);
  });

  it("counts nothing for empty text", () => {
    expect(countTokens("")).toBe(0);
  });
});
