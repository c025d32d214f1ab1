/** The @openai/codex release whose app-server protocol the adapter targets and is tested against. */
export const PINNED_CODEX_VERSION = "0.171.0";
