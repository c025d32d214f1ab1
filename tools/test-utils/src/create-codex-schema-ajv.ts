import { Ajv } from "ajv";

/** Rust integer widths that Codex's generated JSON Schemas name as `format` (schemars). */
const UNSIGNED_FORMATS = {
  uint: Number.MAX_SAFE_INTEGER,
  uint8: 2 ** 8 - 1,
  uint16: 2 ** 16 - 1,
  uint32: 2 ** 32 - 1,
  uint64: Number.MAX_SAFE_INTEGER,
} as const;

/**
 * An ajv instance for the Codex app-server schemas under `fixtures/codex-protocol/`. It knows
 * their integer formats (`uint`, `uint32`, `uint64`, ...), so a negative or fractional value
 * fails instead of the format being ignored with an `unknown format` warning.
 */
export function createCodexSchemaAjv(): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true });
  for (const [name, max] of Object.entries(UNSIGNED_FORMATS)) {
    ajv.addFormat(name, {
      type: "number",
      validate: (value: number) => Number.isInteger(value) && value >= 0 && value <= max,
    });
  }
  return ajv;
}
