import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import {
  buildConfigJsonSchema,
  loadConfigFile,
  normalizeLegacyConfig,
  parseConfigText,
  resolveAgentSystemPromptConfig,
} from "../src/index.js";

const caseDir = "../../../fixtures/config/realistic-gateway-config";
const configPath = fileURLToPath(new URL(`${caseDir}/config.json5`, import.meta.url));
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

describe("fixture: realistic-gateway-config", async () => {
  const { config, diagnostics } = await loadConfigFile(configPath);

  it("normalizes legacy spellings and reports them (golden)", async () => {
    await expect(json(config)).toMatchFileSnapshot(`${caseDir}/expected-config.json`);
    await expect(json(diagnostics)).toMatchFileSnapshot(`${caseDir}/expected-diagnostics.json`);
  });

  it.each(["main", "research", "family", "ops", "unlisted"])(
    "resolves agent %s (golden)",
    async (agentId) => {
      const resolved = resolveAgentSystemPromptConfig(config, { agentId, sessionKind: "main" });
      await expect(json(resolved)).toMatchFileSnapshot(
        `${caseDir}/expected-resolved-${agentId}.json`,
      );
    },
  );

  it("its normalized form validates against the committed JSON Schema", () => {
    const raw = normalizeLegacyConfig(
      parseConfigText(readFileSync(configPath, "utf8"), configPath),
    ).raw;
    const validate = new Ajv2020({ strict: false }).compile(buildConfigJsonSchema());
    expect(validate(raw)).toBe(true);
    expect(validate({ agents: { defaults: { bootstrapMaxChars: -1 } } })).toBe(false);
  });
});
