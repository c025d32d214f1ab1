import type { DoctorFinding } from "@promptstack/agent";
import { describe, expect, it } from "vitest";
import { markingStyler as TAGS } from "../../test/marking-styler.js";
import { formatDoctorReport } from "./format-doctor-report.js";
import type { DoctorReport } from "./load-doctor-report.js";

const finding = (fields: Partial<DoctorFinding>): DoctorFinding => ({
  code: "diagnostic",
  severity: "warning",
  message: "Something is off.",
  why: "It matters.",
  fix: "Fix it.",
  ...fields,
});

const reportOf = (findings: readonly DoctorFinding[], more: Partial<DoctorReport> = {}) =>
  ({
    version: 1,
    workspace: "ws",
    counts: {
      error: findings.filter((found) => found.severity === "error").length,
      warning: findings.filter((found) => found.severity === "warning").length,
      info: findings.filter((found) => found.severity === "info").length,
    },
    findings,
    ...more,
  }) as DoctorReport;

describe("formatDoctorReport", () => {
  it("names the provider and model after the workspace", () => {
    const report = reportOf([], { provider: { provider: "openai", model: "gpt-5.5" } });
    expect(formatDoctorReport(report, TAGS)).toBe(
      "promptstack doctor: ws, openai gpt-5.5\n<green>No findings.</green>\n",
    );
  });

  it("prints where as path › key, and nothing after the code when a finding has neither", () => {
    const findings = [
      finding({ path: "config.json", key: "agents.defaults.x" }),
      finding({ key: "runtimeContext.heartbeats" }),
      finding({ severity: "info" }),
    ];
    expect(formatDoctorReport(reportOf(findings), TAGS)).toBe(
      [
        "promptstack doctor: ws",
        "0 errors, 2 warnings, 1 info",
        "",
        "<yellow>warning</yellow> <bold>diagnostic</bold>  config.json › agents.defaults.x",
        "  Something is off.",
        "  <dim>why:</dim> It matters.",
        "  <dim>fix:</dim> Fix it.",
        "",
        "<yellow>warning</yellow> <bold>diagnostic</bold>  runtimeContext.heartbeats",
        "  Something is off.",
        "  <dim>why:</dim> It matters.",
        "  <dim>fix:</dim> Fix it.",
        "",
        "<dim>info   </dim> <bold>diagnostic</bold>",
        "  Something is off.",
        "  <dim>why:</dim> It matters.",
        "  <dim>fix:</dim> Fix it.",
        "",
      ].join("\n"),
    );
  });
});
