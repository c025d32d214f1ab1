import type { Diagnostic } from "@promptstack/core";
import type { SkillGate } from "@promptstack/skills";
import type { AgentBootstrapFile, AgentSkill, AgentTurn } from "./agent-types.js";
import { NO_READ_REASON } from "./create-skills-cache.js";
import { DOCTOR_FINDING_TABLE } from "./doctor-findings.js";
import type { DoctorFinding, DoctorFindingCode, DoctorSeverity } from "./doctor-findings.js";

/** Options of `diagnoseAgentTurn`. */
export interface DiagnoseAgentTurnOptions {
  /**
   * Diagnostics of a provider request built from the same turn (e.g. `buildAnthropicRequest`'s
   * `PROVIDERS_PREFIX_BELOW_MINIMUM`); they become findings like the turn's own.
   */
  readonly providerDiagnostics?: readonly Diagnostic[];
  /** Display path of the config file: where config findings point. */
  readonly configPath?: string;
  /** Display path of the run-facts file: where tool-summary findings point. */
  readonly factsPath?: string;
}

type Kind = (typeof DOCTOR_FINDING_TABLE)[number];

const KIND_BY_CODE: ReadonlyMap<string, Kind> = new Map(
  DOCTOR_FINDING_TABLE.map((kind) => [kind.code, kind]),
);
const KIND_BY_DIAGNOSTIC: ReadonlyMap<string, Kind> = new Map(
  DOCTOR_FINDING_TABLE.flatMap((kind) =>
    kind.diagnostics.map((code): [string, Kind] => [code, kind]),
  ),
);
const ORDER: ReadonlyMap<string, number> = new Map(
  DOCTOR_FINDING_TABLE.map((kind, index) => [kind.code, index]),
);
const SEVERITY_RANK: Readonly<Record<DoctorSeverity, number>> = { error: 0, warning: 1, info: 2 };

/** Gates an operator sets on purpose; the others are requirements the machine does not meet. */
const DELIBERATE_GATES: ReadonlySet<SkillGate> = new Set<SkillGate>([
  "plugin",
  "enabled",
  "model-invocation",
  "os",
  "allowlist",
]);

function kindOf(code: DoctorFindingCode): Kind {
  return KIND_BY_CODE.get(code) as Kind;
}

function finding(
  code: DoctorFindingCode,
  message: string,
  where: { readonly path?: string | undefined; readonly key?: string | undefined },
  extra: {
    readonly severity?: DoctorSeverity;
    readonly diagnostic?: string;
    readonly hint?: string;
  } = {},
): DoctorFinding {
  const kind = kindOf(code);
  const severity = kind.severity ?? extra.severity ?? "warning";
  return {
    code,
    severity,
    message,
    ...(where.path === undefined ? {} : { path: where.path }),
    ...(where.key === undefined ? {} : { key: where.key }),
    why: kind.why,
    // A diagnostic's own hint is specific to the case; the table's fix is the general advice.
    fix: extra.hint === undefined || extra.hint === "" ? kind.fix : extra.hint,
    ...(extra.diagnostic === undefined ? {} : { diagnostic: extra.diagnostic }),
  };
}

function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.floor((part / whole) * 100);
}

function fromBootstrapFile(file: AgentBootstrapFile): DoctorFinding | undefined {
  const where = { path: file.path };
  if (file.status === "truncated") {
    const tokens =
      file.rawTokens === undefined || file.injectedTokens === undefined
        ? ""
        : ` (~${file.injectedTokens} of ${file.rawTokens} tokens)`;
    return finding(
      "bootstrap-file-truncated",
      `${file.name}: kept ${file.injectedChars} of ${file.rawChars} chars (${percent(file.injectedChars, file.rawChars)}%)${tokens}, cut by the ${file.limitedBy ?? "per-file"} budget.`,
      where,
      { diagnostic: "BOOTSTRAP_FILE_TRUNCATED" },
    );
  }
  if (file.status === "missing") {
    return finding(
      "bootstrap-file-missing",
      `${file.name} is missing; every session of this agent expects it.`,
      where,
      { diagnostic: "BOOTSTRAP_FILE_MISSING" },
    );
  }
  if (file.status !== "skipped") return undefined;
  if (file.limitedBy !== null) {
    return finding(
      "bootstrap-file-dropped",
      `${file.name} (${file.rawChars} chars) was not injected: ${file.reason ?? "the budget was used up"} (${file.limitedBy} budget).`,
      where,
      { diagnostic: "BOOTSTRAP_TOTAL_BUDGET_EXHAUSTED" },
    );
  }
  if (file.reason === "empty") {
    return finding("bootstrap-file-empty", `${file.name} is empty; nothing is injected.`, where, {
      diagnostic: "BOOTSTRAP_FILE_EMPTY",
    });
  }
  // Files skipped by the reader come with their own diagnostic (binary, link, FIFO, ...).
  return undefined;
}

