import { describe, expect, it } from "vitest";
import { resolveCodexReasoningEffort } from "./resolve-codex-reasoning-effort.js";

describe("resolveCodexReasoningEffort", () => {
  it("uses the level's own effort when the entry lists it", () => {
    const all = ["none", "minimal", "low", "medium", "high", "xhigh"];
    expect(resolveCodexReasoningEffort("off", all)).toBe("none");
    expect(resolveCodexReasoningEffort("medium", all)).toBe("medium");
    expect(resolveCodexReasoningEffort("ultra", all)).toBe("xhigh");
  });

  it("picks the nearest supported effort, the lower one on a tie", () => {
    const some = ["low", "medium", "high"];
    expect(resolveCodexReasoningEffort("ultra", some)).toBe("high");
    expect(resolveCodexReasoningEffort("off", some)).toBe("low");
    expect(resolveCodexReasoningEffort("minimal", some)).toBe("low");
    expect(resolveCodexReasoningEffort("medium", ["low", "high"])).toBe("low");
  });

  it("leaves the effort unset without a level, a supported list or a known effort", () => {
    expect(resolveCodexReasoningEffort(undefined, ["low"])).toBeUndefined();
    expect(resolveCodexReasoningEffort("high", undefined)).toBeUndefined();
    expect(resolveCodexReasoningEffort("high", [])).toBeUndefined();
    expect(resolveCodexReasoningEffort("high", ["turbo"])).toBeUndefined();
  });
});
