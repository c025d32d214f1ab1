import { describe, expect, it } from "vitest";
import { createCodexSchemaAjv } from "@promptstack-tools/test-utils";

describe("createCodexSchemaAjv", () => {
  it("checks the Codex integer formats instead of ignoring them", () => {
    const validate = createCodexSchemaAjv().compile({
      type: "object",
      properties: {
        a: { type: "integer", format: "uint64" },
        b: { type: "integer", format: "uint32" },
      },
    });
    expect(validate({ a: 12, b: 4_294_967_295 })).toBe(true);
    expect(validate({ a: -1 })).toBe(false);
    expect(validate({ b: 4_294_967_296 })).toBe(false);
  });
});
