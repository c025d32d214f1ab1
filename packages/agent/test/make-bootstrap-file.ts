import type { AgentBootstrapFile } from "../src/agent-types.js";

/** Test helper: a turn's MEMORY.md entry, injected whole, with `extra` laid over it. */
export const makeBootstrapFile = (extra: Partial<AgentBootstrapFile>): AgentBootstrapFile => ({
  name: "MEMORY.md",
  path: "ws/MEMORY.md",
  origin: "workspace",
  status: "ok",
  rawChars: 100,
  injectedChars: 100,
  limitedBy: null,
  ...extra,
});