function fromSkills(turn: AgentTurn): DoctorFinding[] {
  const findings: DoctorFinding[] = [];
  const byName = new Map<string, AgentSkill>(turn.skills.all.map((skill) => [skill.name, skill]));
  const { maxSkillsInPrompt, maxSkillsPromptChars } = turn.config.budgets;
  for (const skill of turn.skills.all) {
    if (skill.status !== "excluded") continue;
    const gate = skill.gate;
    const deliberate = gate === undefined || DELIBERATE_GATES.has(gate);
    findings.push(
      finding(
        deliberate ? "skill-excluded" : "skill-requirement-unmet",
        `Skill ${skill.name} (${skill.tier}) is excluded by the ${gate ?? "eligibility"} gate: ${skill.reason ?? "no reason given"}.`,
        { path: skill.path },
      ),
    );
  }
  for (const skill of turn.skills.all) {
    if (skill.listing !== "manual" || skill.status === "excluded") continue;
    findings.push(
      finding(
        "skill-manual",
        `Skill ${skill.name} (${skill.tier}) is not listed (listing: manual); it runs only when a user names it.`,
        { path: skill.path },
      ),
    );
  }
  for (const name of turn.skills.omitted) {
    const skill = byName.get(name);
    // Reported once for the whole list, as skills-no-read-tool (from its diagnostic).
    if (skill?.reason === NO_READ_REASON) continue;
    if (skill?.listing === "pinned") {
      findings.push(
        finding(
          "skill-pinned-omitted",
          `Pinned skill ${name} (${skill.tier}) is not listed, not even by name: the pinned skills alone exceed the budget (${maxSkillsInPrompt} skills, ${maxSkillsPromptChars} chars).`,
          { path: skill.path },
        ),
      );
      continue;
    }
    findings.push(
      finding(
        "skill-omitted",
        `Skill ${name}${skill === undefined ? "" : ` (${skill.tier})`} is not listed: ${turn.skills.included.length} of ${turn.skills.eligible} eligible skills fit the budget (${maxSkillsInPrompt} skills, ${maxSkillsPromptChars} chars).`,
        { path: skill?.path },
      ),
    );
  }
  const format = turn.skills.format;
  if (format !== "full" && turn.skills.included.length > 0) {
    const how =
      format === "shortened"
        ? "long descriptions were shortened"
        : "descriptions were dropped (names and locations only)";
    findings.push(
      finding(
        "skills-list-shortened",
        `The skills list is in ${format} form: ${how} to fit ${maxSkillsPromptChars} chars.`,
        { key: "skills.limits.maxSkillsPromptChars" },
      ),
    );
  }
  return findings;
}

function fromDiagnostic(
  diagnostic: Diagnostic,
  options: DiagnoseAgentTurnOptions,
): DoctorFinding | undefined {
  const kind = KIND_BY_DIAGNOSTIC.get(diagnostic.code);
  // Built from turn.bootstrap per file; the aggregate diagnostic would say it twice.
  if (kind !== undefined && kind.source !== "diagnostics") return undefined;
  if (kind === undefined && diagnostic.severity === "info") return undefined;
  const code: DoctorFindingCode = kind?.code ?? "diagnostic";
  const where = diagnostic.code.startsWith("CONFIG_TOOL_SUMMARY")
    ? // The tool's path is the same in the renderer input and the facts file.
      { path: options.factsPath, key: diagnostic.path }
    : diagnostic.code.startsWith("CONFIG_")
      ? { path: options.configPath, key: diagnostic.path }
      : { path: diagnostic.path };
  return finding(
    code,
    kind === undefined ? `${diagnostic.code}: ${diagnostic.message}` : diagnostic.message,
    where,
    {
      severity: diagnostic.severity,
      diagnostic: diagnostic.code,
      ...(diagnostic.hint === undefined ? {} : { hint: diagnostic.hint }),
    },
  );
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareFindings(a: DoctorFinding, b: DoctorFinding): number {
  return (
    SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
    (ORDER.get(a.code) ?? 0) - (ORDER.get(b.code) ?? 0) ||
    compareText(a.path ?? "", b.path ?? "") ||
    compareText(a.key ?? "", b.key ?? "") ||
    compareText(a.message, b.message)
  );
}

/**
 * Maps one assembled turn to the actionable findings of `promptstack doctor`: files cut or
 * skipped by the budgets or the reader, missing and case-variant workspace files, skills excluded,
 * omitted or shortened, skill name collisions, config key problems, per-turn facts in tool
 * summaries, and (with `providerDiagnostics`) a stable prefix below the provider's cacheable
 * minimum. Reads only what the assembler produced (`turn.bootstrap`, `turn.skills`,
 * `turn.diagnostics`); it re-checks nothing itself. Pure; sorted errors first, then by the
 * order of `DOCTOR_FINDING_TABLE`, then by path.
 */
export function diagnoseAgentTurn(
  turn: AgentTurn,
  options: DiagnoseAgentTurnOptions = {},
): DoctorFinding[] {
  const findings: DoctorFinding[] = [];
  for (const file of turn.bootstrap.files) {
    const found = fromBootstrapFile(file);
    if (found !== undefined) findings.push(found);
  }
  findings.push(...fromSkills(turn));
  for (const diagnostic of [...turn.diagnostics, ...(options.providerDiagnostics ?? [])]) {
    const found = fromDiagnostic(diagnostic, options);
    if (found !== undefined) findings.push(found);
  }
  return findings.sort(compareFindings);
}
