/**
 * Golden request bodies: each case's third turn (two turns of history) through every builder,
 * compared with `fixtures/providers/<case>/expected-<provider>.json`.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  FIXTURES_DIR,
  listFixtureCases,
  playFixture,
  readFixtureInput,
} from "./fixture-conversation.js";
import type { BuiltBodies } from "./fixture-conversation.js";

describe.each(listFixtureCases())("fixture %s", (name) => {
  const input = readFixtureInput(name);
  let bodies: BuiltBodies = {};
  playFixture(input, (built) => {
    bodies = built;
  });
  it.each(Object.keys(bodies))("%s request matches expected", async (provider) => {
    const built = bodies[provider]!;
    const text = `${JSON.stringify({ body: built.body, diagnostics: built.diagnostics }, null, 2)}\n`;
    await expect(text).toMatchFileSnapshot(join(FIXTURES_DIR, name, `expected-${provider}.json`));
  });
});
