import { describe, expect, it } from "vitest";
import { createStyler } from "./create-styler.js";

describe("createStyler", () => {
  it.each([
    [true, {}, true],
    [false, {}, false],
    [true, { NO_COLOR: "1" }, false],
    // An empty NO_COLOR is unset (no-color.org).
    [true, { NO_COLOR: "" }, true],
    [false, { FORCE_COLOR: "1" }, true],
    [false, { FORCE_COLOR: "0" }, false],
    [false, { FORCE_COLOR: "" }, false],
    [true, { FORCE_COLOR: "0" }, true],
    [false, { FORCE_COLOR: "1", NO_COLOR: "1" }, false],
  ])("on a terminal %j with %j: colour %j", (isTTY, env, enabled) => {
    const styler = createStyler({ isTTY, env });
    expect(styler.enabled).toBe(enabled);
    expect(styler.green("ok")).toBe(enabled ? "\u001b[32mok\u001b[39m" : "ok");
  });

  it("each style has its own escape and reset", () => {
    const styler = createStyler({ isTTY: true, env: {} });
    expect(
      [styler.dim, styler.bold, styler.green, styler.yellow, styler.red, styler.cyan].map((style) =>
        style("x"),
      ),
    ).toEqual([
      "\u001b[2mx\u001b[22m",
      "\u001b[1mx\u001b[22m",
      "\u001b[32mx\u001b[39m",
      "\u001b[33mx\u001b[39m",
      "\u001b[31mx\u001b[39m",
      "\u001b[36mx\u001b[39m",
    ]);
    const plain = createStyler({ isTTY: false, env: {} });
    expect(
      [plain.dim, plain.bold, plain.green, plain.yellow, plain.red, plain.cyan].map((style) =>
        style("x"),
      ),
    ).toEqual(["x", "x", "x", "x", "x", "x"]);
  });
});
