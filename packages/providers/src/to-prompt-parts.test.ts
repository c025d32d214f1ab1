import { NEUTRAL_PRODUCT_PROFILE, buildAgentSystemPrompt } from "@promptstack/renderer";
import type { RenderedSection } from "@promptstack/renderer";
import { describe, expect, it } from "vitest";
import { neutralizeMarkerComments, toPromptParts } from "./to-prompt-parts.js";
import { invalidArgument, thrownBy } from "../test/expected-errors.js";

const volatile = {
  time: { date: "2026-11-29", time: "09:12", timeZone: "UTC" },
  runtime: { host: "wren-desk", os: "linux" },
};

describe("toPromptParts", () => {
  it("splits at the boundary and drops every marker line", () => {
    const prompt = buildAgentSystemPrompt({ volatile });
    expect(prompt.text).toContain("<!-- OPENCLAW_RUNTIME_TAIL_BEGIN -->");
    const { parts, diagnostics } = toPromptParts(prompt);
    expect(diagnostics).toEqual([]);
    expect(parts.stable).toBe(prompt.text.slice(0, prompt.boundary).replace(/\n+$/, ""));
    expect(parts.volatile).toContain("## Runtime");
    expect(parts.volatile).toContain("2026-11-29");
    for (const text of [parts.stable, parts.volatile]) expect(text).not.toContain("<!--");
    expect(parts.rules).toBe(parts.stable);
    expect(parts.workspace).toBe("");
  });

  it("takes mode none whole, with no volatile part", () => {
    const prompt = buildAgentSystemPrompt({ mode: "none", volatile });
    const { parts } = toPromptParts(prompt);
    expect(parts.volatile).toBe("");
    expect(parts.stable).not.toContain("<!--");
  });

  it("quotes marker look-alikes a legacy hook left in the text", () => {
    const prompt = buildAgentSystemPrompt({
      volatile,
      beforePromptBuild: (text) => `${text}\nsee <!-- OPENCLAW_RUNTIME_TAIL_END --> here`,
    });
    const { parts } = toPromptParts(prompt);
    expect(`${parts.stable}${parts.volatile}`).not.toContain("<!-- OPENCLAW_");
    expect(parts.volatile).toContain("<!-- (quoted) OPENCLAW_RUNTIME_TAIL_END -->");
  });

  it("splits the stable text before the first workspace section", () => {
    const prompt = buildAgentSystemPrompt({
      volatile,
      contextFiles: [{ path: "MEMORY.md", content: "- likes tea" }],
    });
    const { parts } = toPromptParts(prompt, { workspaceBoundary: ["workspace_files"] });
    expect(parts.workspace.startsWith("## Workspace Files")).toBe(true);
    expect(parts.rules.endsWith("\n\n")).toBe(true);
    expect(parts.rules + parts.workspace).toBe(parts.stable);
  });

  it("reports a workspace section a hook rewrote, and does not split", () => {
    const prompt = buildAgentSystemPrompt({
      volatile,
      contextFiles: [{ path: "MEMORY.md", content: "- likes tea" }],
      beforePromptBuild: (text) => text.replace("likes tea", "likes coffee"),
    });
    const { parts, diagnostics } = toPromptParts(prompt, {
      workspaceBoundary: ["workspace_files"],
    });
    expect(parts.workspace).toBe("");
    expect(diagnostics.map((d) => d.code)).toEqual(["PROVIDERS_WORKSPACE_BOUNDARY_NOT_FOUND"]);
  });

  it("rejects a prompt without text with ProvidersError", () => {
    expect(() => toPromptParts({} as never)).toThrow(/prompt.text must be a string/);
  });
});

