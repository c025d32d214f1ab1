import { buildAgentSystemPrompt } from "@promptstack/renderer";
import { describe, expect, it } from "vitest";
import { toPromptParts } from "./to-prompt-parts.js";

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
