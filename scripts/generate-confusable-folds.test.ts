import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  buildConfusableFoldsModule,
  CONFUSABLE_FOLDS_PATH,
  readConfusablesData,
} from "./generate-confusable-folds.js";

describe("the renderer's confusable table", () => {
  it("matches a fresh generation from Unicode's data (run `pnpm confusables:gen`)", () => {
    const committed = readFileSync(new URL(`../${CONFUSABLE_FOLDS_PATH}`, import.meta.url), "utf8");
    expect(buildConfusableFoldsModule(readConfusablesData())).toBe(committed);
  });

  it("drifts when the data changes (the check can fail)", () => {
    const data = { ...readConfusablesData(), "\u0578": "q" };
    const committed = readFileSync(new URL(`../${CONFUSABLE_FOLDS_PATH}`, import.meta.url), "utf8");
    expect(buildConfusableFoldsModule(data)).not.toBe(committed);
  });

  it("folds the letters the attack run used: Greek and Cyrillic capitals", () => {
    const module = buildConfusableFoldsModule(readConfusablesData());
    for (const code of ["0397", "041d", "03b7", "0435", "02db"])
      expect(module).toContain(`\\u${code}`);
  });
});
