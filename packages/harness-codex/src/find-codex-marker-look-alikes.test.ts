import { describe, expect, it } from "vitest";
import { CodexError } from "./codex-error.js";
import { findCodexMarkerLookAlikes } from "./find-codex-marker-look-alikes.js";
import { stripCodexBoundaryMarkers } from "./strip-codex-boundary-markers.js";

describe("findCodexMarkerLookAlikes", () => {
  it("names every string that spells a marker, in document order", () => {
    const facts = {
      sender: "Ada",
      tools: [
        { name: "read", description: "Read a file." },
        { name: "exec", description: "Run <!-- X_CACHE_BOUNDARY --> now." },
      ],
      channel: { "odd key": "<!-- A_RUNTIME_TAIL_END -->", label: "<!-- not a marker -->" },
    };
    expect(findCodexMarkerLookAlikes(facts)).toEqual([
      "tools[1].description",
      'channel["odd key"]',
    ]);
    expect(findCodexMarkerLookAlikes({ tools: [{ description: "plain" }] })).toEqual([]);
  });

  it("uses the same rule as stripCodexBoundaryMarkers", () => {
    const text = "Tools:\n- exec: Run <!-- X_CACHE_BOUNDARY --> now.";
    const error: unknown = (() => {
      try {
        stripCodexBoundaryMarkers(text);
        return undefined;
      } catch (caught) {
        return caught;
      }
    })();
    expect(CodexError.isInstance(error) && error.code).toBe("CODEX_BOUNDARY_LEAK");
    expect(findCodexMarkerLookAlikes({ text })).toEqual(["text"]);
  });
});
