import { describe, expect, it } from "vitest";
import { CodexError } from "./codex-error.js";
import { stripCodexBoundaryMarkers } from "./strip-codex-boundary-markers.js";

describe("stripCodexBoundaryMarkers", () => {
  it("removes the boundary and runtime-tail markers, keeping the text between them", () => {
    const text =
      "Stable.\n\n<!-- OPENCLAW_CACHE_BOUNDARY -->\n\nVolatile.\n\n<!-- OPENCLAW_RUNTIME_TAIL_BEGIN -->\nRuntime: x\n<!-- OPENCLAW_RUNTIME_TAIL_END -->";
    expect(stripCodexBoundaryMarkers(text)).toBe("Stable.\n\nVolatile.\n\nRuntime: x");
  });

  it("throws CODEX_BOUNDARY_LEAK for a marker inside a line", () => {
    try {
      stripCodexBoundaryMarkers("a <!-- OPENCLAW_CACHE_BOUNDARY --> b");
      expect.unreachable();
    } catch (error) {
      expect(CodexError.isInstance(error) && error.code).toBe("CODEX_BOUNDARY_LEAK");
    }
  });
});
