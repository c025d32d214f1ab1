import type { RenderRun } from "../inputs/render-run.js";

/** A diagnostic as the outputs show it (`render --json`, `inspect`). */
export interface OutputDiagnostic {
  readonly code: string;
  readonly severity: "error" | "warning" | "info";
  readonly message: string;
  readonly path?: string;
  readonly hint?: string;
}

/** A run's diagnostic as the outputs show it: absent fields left out. */
export function toOutputDiagnostic(diagnostic: RenderRun["diagnostics"][number]): OutputDiagnostic {
  return {
    code: diagnostic.code,
    severity: diagnostic.severity,
    message: diagnostic.message,
    ...(diagnostic.path === undefined ? {} : { path: diagnostic.path }),
    ...(diagnostic.hint === undefined ? {} : { hint: diagnostic.hint }),
  };
}
