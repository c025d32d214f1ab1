import type { ContextReport } from "./build-context-report.js";
import type { Styler } from "../output/create-styler.js";
import { formatNumber } from "../output/format-number.js";
import { formatTable } from "../output/format-table.js";
import type { TableCell } from "../output/format-table.js";

/** `list` gives one line for skills and tools; `detail` adds a row per skill and per tool. */
export type ContextView = "list" | "detail";

function formatStatus(status: string, styler: Styler): TableCell {
  const text = status.toUpperCase();
  if (status === "ok") return { text, style: styler.green };
  if (status === "truncated") return { text, style: styler.yellow };
  return { text, style: styler.red };
}

// An eligible skill's listing other than `normal` is marked next to the status: `included (pinned)`.
function formatSkillStatus(status: string, listing: string, styler: Styler): TableCell {
  const text = listing === "normal" || status === "excluded" ? status : `${status} (${listing})`;
  if (status === "included") return { text, style: styler.green };
  if (status === "omitted") return { text, style: styler.yellow };
  return { text, style: styler.dim };
}

function formatCache(cache: "stable" | "volatile", styler: Styler): TableCell {
  return cache === "stable"
    ? { text: cache, style: styler.cyan }
    : { text: cache, style: styler.yellow };
}

const n = formatNumber;

/** The `context list|detail` text view: aligned tables, coloured when the styler is on. */
export function formatContextReport(
  report: ContextReport,
  view: ContextView,
  styler: Styler,
): string {
  const heading = (text: string): string => styler.bold(text);
  const blocks = [
    `${heading("Bootstrap files")}\n${formatBootstrapTable(report.bootstrap, styler)}`,
    `${heading("Skills list")}\n${formatSkillsBlock(report.skills, view, styler)}`,
    `${heading("Tool schemas")}\n${formatToolsBlock(report.tools, view, styler)}`,
    `${heading("Sections")}\n${formatSectionsTable(report.sections, styler)}`,
    `${heading("Totals")}\n${formatTotalsTable(report.totals, report.tools, styler)}`,
  ];
  return `${blocks.join("\n\n")}\n`;
}

/** The bootstrap files table: one row per file, then a total row. */
function formatBootstrapTable(bootstrap: ContextReport["bootstrap"], styler: Styler): string {
  const fileTotals = bootstrap.reduce(
    (sum, file) => ({
      raw: sum.raw + file.rawChars,
      injected: sum.injected + file.injectedChars,
      rawTokens: sum.rawTokens + (file.rawTokens ?? 0),
      injectedTokens: sum.injectedTokens + file.injectedTokens,
    }),
    { raw: 0, injected: 0, rawTokens: 0, injectedTokens: 0 },
  );
  return formatTable(
    [
      { header: "FILE" },
      { header: "STATUS" },
      { header: "RAW CHARS", align: "right" },
      { header: "INJECTED", align: "right" },
      { header: "RAW TOK", align: "right" },
      { header: "INJ TOK", align: "right" },
      { header: "LIMIT" },
    ],
    [
      ...bootstrap.map((file): TableCell[] => [
        file.path,
        formatStatus(file.status, styler),
        n(file.rawChars),
        n(file.injectedChars),
        file.rawTokens === null ? "-" : n(file.rawTokens),
        n(file.injectedTokens),
        file.limitedBy ?? "-",
      ]),
      [
        { text: "total", style: styler.bold },
        "",
        n(fileTotals.raw),
        n(fileTotals.injected),
        n(fileTotals.rawTokens),
        n(fileTotals.injectedTokens),
        "",
      ],
    ],
    styler.dim,
  );
}

/** The skills summary line, plus a row per skill in the `detail` view. */
function formatSkillsBlock(
  skills: ContextReport["skills"],
  view: ContextView,
  styler: Styler,
): string {
  const skillLine =
    `  ${n(skills.included)} of ${n(skills.eligible)} eligible listed (${n(skills.discovered)} discovered)` +
    ` · format ${skills.format} · ${n(skills.chars)} chars · ${n(skills.tokens)} tokens` +
    (skills.omitted.length > 0 ? `\n  omitted: ${skills.omitted.join(", ")}` : "");
  if (view !== "detail") return skillLine;
  return `${skillLine}\n${formatTable(
    [
      { header: "SKILL" },
      { header: "TIER" },
      { header: "STATUS" },
      { header: "CHARS", align: "right" },
      { header: "TOKENS", align: "right" },
      { header: "PATH / REASON" },
    ],
    skills.entries.map((skill): TableCell[] => [
      skill.name,
      skill.tier,
      formatSkillStatus(skill.status, skill.listing, styler),
      n(skill.chars),
      n(skill.tokens),
      skill.reason === undefined ? skill.path : `${skill.path} (${skill.reason})`,
    ]),
    styler.dim,
  )}`;
}

/** The tool schemas summary line, plus a row per tool in the `detail` view when there are tools. */
function formatToolsBlock(
  tools: ContextReport["tools"],
  view: ContextView,
  styler: Styler,
): string {
  const toolLine = `  ${n(tools.count)} tools · ${n(tools.chars)} chars of JSON · ${n(tools.tokens)} tokens`;
  if (view !== "detail" || tools.count === 0) return toolLine;
  return `${toolLine}\n${formatTable(
    [{ header: "TOOL" }, { header: "CHARS", align: "right" }, { header: "TOKENS", align: "right" }],
    tools.entries.map((tool): TableCell[] => [tool.name, n(tool.chars), n(tool.tokens)]),
    styler.dim,
  )}`;
}

/** The sections table: one numbered row per section with its cache side. */
function formatSectionsTable(sections: ContextReport["sections"], styler: Styler): string {
  return formatTable(
    [
      { header: "#", align: "right" },
      { header: "SECTION" },
      { header: "CACHE" },
      { header: "CHARS", align: "right" },
      { header: "TOKENS", align: "right" },
    ],
    sections.map((section, index): TableCell[] => [
      String(index + 1),
      section.id,
      formatCache(section.cache, styler),
      n(section.chars),
      n(section.tokens),
    ]),
    styler.dim,
  );
}

/** The totals table: prefix and suffix with their share of the prompt, prompt, tools, request. */
function formatTotalsTable(
  totals: ContextReport["totals"],
  tools: ContextReport["tools"],
  styler: Styler,
): string {
  const share = (part: number): string =>
    totals.promptTokens === 0 ? "" : ` (${Math.round((part / totals.promptTokens) * 100)}%)`;
  return formatTable(
    [{ header: "" }, { header: "CHARS", align: "right" }, { header: "TOKENS", align: "right" }],
    [
      [
        "stable prefix",
        n(totals.stableChars),
        `${n(totals.stableTokens)}${share(totals.stableTokens)}`,
      ],
      [
        "volatile suffix",
        n(totals.volatileChars),
        `${n(totals.volatileTokens)}${share(totals.volatileTokens)}`,
      ],
      [
        { text: "system prompt", style: styler.bold },
        n(totals.promptChars),
        n(totals.promptTokens),
      ],
      ["tool schemas", n(tools.chars), n(totals.toolSchemaTokens)],
      [
        { text: "per request", style: styler.bold },
        n(totals.promptChars + tools.chars),
        n(totals.requestTokens),
      ],
    ],
    styler.dim,
  );
}
