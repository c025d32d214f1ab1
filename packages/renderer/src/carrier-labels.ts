/** Section labels of the carrier body, in output order. */
export const CARRIER_LABELS = Object.freeze({
  exec: "exec_sessions",
  subagents: "subagents",
  mediaTools: "media_tools",
  mediaTasks: "media_tasks",
  heartbeats: "heartbeat_results",
});
