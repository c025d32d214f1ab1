/**
 * How promptstack talks to Codex: its own bundled stdio app-server (`managed-stdio`), or someone
 * else's (`external`, `desktop`). The one list; the type and the CLI's choices derive from it.
 */
export const CODEX_CONNECTION_KINDS = ["managed-stdio", "external", "desktop"] as const;

/** One of {@link CODEX_CONNECTION_KINDS}. */
export type CodexConnectionKind = (typeof CODEX_CONNECTION_KINDS)[number];
