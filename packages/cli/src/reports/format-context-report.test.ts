import { describe, expect, it } from "vitest";
import { markingStyler as TAGS } from "../../test/marking-styler.js";
import type { ContextReport } from "./build-context-report.js";
import { formatContextReport } from "./format-context-report.js";

type Skill = ContextReport["skills"]["entries"][number];
const skill = (name: string, fields: Partial<Skill>): Skill => ({
  name,
  tier: "workspace",
  status: "included",
  listing: "normal",
  priority: 0,
  chars: 120,
  tokens: 30,
  path: `skills/${name}/SKILL.md`,
  ...fields,
});

const REPORT: ContextReport = {
  version: 1,
  bootstrap: [
    {
      name: "AGENTS.md",
      path: "ws/AGENTS.md",
      status: "ok",
      rawChars: 1200,
      injectedChars: 1200,
      rawTokens: 300,
      injectedTokens: 300,
      limitedBy: null,
    },
    {
      name: "MEMORY.md",
      path: "ws/MEMORY.md",
      status: "truncated",
      rawChars: 50_000,
      injectedChars: 2000,
      rawTokens: null,
      injectedTokens: 500,
      limitedBy: "per-file",
    },
    {
      name: "SOUL.md",
      path: "ws/SOUL.md",
      status: "missing",
      rawChars: 0,
      injectedChars: 60,
      rawTokens: 0,
      injectedTokens: 15,
      limitedBy: null,
    },
  ],
  skills: {
    discovered: 5,
    eligible: 4,
    included: 2,
    omitted: ["big"],
    chars: 240,
    tokens: 60,
    format: "xml",
    entries: [
      skill("notes", {}),
      skill("deploy", { listing: "pinned" }),
      skill("big", { status: "omitted", listing: "normal", chars: 0, tokens: 0 }),
      skill("old", {
        status: "excluded",
        listing: "pinned",
        reason: "disabled in config",
        chars: 0,
        tokens: 0,
      }),
      skill("twin", { tier: "managed", status: "shadowed", chars: 0, tokens: 0 }),
    ],
  },
  tools: {
    count: 2,
    chars: 900,
    tokens: 210,
    entries: [
      { name: "exec", chars: 600, tokens: 140 },
      { name: "read", chars: 300, tokens: 70 },
    ],
  },
  sections: [
    { id: "identity", heading: "Identity", cache: "stable", chars: 400, tokens: 100 },
    { id: "runtime", heading: "Runtime", cache: "volatile", chars: 200, tokens: 50 },
  ],
  totals: {
    promptChars: 600,
    promptTokens: 150,
    stableChars: 400,
    stableTokens: 100,
    volatileChars: 200,
    volatileTokens: 50,
    toolSchemaTokens: 210,
    requestTokens: 360,
  },
};

describe("formatContextReport", () => {
  it("detail: a row per file, skill, tool and section, each status in its colour", () => {
    expect(formatContextReport(REPORT, "detail", TAGS)).toBe(
      [
        "<bold>Bootstrap files</bold>",
        "  <dim>FILE        </dim>  <dim>STATUS   </dim>  <dim>RAW CHARS</dim>  <dim>INJECTED</dim>  <dim>RAW TOK</dim>  <dim>INJ TOK</dim>  <dim>LIMIT</dim>",
        "  ws/AGENTS.md  <green>OK       </green>      1,200     1,200      300      300  -",
        "  ws/MEMORY.md  <yellow>TRUNCATED</yellow>     50,000     2,000        -      500  per-file",
        "  ws/SOUL.md    <red>MISSING  </red>          0        60        0       15  -",
        "  <bold>total       </bold>                51,200     3,260      300      815",
        "",
        "<bold>Skills list</bold>",
        "  2 of 4 eligible listed (5 discovered) · format xml · 240 chars · 60 tokens",
        "  omitted: big",
        "  <dim>SKILL </dim>  <dim>TIER     </dim>  <dim>STATUS           </dim>  <dim>CHARS</dim>  <dim>TOKENS</dim>  <dim>PATH / REASON</dim>",
        "  notes   workspace  <green>included         </green>    120      30  skills/notes/SKILL.md",
        "  deploy  workspace  <green>included (pinned)</green>    120      30  skills/deploy/SKILL.md",
        "  big     workspace  <yellow>omitted          </yellow>      0       0  skills/big/SKILL.md",
        "  old     workspace  <dim>excluded         </dim>      0       0  skills/old/SKILL.md (disabled in config)",
        "  twin    managed    <dim>shadowed         </dim>      0       0  skills/twin/SKILL.md",
        "",
        "<bold>Tool schemas</bold>",
        "  2 tools · 900 chars of JSON · 210 tokens",
        "  <dim>TOOL</dim>  <dim>CHARS</dim>  <dim>TOKENS</dim>",
        "  exec    600     140",
        "  read    300      70",
        "",
        "<bold>Sections</bold>",
        "  <dim>#</dim>  <dim>SECTION </dim>  <dim>CACHE   </dim>  <dim>CHARS</dim>  <dim>TOKENS</dim>",
        "  1  identity  <cyan>stable  </cyan>    400     100",
        "  2  runtime   <yellow>volatile</yellow>    200      50",
        "",
        "<bold>Totals</bold>",
        "  <dim>               </dim>  <dim>CHARS</dim>  <dim>   TOKENS</dim>",
        "  stable prefix      400  100 (67%)",
        "  volatile suffix    200   50 (33%)",
        "  <bold>system prompt  </bold>    600        150",
        "  tool schemas       900        210",
        "  <bold>per request    </bold>  1,500        360",
        "",
      ].join("\n"),
    );
  });

  it("list: the summary lines without the skill and tool rows", () => {
    const text = formatContextReport(REPORT, "list", TAGS);
    expect(text).toContain(
      "<bold>Skills list</bold>\n  2 of 4 eligible listed (5 discovered) · format xml · 240 chars · 60 tokens\n  omitted: big\n\n<bold>Tool schemas</bold>\n  2 tools · 900 chars of JSON · 210 tokens\n\n<bold>Sections</bold>",
    );
  });

  it("detail without tools or omitted skills, and an empty prompt: no tool table, no shares", () => {
    const text = formatContextReport(
      {
        ...REPORT,
        skills: { ...REPORT.skills, omitted: [] },
        tools: { count: 0, chars: 0, tokens: 0, entries: [] },
        totals: { ...REPORT.totals, promptTokens: 0, stableTokens: 0, volatileTokens: 0 },
      },
      "detail",
      TAGS,
    );
    expect(text).toContain("60 tokens\n  <dim>SKILL");
    expect(text).toContain(
      "<bold>Tool schemas</bold>\n  0 tools · 0 chars of JSON · 0 tokens\n\n<bold>Sections</bold>",
    );
    expect(text).toContain("  stable prefix      400       0\n  volatile suffix    200       0\n");
  });

  it("lists several omitted skills, comma-separated", () => {
    const text = formatContextReport(
      { ...REPORT, skills: { ...REPORT.skills, omitted: ["big", "huge"] } },
      "list",
      TAGS,
    );
    expect(text).toContain("60 tokens\n  omitted: big, huge\n\n<bold>Tool schemas</bold>");
  });
});
