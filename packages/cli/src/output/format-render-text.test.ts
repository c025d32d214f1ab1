import { describe, expect, it } from "vitest";
import { markingStyler } from "../../test/marking-styler.js";
import { formatPromptText, formatRenderSummary, formatRenderText } from "./format-render-text.js";
import type { RenderOutput } from "./render-output-schema.js";

type BootstrapFile = RenderOutput["bootstrap"][number];
type RenderDiagnostic = RenderOutput["diagnostics"][number];

function bootstrapFile(name: string, status: BootstrapFile["status"]): BootstrapFile {
  return {
    name,
    path: name,
    status,
    rawChars: 10,
    injectedChars: status === "missing" ? 0 : 10,
    limitedBy: status === "truncated" ? "per-file" : null,
  };
}

function diagnostic(code: string, severity: RenderDiagnostic["severity"]): RenderDiagnostic {
  return { code, severity, message: `${code} happened` };
}

/** A render output whose prompt is `text`, with the cache boundary at `boundary`. */
function renderOutput(
  text: string,
  boundary: number,
  overrides: Partial<RenderOutput> = {},
): RenderOutput {
  return {
    version: 1,
    text,
    boundary,
    sections: [
      { id: "identity", heading: "", cache: "stable", chars: 5, tokens: 2 },
      { id: "tooling", heading: "## Tooling", cache: "volatile", chars: 9, tokens: 3 },
    ],
    bootstrap: [],
    skills: { eligible: 3, included: 2, omitted: ["late"], chars: 40, format: "full" },
    diagnostics: [],
    totals: { chars: 14, tokens: 5, stableChars: 5, stableTokens: 2 },
    ...overrides,
  };
}

describe("formatPromptText", () => {
  it("ends the prompt with exactly one newline, adding it only when missing", () => {
    expect(formatPromptText("You are helpful.")).toBe("You are helpful.\n");
    expect(formatPromptText("You are helpful.\n")).toBe("You are helpful.\n");
  });
});

describe("formatRenderText", () => {
  const prompt = "Stable part.\n\n## Today\nVolatile part.";
  const boundary = prompt.indexOf("## Today");

  it("piped: the prompt as the model gets it, one newline added, no rule", () => {
    expect(
      formatRenderText(renderOutput(prompt, boundary), {
        showBoundary: false,
        styler: markingStyler,
      }),
    ).toBe(`${prompt}\n`);
  });

  it("on a terminal without a cache boundary: the plain prompt, no rule", () => {
    expect(
      formatRenderText(renderOutput(prompt, -1), { showBoundary: true, styler: markingStyler }),
    ).toBe(`${prompt}\n`);
  });

  it("on a terminal: a dim rule with the stable token count replaces the blank line at the boundary", () => {
    const output = renderOutput(prompt, boundary, {
      totals: { chars: 40, tokens: 20_000, stableChars: 14, stableTokens: 12_345 },
    });
    const label = " cache boundary · 12,345 stable tokens above ";
    expect(formatRenderText(output, { showBoundary: true, styler: markingStyler })).toBe(
      "Stable part.\n" +
        `<dim>────${label}${"─".repeat(72 - 4 - label.length)}</dim>\n` +
        "## Today\nVolatile part.\n",
    );
    expect(formatRenderText(output, { showBoundary: true, styler: markingStyler, width: 60 })).toBe(
      "Stable part.\n" +
        `<dim>────${label}${"─".repeat(60 - 4 - label.length)}</dim>\n` +
        "## Today\nVolatile part.\n",
    );
    // A terminal narrower than the label still gets four dashes on each side.
    expect(formatRenderText(output, { showBoundary: true, styler: markingStyler, width: 20 })).toBe(
      `Stable part.\n<dim>────${label}────</dim>\n## Today\nVolatile part.\n`,
    );
  });

  it("keeps the indentation of the stable half and the blank lines inside the volatile half", () => {
    const text = "  indented stable line\n\n\n\nfirst volatile\n\nsecond volatile\n";
    const output = renderOutput(text, text.indexOf("line\n") + "line\n".length);
    const shown = formatRenderText(output, { showBoundary: true, styler: markingStyler });
    expect(shown).toMatch(/^ {2}indented stable line\n<dim>─{4} cache boundary/);
    expect(shown).toMatch(/<\/dim>\nfirst volatile\n\nsecond volatile\n$/);
  });

  it("on a terminal escapes control sequences on both sides of the rule; piped it keeps them", () => {
    const text = "stable \u001b]52;c;aGk=\u0007\n\nvolatile \u001b[2K";
    const output = renderOutput(text, text.indexOf("volatile"));
    const terminal = formatRenderText(output, {
      showBoundary: true,
      terminal: true,
      styler: markingStyler,
    });
    expect(terminal).toMatch(/^stable \\x1b\]52;c;aGk=\\x07\n<dim>/);
    expect(terminal).toMatch(/<\/dim>\nvolatile \\x1b\[2K\n$/);
    expect(formatRenderText(output, { showBoundary: false, styler: markingStyler })).toBe(
      `${text}\n`,
    );
  });

  it("with Codex layers: one dim rule per layer, numbered from 1, layers a blank line apart", () => {
    const output = renderOutput("unused", -1, {
      codex: {
        threadStart: {},
        threadResume: {},
        turnStart: {},
        layers: [
          { role: "system", source: "model-instructions", text: "Be brief.", chars: 9, tokens: 3 },
          { role: "user", source: "turn \u001b[2K", text: "Hi \u0007", chars: 4, tokens: 1_500 },
        ],
      },
    });
    const first = " layer 1: system · model-instructions · 3 tokens ";
    const second = " layer 2: user · turn \\x1b[2K · 1,500 tokens ";
    expect(
      formatRenderText(output, { showBoundary: true, terminal: true, styler: markingStyler }),
    ).toBe(
      `<dim>────${first}${"─".repeat(72 - 4 - first.length)}</dim>\nBe brief.\n` +
        "\n" +
        `<dim>────${second}${"─".repeat(72 - 4 - second.length)}</dim>\nHi \\x07\n`,
    );
  });
});

