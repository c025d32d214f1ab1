import type { Diagnostic } from "@promptstack/core";
import { describe, expect, it } from "vitest";
import type { AgentSkill, AgentTurn } from "./agent-types.js";
import { NO_READ_REASON } from "./create-skills-cache.js";
import { diagnoseAgentTurn } from "./diagnose-agent-turn.js";
import { makeBootstrapFile as file } from "../test/make-bootstrap-file.js";
import { makeDiagnosedTurn } from "../test/make-diagnosed-turn.js";
import type { DiagnosedTurnParts } from "../test/make-diagnosed-turn.js";

/** The budgets these tests' turns were sized for, and a fixed eligible count. */
const turnOf = (parts: DiagnosedTurnParts): AgentTurn =>
  makeDiagnosedTurn({
    eligible: 7,
    included: [],
    budgets: { maxSkillsInPrompt: 3, maxSkillsPromptChars: 900 },
    ...parts,
  });

const skill = (extra: Partial<AgentSkill>): AgentSkill => ({
  name: "s",
  tier: "workspace",
  path: "skills/s/SKILL.md",
  status: "included",
  listing: "normal",
  priority: 0,
  ...extra,
});

const BOOTSTRAP_TURN = turnOf({
  files: [
    file({
      name: "A.md",
      path: "ws/A.md",
      status: "truncated",
      rawChars: 300,
      injectedChars: 200,
      limitedBy: null,
      rawTokens: 75,
    }),
    file({
      name: "B.md",
      path: "ws/B.md",
      status: "truncated",
      rawChars: 0,
      injectedChars: 0,
      limitedBy: "total",
      injectedTokens: 5,
    }),
    file({
      name: "C.md",
      path: "ws/C.md",
      status: "truncated",
      rawChars: 400,
      injectedChars: 100,
      limitedBy: "per-file",
      rawTokens: 100,
      injectedTokens: 25,
    }),
    file({ name: "D.md", path: "ws/D.md", status: "missing", rawChars: 0, injectedChars: 0 }),
    file({
      name: "E.md",
      path: "ws/E.md",
      status: "skipped",
      limitedBy: "total",
      injectedChars: 0,
    }),
    file({
      name: "F.md",
      path: "ws/F.md",
      status: "skipped",
      limitedBy: "per-file",
      injectedChars: 0,
      reason: "too large",
    }),
    file({
      name: "G.md",
      path: "ws/G.md",
      status: "skipped",
      rawChars: 0,
      injectedChars: 0,
      reason: "empty",
    }),
    file({ name: "H.md", path: "ws/H.md", status: "skipped", injectedChars: 0, reason: "binary" }),
    file({ name: "I.md", path: "ws/I.md", status: "skipped", injectedChars: 0 }),
    file({ name: "J.md", path: "ws/J.md", status: "ok", reason: "empty" }),
  ],
});

const SKILLS_TURN = turnOf({
  skills: [
    skill({
      name: "a",
      path: "skills/a/SKILL.md",
      status: "excluded",
      gate: "os",
      reason: "linux only",
    }),
    skill({
      name: "b",
      path: "skills/b/SKILL.md",
      status: "excluded",
      gate: "bins",
      reason: "needs jq",
    }),
    skill({ name: "c", path: "skills/c/SKILL.md", status: "excluded" }),
    skill({
      name: "d",
      path: "skills/d/SKILL.md",
      status: "excluded",
      listing: "manual",
      gate: "env",
      reason: "needs TOKEN",
    }),
    skill({
      name: "e",
      path: "skills/e/SKILL.md",
      status: "omitted",
      listing: "manual",
      tier: "bundled",
    }),
    skill({
      name: "f",
      path: "skills/f/SKILL.md",
      status: "omitted",
      listing: "pinned",
      tier: "managed",
    }),
    skill({ name: "g", path: "skills/g/SKILL.md", status: "omitted", listing: "normal" }),
    skill({
      name: "h",
      path: "skills/h/SKILL.md",
      status: "omitted",
      reason: NO_READ_REASON,
      listing: "pinned",
    }),
    skill({ name: "i", path: "skills/i/SKILL.md", status: "included" }),
  ],
  included: ["i"],
  omitted: ["f", "g", "h", "ghost"],
  format: "shortened",
});