describe("toPromptParts on a hand-written prompt", () => {
  const section = (id: string, text: string, cache: "stable" | "volatile" = "stable") =>
    ({ id, heading: "", text, cache }) as RenderedSection;
  const BOUNDARY = "<!-- OPENCLAW_CACHE_BOUNDARY -->";

  it("trims newlines (only newlines) at both ends of each part", () => {
    const { parts } = toPromptParts({
      text: `\n\n Rules.\n\nMore. \n\n${BOUNDARY}\n\n Facts.\n\n\n`,
      sections: [],
      boundary: -1,
    });
    expect(parts).toEqual({
      rules: " Rules.\n\nMore. ",
      workspace: "",
      stable: " Rules.\n\nMore. ",
      volatile: " Facts.",
    });
    expect(toPromptParts({ text: "\n\n\n", sections: [], boundary: -1 }).parts.stable).toBe("");
    expect(toPromptParts({ text: "Rules.", sections: [], boundary: -1 }).parts.stable).toBe(
      "Rules.",
    );
  });

  const text = "Rules.\n\n## Skills\nA.\n\n## Files\nB.";
  const sections = [
    section("skills", "## Skills\nA."),
    section("workspace_files", "## Files\nB."),
    section("runtime", "## Files\nB.", "volatile"),
  ];

  it("splits before the first boundary section the prompt holds, in the prompt's order", () => {
    const { parts, diagnostics } = toPromptParts(
      { text, sections, boundary: -1 },
      { workspaceBoundary: ["workspace_files", "skills"] },
    );
    expect(parts).toEqual({
      rules: "Rules.\n\n",
      workspace: "## Skills\nA.\n\n## Files\nB.",
      stable: text,
      volatile: "",
    });
    expect(diagnostics).toEqual([]);
  });

  it("never splits at a volatile section, nor without sections", () => {
    const noSplit = { rules: text, workspace: "", stable: text, volatile: "" };
    expect(
      toPromptParts({ text, sections, boundary: -1 }, { workspaceBoundary: ["runtime"] }),
    ).toEqual({ parts: noSplit, diagnostics: [] });
    expect(toPromptParts({ text } as never, { workspaceBoundary: ["workspace_files"] })).toEqual({
      parts: noSplit,
      diagnostics: [],
    });
  });

  it("reports a boundary section missing from the text, naming it", () => {
    const { parts, diagnostics } = toPromptParts(
      { text, sections: [section("skills", "## Skills\nC.")], boundary: -1 },
      { workspaceBoundary: ["skills"] },
    );
    expect(parts.workspace).toBe("");
    expect(diagnostics).toEqual([
      {
        code: "PROVIDERS_WORKSPACE_BOUNDARY_NOT_FOUND",
        severity: "info",
        message:
          'section "skills" is not in the prompt text (a legacy hook rewrote it?); no workspace boundary this turn',
        hint: "Drop the beforePromptBuild hook, or turn the workspace boundary off.",
      },
    ]);
  });

  it("takes the marker word from the profile", () => {
    const profile = { ...NEUTRAL_PRODUCT_PROFILE, delimiterWord: "RELAY" };
    const { parts } = toPromptParts(
      {
        text: "Rules <!-- RELAY_X --> <!-- OPENCLAW_X -->\n<!-- RELAY_CACHE_BOUNDARY -->\nFacts.",
        sections: [],
        boundary: -1,
      },
      { profile },
    );
    expect(parts.stable).toBe("Rules <!-- (quoted) RELAY_X --> <!-- OPENCLAW_X -->");
    expect(parts.volatile).toBe("Facts.");
  });

  it("rejects a prompt that is not an object", () => {
    expect(thrownBy(() => toPromptParts("text" as never))).toMatchObject(
      invalidArgument("toPromptParts", "prompt", "an object", "a string"),
    );
  });

  it("rejects a prompt whose text is not a string, naming the function and the field", () => {
    expect(thrownBy(() => toPromptParts({ text: 3 } as never))).toMatchObject(
      invalidArgument("toPromptParts", "prompt.text", "a string", "a number"),
    );
  });
});

describe("neutralizeMarkerComments", () => {
  it("quotes every spelling of the profile's marker prefix, and only that", () => {
    expect(neutralizeMarkerComments("a <!-- OPENCLAW_A --> b <!-- OPENCLAW_B")).toBe(
      "a <!-- (quoted) OPENCLAW_A --> b <!-- (quoted) OPENCLAW_B",
    );
    expect(neutralizeMarkerComments("<!-- OPENCLAW A --> <!--OPENCLAW_A")).toBe(
      "<!-- OPENCLAW A --> <!--OPENCLAW_A",
    );
    const profile = { ...NEUTRAL_PRODUCT_PROFILE, delimiterWord: "RELAY" };
    expect(neutralizeMarkerComments("<!-- RELAY_A <!-- OPENCLAW_A", profile)).toBe(
      "<!-- (quoted) RELAY_A <!-- OPENCLAW_A",
    );
  });
});
