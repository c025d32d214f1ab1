import { describe, expect, it } from "vitest";
import { formatConfigPath } from "./format-config-path.js";

describe("formatConfigPath", () => {
  it("joins plain keys and indices with dots, quotes odd keys, and names symbols", () => {
    expect(formatConfigPath([])).toBe("(root)");
    expect(formatConfigPath(["agents", "entries", "my bot", 0, "$id-1_x"])).toBe(
      'agents.entries."my bot".0.$id-1_x',
    );
    expect(formatConfigPath([Symbol("tag"), Symbol(), "a"])).toBe("tag.symbol.a");
  });
});