const COMPACT_TURN = turnOf({ skills: [skill({ name: "i" })], included: ["i"], format: "compact" });
const COMPACT_EMPTY_TURN = turnOf({ format: "compact" });

const DIAGNOSTICS_TURN = turnOf({
  diagnostics: [
    {
      code: "CONFIG_TOOL_SUMMARY_VOLATILE",
      severity: "warning",
      message: "tool clock mentions the date",
      path: "tools.clock.summary",
    },
    {
      code: "CONFIG_UNKNOWN_KEY",
      severity: "warning",
      message: "unknown key skills.limt",
      path: "skills.limt",
      hint: "Did you mean skills.limits?",
    },
    { code: "CONFIG_UNKNOWN_KEY", severity: "warning", message: "zzz", path: "a.key" },
    { code: "CONFIG_UNKNOWN_KEY", severity: "warning", message: "aaa", path: "a.key" },
    {
      code: "CONFIG_DEPRECATED_KEY",
      severity: "warning",
      message: "old key",
      path: "old.key",
      hint: "",
    },
    { code: "XCONFIG_TOOL_SUMMARY_Y", severity: "error", message: "odd", path: "ws/x" },
    { code: "SOMETHING_INFO", severity: "info", message: "fyi" },
    { code: "SOMETHING_WARN", severity: "warning", message: "careful", path: "ws/w" },
    {
      code: "BOOTSTRAP_FILE_TRUNCATED",
      severity: "warning",
      message: "said per file",
      path: "ws/A.md",
    },
    {
      code: "SKILL_OVERRIDDEN",
      severity: "warning",
      message: "skill x overridden",
      path: "skills/x/SKILL.md",
    },
  ],
});