describe("formatRenderSummary", () => {
  it("gives tokens, chars, the stable share, sections, bootstrap files and skills", () => {
    const output = renderOutput("x", -1, {
      totals: { chars: 123_456, tokens: 12_000, stableChars: 100_000, stableTokens: 4_000 },
    });
    expect(formatRenderSummary(output)).toBe(
      "promptstack: 12,000 tokens (123,456 chars) · 33% stable · 2 sections · 0 bootstrap files · 2/3 skills",
    );
  });

  it("rounds the stable share to a whole percent, and an empty prompt is 0% stable", () => {
    const share = (stableTokens: number, tokens: number): string =>
      formatRenderSummary(
        renderOutput("x", -1, { totals: { chars: 1, tokens, stableChars: 0, stableTokens } }),
      ).split(" · ")[1] ?? "";
    expect(share(300, 1_200)).toBe("25% stable");
    expect(share(2, 3)).toBe("67% stable");
    expect(share(0, 0)).toBe("0% stable");
  });

  it("notes truncated and missing bootstrap files; ok and skipped files are only counted", () => {
    const files = (...statuses: BootstrapFile["status"][]): string =>
      formatRenderSummary(
        renderOutput("x", -1, {
          bootstrap: statuses.map((status, index) => bootstrapFile(`F${index}.md`, status)),
        }),
      ).split(" · ")[3] ?? "";
    expect(files("ok", "truncated", "missing", "truncated", "skipped", "missing", "missing")).toBe(
      "7 bootstrap files (2 truncated, 3 missing)",
    );
    expect(files("truncated", "ok")).toBe("2 bootstrap files (1 truncated)");
    expect(files("missing", "skipped")).toBe("2 bootstrap files (1 missing)");
    expect(files("ok", "skipped")).toBe("2 bootstrap files");
  });

  it("counts errors and warnings but not infos, and leaves the count out when there are none", () => {
    const summary = (...severities: RenderDiagnostic["severity"][]): string =>
      formatRenderSummary(
        renderOutput("x", -1, {
          diagnostics: severities.map((severity, index) => diagnostic(`D${index}`, severity)),
        }),
      );
    expect(summary("error", "info", "warning", "info")).toMatch(/ · 2\/3 skills · 2 warnings$/);
    expect(summary("info", "warning")).toMatch(/ · 2\/3 skills · 1 warning$/);
    expect(summary("info")).toMatch(/ · 2\/3 skills$/);
  });
});
