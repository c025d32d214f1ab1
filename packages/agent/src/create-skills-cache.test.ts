import { createHash } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createTempDir } from "@promptstack-tools/test-utils";
import { parseConfig, resolveAgentSystemPromptConfig } from "@promptstack/config";
import type { PromptstackConfig } from "@promptstack/config";
import type { SkillRoot } from "@promptstack/skills";
import { describe, expect, it } from "vitest";
import { createDisplayPaths } from "./create-display-paths.js";
import { NO_READ_REASON, createSkillsCache } from "./create-skills-cache.js";
import type { SkillsListingRequest } from "./create-skills-cache.js";

/** A skill root holding `alpha`, `bravo`, `charlie` and `delta`, shown as `/skills`. */
const skillText = (name: string): string =>
  `---\nname: ${name}\ndescription: The ${name} skill.\n---\n`;

/** A listed skill's entry, at `location`, with the `<version>` line when `versioned`. */
function entry(name: string, location = `/skills/${name}/SKILL.md`, versioned = false): string {
  const hash = createHash("sha256").update(skillText(name)).digest("hex");
  return [
    "  <skill>",
    `    <name>${name}</name>`,
    `    <description>The ${name} skill.</description>`,
    `    <location>${location}</location>`,
    ...(versioned ? [`    <version>sha256:${hash}</version>`] : []),
    "  </skill>",
  ].join("\n");
}

async function makeRoot(): Promise<{ readonly root: string; readonly roots: SkillRoot[] }> {
  const root = createTempDir("promptstack-skills-cache-");
  for (const name of ["alpha", "bravo", "charlie", "delta"]) {
    await mkdir(join(root, name));
    await writeFile(join(root, name, "SKILL.md"), skillText(name));
  }
  return { root, roots: [{ tier: "extra", dir: root }] };
}

function cacheFor(root: string, homeDir?: string) {
  return createSkillsCache({
    environment: { platform: "linux", env: {}, hasBin: () => false },
    paths: createDisplayPaths([{ real: root, shown: "/skills" }]),
    ...(homeDir === undefined ? {} : { homeDir }),
  });
}

function request(config: PromptstackConfig, readTool = true): SkillsListingRequest {
  const parsed = parseConfig(config).config;
  return {
    config: parsed,
    configGeneration: 1,
    resolved: resolveAgentSystemPromptConfig(parsed, {
      agentId: "main",
      sessionKind: "main",
      promptMode: "full",
    }),
    resolvedKey: "main\0full",
    quiet: new Set(),
    readTool,
  };
}

