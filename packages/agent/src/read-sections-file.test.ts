import { join } from "node:path";
import { createTempDir } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { AgentError } from "./agent-error.js";
import { createDisplayPaths } from "./create-display-paths.js";
import { createFolderCache } from "./create-folder-cache.js";
import { readSectionsFile } from "./read-sections-file.js";
import type { ReadSectionsFileContext } from "./read-sections-file.js";

function context(configDir: string): ReadSectionsFileContext {
  return {
    configDir,
    folders: createFolderCache(),
    cache: new Map(),
    counter: { reads: 0 },
    paths: createDisplayPaths([{ real: configDir, shown: "/conf" }]),
  };
}

async function caught(run: Promise<unknown>): Promise<unknown> {
  const error = await run.catch((thrown: unknown) => thrown);
  expect(AgentError.isInstance(error)).toBe(true);
  return error;
}

describe("readSectionsFile", () => {
  it("refuses a sections file whose config folder does not exist", async () => {
    const configDir = join(createTempDir("promptstack-sections-"), "gone");
    expect(
      await caught(
        readSectionsFile("sections.md", "agents.defaults.sections.file", context(configDir)),
      ),
    ).toMatchObject({
      code: "AGENT_SECTIONS_FILE_UNREADABLE",
      message: "The sections file sections.md (agents.defaults.sections.file) has no folder.",
      path: "agents.defaults.sections.file",
      hint: "Check the config's folder exists.",
    });
  });

  it("refuses a missing sections file, naming where it looked", async () => {
    const configDir = createTempDir("promptstack-sections-");
    expect(
      await caught(
        readSectionsFile("sections.md", "agents.defaults.sections.file", context(configDir)),
      ),
    ).toMatchObject({
      code: "AGENT_SECTIONS_FILE_UNREADABLE",
      message:
        "The sections file sections.md (agents.defaults.sections.file) does not exist (looked at /conf/sections.md).",
      path: "agents.defaults.sections.file",
      hint: "Create it, or fix agents.defaults.sections.file; the path is relative to the config file's folder.",
    });
  });
});
