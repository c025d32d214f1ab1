import { describe, expect, it } from "vitest";
import { formatConformanceSummary, judgeConformanceAnswer } from "./codex-conformance.js";

describe("judgeConformanceAnswer", () => {
  it("passes results and runtime errors, fails rejected params and silence", () => {
    expect(judgeConformanceAnswer("a", { result: {} }).passed).toBe(true);
    expect(
      judgeConformanceAnswer("b", { error: { code: -32000, message: "model not available" } })
        .passed,
    ).toBe(true);
    expect(
      judgeConformanceAnswer("c", {
        error: { code: -32600, message: "Invalid request: unknown variant `bogus`" },
      }).passed,
    ).toBe(false);
    expect(judgeConformanceAnswer("d", { error: { code: -32602, message: "bad" } }).passed).toBe(
      false,
    );
    expect(judgeConformanceAnswer("e", undefined)).toEqual({
      name: "e",
      passed: false,
      detail: "no answer before the timeout",
    });
  });

  it("prints the one summary line CI reads", () => {
    const results = [
      judgeConformanceAnswer("a", { result: {} }),
      judgeConformanceAnswer("b", undefined),
    ];
    expect(formatConformanceSummary(results)).toBe("1 passed, 1 failed");
  });
});
