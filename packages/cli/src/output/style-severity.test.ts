import { describe, expect, it } from "vitest";
import { markingStyler } from "../../test/marking-styler.js";
import { styleSeverity } from "./style-severity.js";

describe("styleSeverity", () => {
  it("colours errors red, warnings yellow and infos dim", () => {
    expect(styleSeverity("error", markingStyler)).toBe("<red>error</red>");
    expect(styleSeverity("warning", markingStyler)).toBe("<yellow>warning</yellow>");
    expect(styleSeverity("info", markingStyler)).toBe("<dim>info</dim>");
  });

  it("pads the label inside the colour", () => {
    expect(styleSeverity("info", markingStyler, 7)).toBe("<dim>info   </dim>");
    expect(styleSeverity("warning", markingStyler, 7)).toBe("<yellow>warning</yellow>");
  });
});
