import { describe, expect, it } from "vitest";
import { hasText } from "./create-section-render-context.js";

describe("hasText", () => {
  it("counts text with a visible character anywhere, and nothing else", () => {
    const values = [
      undefined,
      "",
      "  ",
      "\t\n",
      "\u3000",
      "\u00a0",
      "Ada",
      " Ada",
      "\tAda",
      "Åsa",
      "~",
    ];
    expect(values.map((value) => hasText(value))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      true,
      true,
      true,
      true,
      true,
    ]);
  });
});
