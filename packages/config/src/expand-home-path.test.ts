import { describe, expect, it } from "vitest";
import { expandHomePath } from "./expand-home-path.js";

describe("expandHomePath", () => {
  it("takes a leading ~ as the home folder", () => {
    expect(expandHomePath("~", "/home/a")).toBe("/home/a");
    expect(expandHomePath("~/agent", "/home/a")).toBe("/home/a/agent");
  });

  it("leaves other paths, ~user and paths without a home as written", () => {
    expect(expandHomePath("./ws", "/home/a")).toBe("./ws");
    expect(expandHomePath("~bob/ws", "/home/a")).toBe("~bob/ws");
    expect(expandHomePath("~/ws", undefined)).toBe("~/ws");
  });
});
