import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REQUIRED_BOOTSTRAP_FILE_NAMES } from "@promptstack/bootstrap";
import { parseRunFacts } from "@promptstack/config";
import type { PromptstackConfigInput } from "@promptstack/config";
import { NEUTRAL_PRODUCT_PROFILE, OPENCLAW_PRODUCT_PROFILE } from "@promptstack/renderer";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SECTIONS_FILE_MAX_CHARS } from "../src/read-sections-file.js";
import { createPromptAssembler } from "../src/index.js";
import type { PromptAssemblerOptions } from "../src/index.js";

let root: string;
let workspaceDir: string;

const facts = parseRunFacts({
  sessionKind: "main",
  model: { id: "m-1", provider: "anthropic" },
  channel: { id: "matrix", chatType: "direct" },
  time: { timeZone: "UTC", date: "2026-12-01" },
  runtime: { host: "h", os: "linux", node: "v20" },
});

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "promptstack-profiles-"));
  workspaceDir = join(root, "workspace");
  await mkdir(workspaceDir);
  // Only AGENTS.md: SOUL.md, IDENTITY.md and USER.md are absent.
  await writeFile(join(workspaceDir, "AGENTS.md"), "# Rules\nBe brief.\n");
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function turnWith(
  config: PromptstackConfigInput,
  extra: Partial<PromptAssemblerOptions> = {},
) {
  await writeFile(join(root, "config.json"), JSON.stringify(config));
  const assembler = await createPromptAssembler({
    config: join(root, "config.json"),
    workspaceDir,
    skillRoots: [],
    ...extra,
  });
  try {
    return await assembler.turn(facts);
  } finally {
    await assembler.close();
  }
}

const missing = (turn: Awaited<ReturnType<typeof turnWith>>) =>
  turn.bootstrap.files.filter((file) => file.status === "missing").map((file) => file.name);

describe("workspace conventions per profile", () => {
  it("the reference profile requires the reference set, as bootstrap's default does", async () => {
    expect(OPENCLAW_PRODUCT_PROFILE.requiredWorkspaceFiles).toEqual(REQUIRED_BOOTSTRAP_FILE_NAMES);
    const turn = await turnWith({});
    expect(missing(turn)).toEqual(["SOUL.md", "IDENTITY.md", "USER.md"]);
    expect(turn.model.text).toContain("[MISSING] Expected at:");
  });

  it("the neutral profile's required list (AGENTS.md only) drops the missing markers", async () => {
    const turn = await turnWith({ agents: { defaults: { profile: "neutral" } } });
    expect(missing(turn)).toEqual([]);
    expect(turn.bootstrap.files.map((file) => file.name)).toEqual(["AGENTS.md"]);
    expect(turn.model.text).not.toContain("[MISSING]");
    expect(turn.input.profile).toBe(NEUTRAL_PRODUCT_PROFILE);
  });

  it("an inline profile's requiredWorkspaceFiles decides, and an absent AGENTS.md then shows", async () => {
    await rm(join(workspaceDir, "AGENTS.md"));
    const turn = await turnWith({
      agents: {
        defaults: { profile: { name: "Pip", requiredWorkspaceFiles: ["AGENTS.md", "USER.md"] } },
      },
    });
    expect(missing(turn)).toEqual(["AGENTS.md", "USER.md"]);
    // Every file the config schema lets a profile require is one bootstrap knows.
    const all = await turnWith({
      agents: {
        defaults: {
          profile: {
            requiredWorkspaceFiles: ["AGENTS.md", "SOUL.md", "IDENTITY.md", "USER.md", "MEMORY.md"],
          },
        },
      },
    });
    expect(missing(all)).toEqual(["AGENTS.md", "SOUL.md", "IDENTITY.md", "USER.md", "MEMORY.md"]);
  });

  it("the product option (CLI --profile) beats the config's profile, required list included", async () => {
    const turn = await turnWith(
      { agents: { defaults: { profile: "openclaw" } } },
      { product: NEUTRAL_PRODUCT_PROFILE },
    );
    expect(missing(turn)).toEqual([]);
    expect(turn.input.profile).toBe(NEUTRAL_PRODUCT_PROFILE);
  });
});

