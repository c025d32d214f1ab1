/** A content problem reported next to a result (never thrown). Shared by every package. */
export interface Diagnostic {
  readonly code: string;
  readonly severity: "error" | "warning" | "info";
  readonly message: string;
  readonly path?: string;
  readonly hint?: string;
}