describe("createSkillsCache", () => {
  it("lists every skill by name, the excluded ones with their gate", async () => {
    const { root, roots } = await makeRoot();
    const listing = (await cacheFor(root).scan(roots)).list(
      request({
        agents: { defaults: { skills: ["alpha", "charlie", "delta"] } },
        skills: { limits: { maxSkillsInPrompt: 2 } },
      }),
    );
    const shown = (name: string) => ({ name, tier: "extra", path: `/skills/${name}/SKILL.md` });
    const listed = { listing: "normal", priority: 0 };
    expect(listing.all).toStrictEqual([
      { ...shown("alpha"), status: "included", ...listed, form: "full", entryText: entry("alpha") },
      {
        ...shown("bravo"),
        status: "excluded",
        gate: "allowlist",
        reason: "not in the agent's skill allowlist",
        ...listed,
      },
      {
        ...shown("charlie"),
        status: "included",
        ...listed,
        form: "full",
        entryText: entry("charlie"),
      },
      { ...shown("delta"), status: "omitted", ...listed, form: "omitted", formCause: "max-skills" },
    ]);
    expect(listing.eligible).toBe(3);
    expect(listing.diagnostics).toEqual([]);
    expect(listing.formatted.included).toEqual(["alpha", "charlie"]);
  });

  it("lists pinned skills first, then by priority, with version markers and the home folder as ~", async () => {
    const { root, roots } = await makeRoot();
    const listing = (await cacheFor(root, "/skills").scan(roots)).list(
      request({
        skills: {
          versionMarkers: true,
          limits: { maxSkillsInPrompt: 2 },
          entries: { charlie: { listing: "pinned" }, delta: { priority: 5 } },
        },
      }),
    );
    expect(listing.listingText).toBe(
      [
        "When a skill's <version> differs from the one you last read, its SKILL.md has changed: read it again before following it.",
        "<available_skills>",
        entry("charlie", "~/charlie/SKILL.md", true),
        entry("delta", "~/delta/SKILL.md", true),
        "</available_skills>",
        "Skills listed: 2 of 4. Not listed: alpha, bravo.",
      ].join("\n"),
    );
    expect(listing.formatted.included).toEqual(["charlie", "delta"]);
  });

  it("without a read tool lists nothing, names every would-be listed skill and says why", async () => {
    const { root, roots } = await makeRoot();
    const listing = (await cacheFor(root).scan(roots)).list(
      request(
        {
          skills: {
            limits: { maxSkillsInPrompt: 2 },
            entries: { charlie: { listing: "pinned" }, delta: { priority: 5 } },
          },
        },
        false,
      ),
    );
    const omitted = { form: "omitted", cause: "max-skills" } as const;
    expect(listing.formatted).toEqual({
      text: "",
      included: [],
      entries: [],
      omitted: ["alpha", "bravo", "charlie", "delta"],
      format: "full",
      chars: 0,
      skills: [
        { name: "alpha", listing: "normal", priority: 0, ...omitted },
        { name: "bravo", listing: "normal", priority: 0, ...omitted },
        { name: "charlie", listing: "pinned", priority: 0, form: "full" },
        { name: "delta", listing: "normal", priority: 5, form: "full" },
      ],
    });
    expect(listing.diagnostics).toEqual([
      {
        code: "SKILLS_NO_READ_TOOL",
        severity: "warning",
        message:
          "2 eligible skill(s) are left out of the prompt: this run has no `read` tool to open a SKILL.md (charlie, delta); the Codex harness still lists them, its model reads files natively.",
        hint: "Give the run a tool named `read`, or disable the skills this agent cannot load.",
      },
    ]);
    // Only the skills the list would have held carry the reason.
    expect(listing.all.map((skill) => [skill.name, skill.status, skill.reason])).toEqual([
      ["alpha", "omitted", undefined],
      ["bravo", "omitted", undefined],
      ["charlie", "omitted", NO_READ_REASON],
      ["delta", "omitted", NO_READ_REASON],
    ]);
    // The listing the Codex harness routes is still there.
    expect(listing.listingText).toBe(
      [
        "<available_skills>",
        entry("charlie"),
        entry("delta"),
        "</available_skills>",
        "Skills listed: 2 of 4. Not listed: alpha, bravo.",
      ].join("\n"),
    );
  });

  it("walks the roots again when they change, and lists again only when the request changes", async () => {
    const { root, roots } = await makeRoot();
    const other = createTempDir("promptstack-skills-cache-");
    const cache = cacheFor(root);
    const first = await cache.scan(roots);
    expect(first.rescanned).toBe(true);
    const again = await cache.scan(roots);
    expect(again.rescanned).toBe(false);
    const moved = await cache.scan([{ tier: "extra", dir: other }]);
    expect(moved.rescanned).toBe(true);
    expect(moved.list(request({})).all).toEqual([]);
  });

  it("walks the roots again when one is dropped", async () => {
    const { root, roots } = await makeRoot();
    const other = createTempDir("promptstack-skills-cache-");
    await mkdir(join(other, "echo"));
    await writeFile(join(other, "echo", "SKILL.md"), skillText("echo"));
    const cache = cacheFor(root);
    const both = await cache.scan([...roots, { tier: "extra", dir: other }]);
    expect(both.list(request({})).all.map((skill) => skill.name)).toEqual([
      "alpha",
      "bravo",
      "charlie",
      "delta",
      "echo",
    ]);
    const one = await cache.scan(roots);
    expect(one.rescanned).toBe(true);
    expect(one.list(request({})).all.map((skill) => skill.name)).toEqual([
      "alpha",
      "bravo",
      "charlie",
      "delta",
    ]);
  });

  it("reports a missing root unless it is quiet; other problems of a quiet root are reported", async () => {
    const { root, roots } = await makeRoot();
    // A quiet root with one SKILL.md more than a root may hold (maxCandidatesPerRoot, 300).
    const crowded = createTempDir("promptstack-skills-cache-");
    for (let index = 0; index <= 300; index++) {
      const name = `s${String(index).padStart(3, "0")}`;
      await mkdir(join(crowded, name));
      await writeFile(join(crowded, name, "SKILL.md"), skillText(name));
    }
    const quietMissing = join(root, "quiet-missing");
    const listing = (
      await cacheFor(root).scan([
        ...roots,
        { tier: "workspace", dir: quietMissing },
        { tier: "workspace", dir: crowded },
        { tier: "extra", dir: join(root, "missing") },
      ])
    ).list({ ...request({}), quiet: new Set([quietMissing, crowded]) });
    const tooMany = "Split the skills over several roots or remove unused ones.";
    expect(listing.diagnostics).toEqual([
      {
        code: "SKILLS_CANDIDATE_LIMIT",
        severity: "warning",
        message: `Skill root ${crowded} has more than 300 SKILL.md files; the search stopped there.`,
        path: crowded,
        hint: tooMany,
      },
      {
        code: "SKILLS_LOAD_LIMIT",
        severity: "warning",
        message: `Skill root ${crowded} reached 200 loaded skills; 100 more SKILL.md files were not loaded.`,
        path: crowded,
        hint: tooMany,
      },
      {
        code: "SKILLS_ROOT_MISSING",
        severity: "info",
        message: "Skill root /skills/missing (extra) does not exist; it was skipped.",
        path: "/skills/missing",
      },
    ]);
  });
});