describe("sections file", () => {
  const sections = {
    file: "sections.md",
    add: [{ id: "house_rules", heading: "House Rules", cache: "stable" as const, after: "care" }],
  };

  it("gives custom sections their text and replaces built-in ones; edits show next turn", async () => {
    await writeFile(
      join(root, "sections.md"),
      "<!-- section: house_rules -->\nNo spoilers.\n\n<!-- section: safety -->\nStay kind.\n",
    );
    await writeFile(
      join(root, "config.json"),
      JSON.stringify({ agents: { defaults: { sections } } }),
    );
    const assembler = await createPromptAssembler({
      config: join(root, "config.json"),
      workspaceDir,
      skillRoots: [],
    });
    const first = await assembler.turn(facts);
    const byId = new Map(first.prompt.sections.map((section) => [section.id, section]));
    expect(byId.get("house_rules")).toMatchObject({
      cache: "stable",
      text: "## House Rules\nNo spoilers.",
    });
    expect(byId.get("safety")?.text).toBe("## Safety\nStay kind.");
    const ids = first.prompt.sections.map((section) => section.id);
    expect(ids.indexOf("house_rules")).toBe(ids.indexOf("care") + 1);

    const again = await assembler.turn(facts);
    expect(again.reads.files).toBe(0);
    await writeFile(
      join(root, "sections.md"),
      "<!-- section: house_rules -->\nNo spoilers, ever.\n",
    );
    const edited = await assembler.turn(facts);
    expect(edited.model.text).toContain("No spoilers, ever.");
    expect(edited.model.text).not.toContain("Stay kind.");
    await assembler.close();
  });

  it("refuses a sections file over SECTIONS_FILE_MAX_CHARS however it fits the read window", async () => {
    const block = "<!-- section: house_rules -->\n";
    const write = (chars: number) =>
      writeFile(join(root, "sections.md"), block + "x".repeat(chars - block.length));
    // At the limit: read and used.
    await write(SECTIONS_FILE_MAX_CHARS);
    const turn = await turnWith({ agents: { defaults: { sections } } });
    expect(turn.prompt.sections.some((section) => section.id === "house_rules")).toBe(true);
    // One past it, and 590,000 characters (whole inside the byte-sized read window): refused.
    for (const chars of [SECTIONS_FILE_MAX_CHARS + 1, 590_000]) {
      await write(chars);
      await expect(turnWith({ agents: { defaults: { sections } } })).rejects.toMatchObject({
        code: "AGENT_SECTIONS_FILE_UNREADABLE",
        message: expect.stringContaining(`larger than ${SECTIONS_FILE_MAX_CHARS} characters`),
      });
    }
  });

  it("names the file and line of a block with an unknown id", async () => {
    await writeFile(
      join(root, "sections.md"),
      "<!-- section: house_rules -->\nNo spoilers.\n<!-- section: pep_talk -->\nGo team.\n",
    );
    await expect(turnWith({ agents: { defaults: { sections } } })).rejects.toMatchObject({
      code: "CONFIG_SECTIONS_FILE_INVALID",
      path: "sections.md:3",
      message: expect.stringContaining('"pep_talk" is neither a built-in section'),
    });
  });

  it("names the config key of a sections file that does not exist or leaves the config folder", async () => {
    await expect(turnWith({ agents: { defaults: { sections } } })).rejects.toMatchObject({
      code: "AGENT_SECTIONS_FILE_UNREADABLE",
      path: "agents.defaults.sections.file",
      hint: expect.stringContaining("relative to the config file's folder"),
    });
    // A file outside the config's folder is refused, not followed.
    await mkdir(join(root, "cfg"));
    await writeFile(join(root, "outside.md"), "<!-- section: house_rules -->\nx\n");
    const escaping = { ...sections, file: "../outside.md" };
    await writeFile(
      join(root, "cfg", "config.json"),
      JSON.stringify({ agents: { defaults: { sections: escaping } } }),
    );
    const assembler = await createPromptAssembler({
      config: join(root, "cfg", "config.json"),
      workspaceDir,
      skillRoots: [],
    });
    await expect(assembler.turn(facts)).rejects.toMatchObject({
      code: "AGENT_SECTIONS_FILE_UNREADABLE",
      message: expect.stringContaining("was not read"),
    });
    await assembler.close();
  });
});
