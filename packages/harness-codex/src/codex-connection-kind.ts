/** How promptstack talks to Codex: its own bundled stdio app-server, or someone else's. */
export type CodexConnectionKind = "managed-stdio" | "external" | "desktop";
