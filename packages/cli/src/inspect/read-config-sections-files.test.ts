import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createTempDir } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { readConfigSectionsFiles } from "./read-config-sections-files.js";

/** A config at `<temp>/cfg/config.json5` holding `text`; returns its path and the temp folder. */
async function writeConfig(text: string): Promise<{ root: string; config: string }> {
  const root = createTempDir("promptstack-sections-files-");
  await mkdir(join(root, "cfg"));
  const config = join(root, "cfg", "config.json5");
  await writeFile(config, text);
  return { root, config };
}

const BOTH = JSON.stringify({
  agents: {
    defaults: { sections: { file: "prompt/defaults.md" } },
    entries: {
      main: { sections: { file: "../main.md" } },
      helper: {},
    },
  },
});

describe("readConfigSectionsFiles", () => {
  it("names the defaults' and the agent's sections files, relative to the config's folder", async () => {
    const { root, config } = await writeConfig(BOTH);
    expect(await readConfigSectionsFiles(config, "main")).toEqual([
      join(root, "cfg", "prompt", "defaults.md"),
      join(root, "main.md"),
    ]);
    // Another agent, or one the config does not list, gets the defaults' file only.
    expect(await readConfigSectionsFiles(config, "helper")).toEqual([
      join(root, "cfg", "prompt", "defaults.md"),
    ]);
    expect(await readConfigSectionsFiles(config, "toString")).toEqual([
      join(root, "cfg", "prompt", "defaults.md"),
    ]);
  });

  it("names the agent's file alone when the defaults name none", async () => {
    const { root, config } = await writeConfig(
      JSON.stringify({ agents: { entries: { main: { sections: { file: "main.md" } } } } }),
    );
    expect(await readConfigSectionsFiles(config, "main")).toEqual([join(root, "cfg", "main.md")]);
    const withDefaults = await writeConfig(
      JSON.stringify({
        agents: {
          defaults: { bootstrapMaxChars: 1000 },
          entries: { main: { sections: { file: "main.md" } } },
        },
      }),
    );
    expect(await readConfigSectionsFiles(withDefaults.config, "main")).toEqual([
      join(withDefaults.root, "cfg", "main.md"),
    ]);
  });

  it("names none for a config without agents, one that does not parse, or none at all", async () => {
    expect(await readConfigSectionsFiles((await writeConfig("{}")).config, "main")).toEqual([]);
    expect(await readConfigSectionsFiles((await writeConfig("{ agents: ")).config, "main")).toEqual(
      [],
    );
    const { root } = await writeConfig("{}");
    expect(await readConfigSectionsFiles(join(root, "missing.json5"), "main")).toEqual([]);
  });
});
