import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  buildConfusableFoldsModule,
  CONFUSABLE_FOLDS_PATH,
  buildBracketFolds,
  readConfusablesData,
  readUnicodeSymbolNames,
  toBracketRun,
} from "./generate-confusable-folds.js";

const NAMES = readUnicodeSymbolNames();

describe("the renderer's confusable table", () => {
  it("matches a fresh generation from Unicode's data (run `pnpm confusables:gen`)", () => {
    const committed = readFileSync(new URL(`../${CONFUSABLE_FOLDS_PATH}`, import.meta.url), "utf8");
    expect(buildConfusableFoldsModule(readConfusablesData(), NAMES)).toBe(committed);
  });

  it("drifts when the data changes (the check can fail)", () => {
    const data = { ...readConfusablesData(), "\u0578": "q" };
    const committed = readFileSync(new URL(`../${CONFUSABLE_FOLDS_PATH}`, import.meta.url), "utf8");
    expect(buildConfusableFoldsModule(data, NAMES)).not.toBe(committed);
    const names = new Map([...NAMES, ["\u2993", "LEFT ARC LESS-THAN BRACKET"]]);
    names.set("\u2995", "LEFT-POINTING ANGLE BRACKET");
    expect(buildConfusableFoldsModule(readConfusablesData(), names)).not.toBe(committed);
  });

  it("folds the letters the attack run used: Greek and Cyrillic capitals", () => {
    const module = buildConfusableFoldsModule(readConfusablesData());
    for (const code of ["0397", "041d", "03b7", "0435", "02db"])
      expect(module).toContain(`\\u${code}`);
  });

  it("takes bracket look-alikes from Unicode names, both sides of each family", () => {
    const folds = new Map(buildBracketFolds(readConfusablesData(), NAMES));
    // Each pair: a family the attack run found folded on one side only, or not at all.
    const pairs = ["\u2039\u203a", "\u2329\u232a", "\u3008\u3009", "\u27e8\u27e9", "\u276c\u276d"];
    for (const [left, right] of pairs.map((pair) => Array.from(pair))) {
      expect(folds.get(left!), left).toMatch(/^<+$/);
      expect(folds.get(right!), right).toMatch(/^>+$/);
    }
    expect(folds.get("\u00ab")).toBe("<<");
    expect(folds.get("\u22d9")).toBe(">>>");
    // Square brackets and parentheses stay themselves: the inert form is `[[[...]]]`.
    for (const bracket of "[]()\uff3b\uff3d\u3010\u3011") expect(folds.has(bracket)).toBe(false);
    expect(toBracketRun("RIGHT TRIANGLE")).toBeUndefined();
    expect(toBracketRun("PRESENTATION FORM FOR VERTICAL LEFT ANGLE BRACKET")).toBeUndefined();
  });
});