describe("diagnoseAgentTurn (whole outputs)", () => {
  it("reports truncated, dropped, missing and empty bootstrap files, and nothing for the rest", () => {
    expect(diagnoseAgentTurn(BOOTSTRAP_TURN)).toStrictEqual([
      {
        code: "bootstrap-file-truncated",
        severity: "warning",
        message: "A.md: kept 200 of 300 chars (66%), cut by the per-file budget.",
        path: "ws/A.md",
        why: "The model sees only the head and tail of the file; whatever was in the cut middle never reaches it.",
        fix: "Condense the file (move detail into files the agent opens on demand), or raise agents.defaults.bootstrapMaxChars / bootstrapTotalMaxChars.",
        diagnostic: "BOOTSTRAP_FILE_TRUNCATED",
      },
      {
        code: "bootstrap-file-truncated",
        severity: "warning",
        message: "B.md: kept 0 of 0 chars (0%), cut by the total budget.",
        path: "ws/B.md",
        why: "The model sees only the head and tail of the file; whatever was in the cut middle never reaches it.",
        fix: "Condense the file (move detail into files the agent opens on demand), or raise agents.defaults.bootstrapMaxChars / bootstrapTotalMaxChars.",
        diagnostic: "BOOTSTRAP_FILE_TRUNCATED",
      },
      {
        code: "bootstrap-file-truncated",
        severity: "warning",
        message:
          "C.md: kept 100 of 400 chars (25%) (~25 of 100 tokens), cut by the per-file budget.",
        path: "ws/C.md",
        why: "The model sees only the head and tail of the file; whatever was in the cut middle never reaches it.",
        fix: "Condense the file (move detail into files the agent opens on demand), or raise agents.defaults.bootstrapMaxChars / bootstrapTotalMaxChars.",
        diagnostic: "BOOTSTRAP_FILE_TRUNCATED",
      },
      {
        code: "bootstrap-file-dropped",
        severity: "warning",
        message: "E.md (100 chars) was not injected: the budget was used up (total budget).",
        path: "ws/E.md",
        why: "Nothing of the file reaches the model: the files before it used up the total budget.",
        fix: "Shorten the earlier workspace files, or raise agents.defaults.bootstrapTotalMaxChars (or the token budgets).",
        diagnostic: "BOOTSTRAP_TOTAL_BUDGET_EXHAUSTED",
      },
      {
        code: "bootstrap-file-dropped",
        severity: "warning",
        message: "F.md (100 chars) was not injected: too large (per-file budget).",
        path: "ws/F.md",
        why: "Nothing of the file reaches the model: the files before it used up the total budget.",
        fix: "Shorten the earlier workspace files, or raise agents.defaults.bootstrapTotalMaxChars (or the token budgets).",
        diagnostic: "BOOTSTRAP_TOTAL_BUDGET_EXHAUSTED",
      },
      {
        code: "bootstrap-file-missing",
        severity: "warning",
        message: "D.md is missing; every session of this agent expects it.",
        path: "ws/D.md",
        why: "A missing-file marker is injected in its place; the agent runs without that part of its instructions or persona.",
        fix: "Create the file in the workspace (seedBootstrapTemplates writes starter templates).",
        diagnostic: "BOOTSTRAP_FILE_MISSING",
      },
      {
        code: "bootstrap-file-empty",
        severity: "info",
        message: "G.md is empty; nothing is injected.",
        path: "ws/G.md",
        why: "Nothing of it is injected.",
        fix: "Write the file's content, or delete the file.",
        diagnostic: "BOOTSTRAP_FILE_EMPTY",
      },
    ]);
  });

  it("reports excluded, manual, omitted and pinned-omitted skills and a shortened list", () => {
    expect(diagnoseAgentTurn(SKILLS_TURN)).toStrictEqual([
      {
        code: "skill-requirement-unmet",
        severity: "warning",
        message: "Skill b (workspace) is excluded by the bins gate: needs jq.",
        path: "skills/b/SKILL.md",
        why: "The skill is never listed, so the model does not know it exists.",
        fix: "Install what the skill requires (see the reason), or disable the skill in skills.entries to make the choice explicit.",
      },
      {
        code: "skill-requirement-unmet",
        severity: "warning",
        message: "Skill d (workspace) is excluded by the env gate: needs TOKEN.",
        path: "skills/d/SKILL.md",
        why: "The skill is never listed, so the model does not know it exists.",
        fix: "Install what the skill requires (see the reason), or disable the skill in skills.entries to make the choice explicit.",
      },
      {
        code: "skill-omitted",
        severity: "warning",
        message:
          "Skill ghost is not listed: 1 of 7 eligible skills fit the budget (3 skills, 900 chars).",
        why: "The model is told only the skill's name in a closing note, or nothing, and rarely uses it.",
        fix: "Raise skills.limits.maxSkillsPromptChars / maxSkillsInPrompt, exclude skills this agent does not need, or shorten long descriptions.",
      },
      {
        code: "skill-omitted",
        severity: "warning",
        message:
          "Skill g (workspace) is not listed: 1 of 7 eligible skills fit the budget (3 skills, 900 chars).",
        path: "skills/g/SKILL.md",
        why: "The model is told only the skill's name in a closing note, or nothing, and rarely uses it.",
        fix: "Raise skills.limits.maxSkillsPromptChars / maxSkillsInPrompt, exclude skills this agent does not need, or shorten long descriptions.",
      },
      {
        code: "skill-pinned-omitted",
        severity: "warning",
        message:
          "Pinned skill f (managed) is not listed, not even by name: the pinned skills alone exceed the budget (3 skills, 900 chars).",
        path: "skills/f/SKILL.md",
        why: "Pinning promises the skill is always listed; here even its name did not fit, so the model does not see it.",
        fix: "Raise skills.limits.maxSkillsPromptChars / maxSkillsInPrompt, or pin fewer skills (skills.entries.<key>.listing).",
      },
      {
        code: "skills-list-shortened",
        severity: "warning",
        message:
          "The skills list is in shortened form: long descriptions were shortened to fit 900 chars.",
        key: "skills.limits.maxSkillsPromptChars",
        why: "Descriptions were cut (shortened) or dropped (compact); the model picks skills by their description.",
        fix: "Raise skills.limits.maxSkillsPromptChars, or exclude skills this agent does not need.",
      },
      {
        code: "skill-excluded",
        severity: "info",
        message: "Skill a (workspace) is excluded by the os gate: linux only.",
        path: "skills/a/SKILL.md",
        why: "The skill is never listed, so the model does not know it exists.",
        fix: "Nothing, if intended; otherwise change the gate named in the reason (skills.entries, the agent's skills allowlist, plugins).",
      },
      {
        code: "skill-excluded",
        severity: "info",
        message: "Skill c (workspace) is excluded by the eligibility gate: no reason given.",
        path: "skills/c/SKILL.md",
        why: "The skill is never listed, so the model does not know it exists.",
        fix: "Nothing, if intended; otherwise change the gate named in the reason (skills.entries, the agent's skills allowlist, plugins).",
      },
      {
        code: "skill-manual",
        severity: "info",
        message:
          "Skill e (bundled) is not listed (listing: manual); it runs only when a user names it.",
        path: "skills/e/SKILL.md",
        why: "The model does not see the skill until a user names it.",
        fix: "Nothing, if intended; set skills.entries.<key>.listing to normal or name-only to list it.",
      },
    ]);
  });

  it("reports a compact list only when it lists a skill", () => {
    expect(diagnoseAgentTurn(COMPACT_TURN)).toStrictEqual([
      {
        code: "skills-list-shortened",
        severity: "warning",
        message:
          "The skills list is in compact form: descriptions were dropped (names and locations only) to fit 900 chars.",
        key: "skills.limits.maxSkillsPromptChars",
        why: "Descriptions were cut (shortened) or dropped (compact); the model picks skills by their description.",
        fix: "Raise skills.limits.maxSkillsPromptChars, or exclude skills this agent does not need.",
      },
    ]);
    expect(diagnoseAgentTurn(COMPACT_EMPTY_TURN)).toStrictEqual([]);
  });

  it("maps diagnostics to findings pointing at the config or facts file, sorted", () => {
    const findings = diagnoseAgentTurn(DIAGNOSTICS_TURN, {
      configPath: "promptstack.json",
      factsPath: "facts.json",
      providerDiagnostics: [
        {
          code: "PROVIDERS_PREFIX_BELOW_MINIMUM",
          severity: "warning",
          message: "prefix 900 < 1024 tokens",
        },
      ],
    });
    expect(findings).toStrictEqual([
      {
        code: "diagnostic",
        severity: "error",
        message: "XCONFIG_TOOL_SUMMARY_Y: odd",
        path: "ws/x",
        why: "The assembler reported it while building the prompt.",
        fix: "See the message and hint.",
        diagnostic: "XCONFIG_TOOL_SUMMARY_Y",
      },
      {
        code: "config-unknown-key",
        severity: "warning",
        message: "aaa",
        path: "promptstack.json",
        key: "a.key",
        why: "The key is ignored; a misspelled setting silently keeps its default.",
        fix: "Fix the spelling or remove the key (promptstack schema lists every key).",
        diagnostic: "CONFIG_UNKNOWN_KEY",
      },
      {
        code: "config-unknown-key",
        severity: "warning",
        message: "zzz",
        path: "promptstack.json",
        key: "a.key",
        why: "The key is ignored; a misspelled setting silently keeps its default.",
        fix: "Fix the spelling or remove the key (promptstack schema lists every key).",
        diagnostic: "CONFIG_UNKNOWN_KEY",
      },
      {
        code: "config-unknown-key",
        severity: "warning",
        message: "unknown key skills.limt",
        path: "promptstack.json",
        key: "skills.limt",
        why: "The key is ignored; a misspelled setting silently keeps its default.",
        fix: "Did you mean skills.limits?",
        diagnostic: "CONFIG_UNKNOWN_KEY",
      },
      {
        code: "config-deprecated-key",
        severity: "warning",
        message: "old key",
        path: "promptstack.json",
        key: "old.key",
        why: "It is read under its new name (or has no effect at all) and may stop working in a later version.",
        fix: "Rename or remove the key as the message says.",
        diagnostic: "CONFIG_DEPRECATED_KEY",
      },
      {
        code: "tool-summary-volatile",
        severity: "warning",
        message: "tool clock mentions the date",
        path: "facts.json",
        key: "tools.clock.summary",
        why: "Tools sit above the cache boundary; a per-turn value in them changes the stable prefix every turn, so the prompt cache misses.",
        fix: "Keep per-turn facts (date, time, channel, sender, session) out of tool descriptions; the runtime passes them below the boundary.",
        diagnostic: "CONFIG_TOOL_SUMMARY_VOLATILE",
      },
      {
        code: "prefix-below-cache-minimum",
        severity: "warning",
        message: "prefix 900 < 1024 tokens",
        why: "The provider caches nothing shorter, so every turn pays full price for the prefix.",
        fix: "Expect no cache hits for short conversations; a longer stable prefix (tools, workspace files) or a model with a lower minimum makes the prefix cacheable.",
        diagnostic: "PROVIDERS_PREFIX_BELOW_MINIMUM",
      },
      {
        code: "diagnostic",
        severity: "warning",
        message: "SOMETHING_WARN: careful",
        path: "ws/w",
        why: "The assembler reported it while building the prompt.",
        fix: "See the message and hint.",
        diagnostic: "SOMETHING_WARN",
      },
      {
        code: "skill-tier-override",
        severity: "info",
        message: "skill x overridden",
        path: "skills/x/SKILL.md",
        why: "Only the higher tier's copy is listed; edits to the other copy have no effect.",
        fix: "Nothing, if the override is intended; otherwise rename one of the skills.",
        diagnostic: "SKILL_OVERRIDDEN",
      },
    ]);
  });

  it("gives a diagnostic without a severity (types bypassed) the warning severity", () => {
    const loose = { code: "ODD", message: "no severity" } as unknown as Diagnostic;
    expect(diagnoseAgentTurn(turnOf({ diagnostics: [loose] }))).toStrictEqual([
      {
        code: "diagnostic",
        severity: "warning",
        message: "ODD: no severity",
        why: "The assembler reported it while building the prompt.",
        fix: "See the message and hint.",
        diagnostic: "ODD",
      },
    ]);
  });

  it("keeps an info diagnostic that has a finding kind, and drops one that has none", () => {
    // The skills package reports an override at severity info.
    const overridden: Diagnostic = {
      code: "SKILL_OVERRIDDEN",
      severity: "info",
      message: "skill x overridden",
      path: "skills/x/SKILL.md",
    };
    const unknown: Diagnostic = { code: "SOMETHING_INFO", severity: "info", message: "fyi" };
    expect(diagnoseAgentTurn(turnOf({ diagnostics: [overridden, unknown] }))).toStrictEqual([
      {
        code: "skill-tier-override",
        severity: "info",
        message: "skill x overridden",
        path: "skills/x/SKILL.md",
        why: "Only the higher tier's copy is listed; edits to the other copy have no effect.",
        fix: "Nothing, if the override is intended; otherwise rename one of the skills.",
        diagnostic: "SKILL_OVERRIDDEN",
      },
    ]);
  });

  it("sorts a finding without a path or key before one with, in either input order", () => {
    const withFirst: Diagnostic[] = [
      { code: "AA", severity: "warning", message: "m", path: "A" },
      { code: "ZZ", severity: "warning", message: "m" },
      { code: "CONFIG_UNKNOWN_KEY", severity: "warning", message: "aa", path: "A" },
      { code: "CONFIG_UNKNOWN_KEY", severity: "warning", message: "zz" },
    ];
    // The same findings, each without a path or key given first: the order must not change.
    const withoutFirst = [withFirst[1]!, withFirst[0]!, withFirst[3]!, withFirst[2]!];
    const sorted = diagnoseAgentTurn(turnOf({ diagnostics: withoutFirst }));
    const findings = diagnoseAgentTurn(turnOf({ diagnostics: withFirst }));
    expect(findings).toStrictEqual([
      {
        code: "config-unknown-key",
        severity: "warning",
        message: "zz",
        why: "The key is ignored; a misspelled setting silently keeps its default.",
        fix: "Fix the spelling or remove the key (promptstack schema lists every key).",
        diagnostic: "CONFIG_UNKNOWN_KEY",
      },
      {
        code: "config-unknown-key",
        severity: "warning",
        message: "aa",
        key: "A",
        why: "The key is ignored; a misspelled setting silently keeps its default.",
        fix: "Fix the spelling or remove the key (promptstack schema lists every key).",
        diagnostic: "CONFIG_UNKNOWN_KEY",
      },
      {
        code: "diagnostic",
        severity: "warning",
        message: "ZZ: m",
        why: "The assembler reported it while building the prompt.",
        fix: "See the message and hint.",
        diagnostic: "ZZ",
      },
      {
        code: "diagnostic",
        severity: "warning",
        message: "AA: m",
        path: "A",
        why: "The assembler reported it while building the prompt.",
        fix: "See the message and hint.",
        diagnostic: "AA",
      },
    ]);
    expect(sorted).toStrictEqual(findings);
  });
});
