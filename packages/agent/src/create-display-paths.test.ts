import { describe, expect, it } from "vitest";
import { createDisplayPaths } from "./create-display-paths.js";

// Two mappings, the first one nested in the second: the first that contains a path wins.
const paths = createDisplayPaths([
  { real: "/srv/agents/demo", shown: "~/demo" },
  { real: "/srv/agents", shown: "/agents" },
]);

describe("createDisplayPaths", () => {
  it("shows a real path through the first mapping that contains it", () => {
    expect(
      ["/srv/agents/demo", "/srv/agents/demo/memory/2026-11-28.md", "/srv/agents/x", "/srv/a"].map(
        paths.show,
      ),
    ).toEqual(["~/demo", "~/demo/memory/2026-11-28.md", "/agents/x", "/srv/a"]);
  });

  it("maps a shown path back to the real one, and leaves an unmapped path alone", () => {
    expect(
      [
        "~/demo",
        "~/demo/memory/2026-11-28.md",
        "/agents/x",
        "~/demonstration/a",
        "/elsewhere/a",
        "~",
      ].map(paths.toReal),
    ).toEqual([
      "/srv/agents/demo",
      "/srv/agents/demo/memory/2026-11-28.md",
      "/srv/agents/x",
      "~/demonstration/a",
      "/elsewhere/a",
      "~",
    ]);
  });

  it("shows the real folders in a diagnostic's message, path and hint", () => {
    expect(
      paths.showDiagnostic({
        code: "BOOTSTRAP_FILE_SKIPPED",
        severity: "warning",
        message: "/srv/agents/demo/MEMORY.md is not UTF-8.",
        path: "/srv/agents/demo/MEMORY.md",
        hint: "Save /srv/agents/demo/MEMORY.md as UTF-8.",
      }),
    ).toEqual({
      code: "BOOTSTRAP_FILE_SKIPPED",
      severity: "warning",
      message: "~/demo/MEMORY.md is not UTF-8.",
      path: "~/demo/MEMORY.md",
      hint: "Save ~/demo/MEMORY.md as UTF-8.",
    });
  });

  it("leaves a diagnostic without path or hint without them", () => {
    expect(
      paths.showDiagnostic({
        code: "SKILLS_ROOT_MISSING",
        severity: "info",
        message: "No skills in /srv/agents/demo/skills.",
      }),
    ).toStrictEqual({
      code: "SKILLS_ROOT_MISSING",
      severity: "info",
      message: "No skills in ~/demo/skills.",
    });
  });
});
