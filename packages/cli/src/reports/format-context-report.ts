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
  const header = styler.dim;
  const blocks: string[] = [];

  const fileTotals = report.bootstrap.reduce(
    (sum, file) => ({
      raw: sum.raw + file.rawChars,
      injected: sum.injected + file.injectedChars,
      rawTokens: sum.rawTokens + (file.rawTokens ?? 0),
      injectedTokens: sum.injectedTokens + file.injectedTokens,
    }),
    { raw: 0, injected: 0, rawTokens: 0, injectedTokens: 0 },
  );
  blocks.push(
    `${heading("Bootstrap files")}\n${formatTable(
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
        ...report.bootstrap.map((file): TableCell[] => [
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
      header,
    )}`,
  );

  const skills = report.skills;
  const skillLine =
    `  ${n(skills.included)} of ${n(skills.eligible)} eligible listed (${n(skills.discovered)} discovered)` +
    ` · format ${skills.format} · ${n(skills.chars)} chars · ${n(skills.tokens)} tokens` +
    (skills.omitted.length > 0 ? `\n  omitted: ${skills.omitted.join(", ")}` : "");
  const skillsBlock =
    view === "detail"
      ? `${skillLine}\n${formatTable(
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
          header,
        )}`
      : skillLine;
  blocks.push(`${heading("Skills list")}\n${skillsBlock}`);

  const tools = report.tools;
  const toolLine = `  ${n(tools.count)} tools · ${n(tools.chars)} chars of JSON · ${n(tools.tokens)} tokens`;
  blocks.push(
    `${heading("Tool schemas")}\n${
      view === "detail" && tools.count > 0
        ? `${toolLine}\n${formatTable(
            [
              { header: "TOOL" },
              { header: "CHARS", align: "right" },
              { header: "TOKENS", align: "right" },
            ],
            tools.entries.map((tool): TableCell[] => [tool.name, n(tool.chars), n(tool.tokens)]),
            header,
          )}`
        : toolLine
    }`,
  );

  blocks.push(
    `${heading("Sections")}\n${formatTable(
      [
        { header: "#", align: "right" },
        { header: "SECTION" },
        { header: "CACHE" },
        { header: "CHARS", align: "right" },
        { header: "TOKENS", align: "right" },
      ],
      report.sections.map((section, index): TableCell[] => [
        String(index + 1),
        section.id,
        formatCache(section.cache, styler),
        n(section.chars),
        n(section.tokens),
      ]),
      header,
    )}`,
  );

  const totals = report.totals;
  const share = (part: number): string =>
    totals.promptTokens === 0 ? "" : ` (${Math.round((part / totals.promptTokens) * 100)}%)`;
  blocks.push(
    `${heading("Totals")}\n${formatTable(
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
      header,
    )}`,
  );
  return `${blocks.join("\n\n")}\n`;
}
