import type { PromptstackConfig } from "@promptstack/config";
import { describe, expect, it } from "vitest";
import { AgentError } from "./agent-error.js";
import { createConfigCache } from "./create-config-cache.js";
import { loadAssemblerConfig } from "./load-assembler-config.js";

async function cacheFor(config: PromptstackConfig, agentId: string | undefined) {
  const initial = await loadAssemblerConfig(config, "/etc/agent");
  return createConfigCache(
    initial,
    { config, workspaceDir: "/w", ...(agentId === undefined ? {} : { agentId }) },
    agentId ?? "main",
  );
}

describe("createConfigCache", () => {
  it("refuses a named agent the config does not list, naming every listed one", async () => {
    const config = { agents: { entries: { main: { name: "Wren" }, helper: { name: "Kit" } } } };
    const error = await cacheFor(config, "mian").catch((caught: unknown) => caught);
    expect(AgentError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: "AGENT_UNKNOWN_ID",
      message: 'Unknown agent "mian": the config lists "main", "helper".',
      path: "agentId",
      hint: "Pass one of the listed ids, or add agents.entries.mian to the config.",
    });
    expect((await cacheFor(config, "helper")).current.parsed.config).toEqual(config);
  });

  it("takes any named agent when the config lists none", async () => {
    for (const config of [{}, { agents: {} }, { agents: { entries: {} } }]) {
      expect((await cacheFor(config, "helper")).current.parsed.config).toEqual(config);
    }
  });
});
