import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createTempDir } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { AgentError } from "./agent-error.js";
import { loadAssemblerConfig } from "./load-assembler-config.js";
import { readFileStamp } from "./read-file-stamp.js";

describe("loadAssemblerConfig", () => {
  it("reads a config file: relative paths start at its folder unless configDir says otherwise", async () => {
    const dir = createTempDir("promptstack-assembler-config-");
    const file = join(dir, "config.json5");
    await writeFile(file, "{ agents: { defaults: { workspace: 'ws' } } }\n");
    const stamp = await readFileStamp(file);
    const parsed = { config: { agents: { defaults: { workspace: "ws" } } }, diagnostics: [] };
    expect(await loadAssemblerConfig(file, undefined, 4)).toEqual({
      parsed,
      dir,
      file,
      stamp,
      generation: 5,
    });
    expect(await loadAssemblerConfig(file, "/etc/agent")).toEqual({
      parsed,
      dir: "/etc/agent",
      file,
      stamp,
      generation: 1,
    });
  });

  it("takes a config object, or none, relative to configDir or the working directory", async () => {
    expect(await loadAssemblerConfig({ agents: {} }, "/etc/agent")).toEqual({
      parsed: { config: { agents: {} }, diagnostics: [] },
      dir: "/etc/agent",
      stamp: undefined,
      generation: 1,
    });
    expect(await loadAssemblerConfig(undefined, undefined, 1)).toEqual({
      parsed: { config: {}, diagnostics: [] },
      dir: process.cwd(),
      stamp: undefined,
      generation: 2,
    });
  });

  it("refuses a relative configDir", async () => {
    const error = await loadAssemblerConfig({}, "conf").catch((caught: unknown) => caught);
    expect(AgentError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: "AGENT_INVALID_OPTIONS",
      message: 'configDir must be an absolute path, got "conf".',
      path: "configDir",
      hint: "Resolve configDir against the working directory first.",
    });
  });

  it.each([
    [null, "config must be a config object or a file path, got null."],
    [42, "config must be a config object or a file path, got number."],
  ])("refuses %j as the config", async (source, message) => {
    const error = await loadAssemblerConfig(source as never, undefined).catch(
      (caught: unknown) => caught,
    );
    expect(AgentError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: "AGENT_INVALID_OPTIONS",
      message,
      path: "config",
      hint: "Pass the path of a config.json5, or a config object.",
    });
  });
});
