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

  it("loads a config object once: later turns do not load it again", async () => {
    const cache = await cacheFor({ agents: {} }, undefined);
    expect([await cache.beginTurn(), await cache.beginTurn(), await cache.beginTurn()]).toEqual([
      true,
      false,
      false,
    ]);
    expect(cache.current.generation).toBe(1);
  });

  it("resolves each session kind and prompt mode once per load, under its own key", async () => {
    const cache = await cacheFor({ agents: {} }, undefined);
    const main = cache.resolveFor("main", "full");
    const subagent = cache.resolveFor("subagent", "minimal");
    expect([main.key, subagent.key]).toEqual(["main\0full", "subagent\0minimal"]);
    expect(subagent.resolved).not.toEqual(main.resolved);
    expect(cache.resolveFor("main", "full").resolved).toBe(main.resolved);
    expect(cache.resolveFor("subagent", "minimal").resolved).toBe(subagent.resolved);
  });
});
