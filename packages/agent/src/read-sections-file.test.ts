import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createTempDir } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { AgentError } from "./agent-error.js";
import { createDisplayPaths } from "./create-display-paths.js";
import { createFolderCache } from "./create-folder-cache.js";
import { SECTIONS_FILE_MAX_CHARS, readSectionsFile } from "./read-sections-file.js";
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

  it("refuses a sections file outside the config folder, unread", async () => {
    const root = createTempDir("promptstack-sections-");
    const configDir = join(root, "conf");
    await mkdir(configDir);
    await writeFile(join(root, "outside.md"), "<!-- section: house_rules -->\nx\n");
    expect(
      await caught(readSectionsFile("../outside.md", "sections.file", context(configDir))),
    ).toMatchObject({
      code: "AGENT_SECTIONS_FILE_UNREADABLE",
      message: "The sections file ../outside.md (sections.file) was not read: outside workspace.",
      path: "sections.file",
      hint: "Keep the sections file a UTF-8 text file inside the config file's folder.",
    });
  });

  it("reads a sections file of SECTIONS_FILE_MAX_CHARS, and refuses one a character longer", async () => {
    const configDir = createTempDir("promptstack-sections-");
    const block = "<!-- section: house_rules -->\n";
    const write = (chars: number) =>
      writeFile(join(configDir, "sections.md"), block + "x".repeat(chars - block.length));
    await write(SECTIONS_FILE_MAX_CHARS);
    const parsed = await readSectionsFile("sections.md", "sections.file", context(configDir));
    expect(parsed).toEqual({
      source: "sections.md",
      blocks: [
        { id: "house_rules", line: 1, text: "x".repeat(SECTIONS_FILE_MAX_CHARS - block.length) },
      ],
    });
    await write(SECTIONS_FILE_MAX_CHARS + 1);
    expect(
      await caught(readSectionsFile("sections.md", "sections.file", context(configDir))),
    ).toMatchObject({
      code: "AGENT_SECTIONS_FILE_UNREADABLE",
      message: `The sections file sections.md (sections.file) is larger than ${SECTIONS_FILE_MAX_CHARS} characters.`,
      path: "sections.file",
      hint: "Shorten it: section texts belong in the prompt, whole documents in the workspace.",
    });
  });
});
