import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import { documented } from "./document-schema.js";

describe("documented (issue 36)", () => {
  it("records the description and metadata on the schema itself", () => {
    const schema = z.string();
    expect(schema.apply(documented("A name.", { default: "x" }))).toBe(schema);
    expect(z.globalRegistry.get(schema)).toStrictEqual({ description: "A name.", default: "x" });
  });

  it("without a description, adds metadata and keeps the description recorded before", () => {
    const schema = z.string().apply(documented("A name."));
    schema.apply(documented(undefined, { deprecated: true }));
    expect(z.globalRegistry.get(schema)).toStrictEqual({
      description: "A name.",
      deprecated: true,
    });
  });
});
