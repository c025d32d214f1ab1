import { describe, expect, it } from "vitest";
import type { RenderedPrompt } from "@promptstack/renderer";
import { CodexError } from "../src/codex-error.js";
import { findCodexMarkerLookAlikes } from "../src/find-codex-marker-look-alikes.js";
import { splitPresentationGuidance } from "../src/split-presentation-guidance.js";
import { stripCodexBoundaryMarkers } from "../src/strip-codex-boundary-markers.js";
import { buildWorkspaceMemoryNote } from "../src/build-workspace-memory-note.js";

// Exact outputs of the small text helpers the turn plan is built from.

function withGuidance(text: string): RenderedPrompt {
  return {
    text: "",
    boundary: -1,
    sections: [
      { id: "ui_presentation", heading: "UI Presentation", text, cache: "volatile" },
    ] as unknown as RenderedPrompt["sections"],
  };
}

describe("splitPresentationGuidance, exact split", () => {
  const GUIDE = "## UI Presentation\nUse widgets.";

  it.each([
    ["guidance in the middle", `## A\na\n\n${GUIDE}\n\n## B\nb`, "## A\na\n\n## B\nb"],
    ["guidance first", `${GUIDE}\n\n## B\nb`, "## B\nb"],
    ["guidance last", `## A\na\n\n${GUIDE}`, "## A\na"],
    ["guidance alone", GUIDE, ""],
  ])("%s", (_name, volatileText, turnContext) => {
    expect(splitPresentationGuidance(withGuidance(GUIDE), volatileText)).toStrictEqual({
      turnContext,
      guidance: GUIDE,
    });
  });

  it("leaves the text whole when the section is not in it, or is empty", () => {
    const text = "## A\na\n\n## B\nb";
    expect(splitPresentationGuidance(withGuidance(GUIDE), text)).toStrictEqual({
      turnContext: text,
    });
    expect(splitPresentationGuidance(withGuidance(" \n"), text)).toStrictEqual({
      turnContext: text,
    });
    // An empty guidance is found at 0 by indexOf; it must not be split off.
    expect(
      splitPresentationGuidance(withGuidance("<!-- OPENCLAW_CACHE_BOUNDARY -->"), text),
    ).toStrictEqual({
      turnContext: text,
    });
  });

  it("splits the guidance off wherever it is found, even at the very start", () => {
    expect(splitPresentationGuidance(withGuidance(GUIDE), `${GUIDE}\nTail`)).toStrictEqual({
      turnContext: "Tail",
      guidance: GUIDE,
    });
  });
});

describe("stripCodexBoundaryMarkers, exact output", () => {
  it("drops whole-line markers of any name, even indented, and trims the result", () => {
    expect(
      stripCodexBoundaryMarkers(
        "\n\n  Keep.\n  <!-- OTHER_CACHE_BOUNDARY -->  \n<!-- SOME_MARKER -->\nAlso.\n\n",
      ),
    ).toBe("Keep.\nAlso.");
  });

  it("refuses a marker inside a line with a typed error", () => {
    let error: unknown;
    try {
      stripCodexBoundaryMarkers("a <!-- OPENCLAW_RUNTIME_TAIL_BEGIN --> b");
    } catch (caught) {
      error = caught;
    }
    expect(CodexError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: "CODEX_BOUNDARY_LEAK",
      message: "A renderer marker is embedded inside a line of the runtime policy text.",
      path: "runtimePolicy.text",
      hint: "Render the policy with the renderer's boundary helpers.",
    });
  });
});

describe("findCodexMarkerLookAlikes, edge values", () => {
  it("names a marker string at the root", () => {
    expect(findCodexMarkerLookAlikes("<!-- X_BOUNDARY -->")).toStrictEqual(["(root)"]);
    expect(findCodexMarkerLookAlikes("plain")).toStrictEqual([]);
  });

  it("walks past null, numbers and booleans, and visits a shared or cyclic object once", () => {
    const shared: Record<string, unknown> = { text: "<!-- A_RUNTIME_TAIL_BEGIN -->" };
    shared["self"] = shared;
    const value = { a: null, b: 1, c: true, d: [null, shared], e: shared, f: undefined };
    expect(findCodexMarkerLookAlikes(value)).toStrictEqual(["d[1].text"]);
  });
});

describe("buildWorkspaceMemoryNote", () => {
  it("points to the memory tools in three lines", () => {
    expect(buildWorkspaceMemoryNote()).toBe(
      "Workspace memory lives in MEMORY.md and memory/*.md; it is not pasted here.\nUse memory_search to find relevant notes and memory_get to read one.\nCheck memory before answering questions about past work, decisions or preferences.",
    );
  });
});
