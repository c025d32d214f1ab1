import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfigFile, resolveAgentSystemPromptConfig } from "../src/index.js";

const caseDir = "../../../fixtures/config/reference-shaped-config";
const path = (name: string) => fileURLToPath(new URL(`${caseDir}/${name}`, import.meta.url));

describe("fixture: reference-shaped-config", async () => {
  const reference = await loadConfigFile(path("config.json5"));
  const ours = await loadConfigFile(path("promptstack-shaped.json5"));

  it.each(["main", "research", "unlisted"])(
    "resolves agent %s exactly like the promptstack-shaped file",
    (agentId) => {
      for (const sessionKind of ["main", "group", "subagent"] as const) {
        const context = { agentId, sessionKind };
        expect(resolveAgentSystemPromptConfig(reference.config, context)).toEqual(
          resolveAgentSystemPromptConfig(ours.config, context),
        );
      }
    },
  );

  it("feeds the reference aliases and citation mode into the prompt", () => {
    const resolved = resolveAgentSystemPromptConfig(reference.config, {
      agentId: "main",
      sessionKind: "main",
    });
    expect(resolved.modelAliases).toEqual(
      expect.arrayContaining([
        { alias: "deep", model: "openai/gpt-5.5" },
        { alias: "cheap", model: "openai/gpt-5.5-nano" },
      ]),
    );
    expect(resolved.memoryCitations).toBe("on");
  });

  it("loads without errors or unknown keys, explaining each rewrite", () => {
    const codes = reference.diagnostics.map((d) => d.code);
    expect(reference.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(codes).not.toContain("CONFIG_UNKNOWN_KEY");
    expect(reference.diagnostics).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: "CONFIG_REFERENCE_SHAPE", path: "agents.defaults.models" }),
        expect.objectContaining({
          code: "CONFIG_REFERENCE_SHAPE",
          path: "agents.entries.main.models",
        }),
        expect.objectContaining({ code: "CONFIG_REFERENCE_SHAPE", path: "memory.citations" }),
        expect.objectContaining({
          code: "CONFIG_REFERENCE_IGNORED",
          message: expect.stringContaining("anthropic/claude-opus-4-7"),
        }),
      ]),
    );
  });
});
