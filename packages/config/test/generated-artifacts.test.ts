import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { z } from "zod/mini";
import { describe, expect, it } from "vitest";
import { buildConfigJsonSchema, formatJsonSchemaFile } from "../src/index.js";
import { formatConfigReferenceMarkdown } from "../src/format-config-reference-markdown.js";
import { formatRunFactsReferenceMarkdown } from "../src/format-run-facts-reference-markdown.js";
import { buildJsonSchemaFromZod } from "../src/build-json-schema-from-zod.js";
import { getConfigSchema } from "../src/config-schema.js";

const schemaFile = fileURLToPath(new URL("../schema.json", import.meta.url));

describe("generated artifacts", () => {
  it("packages/config/schema.json matches the schema", async () => {
    await expect(formatJsonSchemaFile(buildConfigJsonSchema())).toMatchFileSnapshot(
      "../schema.json",
    );
  });

  it("docs/configuration.md matches the schema", async () => {
    await expect(formatConfigReferenceMarkdown()).toMatchFileSnapshot(
      "../../../docs/configuration.md",
    );
  });

  it("docs/run-facts.md matches the run facts schema", async () => {
    await expect(formatRunFactsReferenceMarkdown()).toMatchFileSnapshot(
      "../../../docs/run-facts.md",
    );
  });

  it("the schema.json gate fails when the schema changes", async () => {
    const committed = await readFile(schemaFile, "utf8");
    expect(formatJsonSchemaFile(buildConfigJsonSchema())).toBe(committed);
    const changed = z.extend(getConfigSchema(), {
      extra: z.optional(z.boolean().check(z.describe("A key added to prove the gate."))),
    });
    const drifted = formatJsonSchemaFile(
      buildJsonSchemaFromZod(changed, "promptstack configuration"),
    );
    expect(drifted).not.toBe(committed);
    expect(drifted).toContain("A key added to prove the gate.");
  });

  it("the docs gate fails when a description changes", async () => {
    const committed = await readFile(
      fileURLToPath(new URL("../../../docs/configuration.md", import.meta.url)),
      "utf8",
    );
    expect(committed).toBe(formatConfigReferenceMarkdown());
    expect(committed).toContain(
      "`agents.defaults.bootstrapMaxChars` (integer > 0; default `20000`)",
    );
  });
});
