/**
 * Issue 35: the assembler's own `watch: true` watcher follows the readers' containment rules
 * (those of `@promptstack/safe-read`, shared with `inspect --watch`): it never follows a link out
 * of its roots, watches a bounded number of folders, watches the sections file the render read,
 * and works for a workspace that sits under a `node_modules` folder.
 */
import { cp, mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { readDemoSkillEnvironment } from "@promptstack-tools/test-utils";
import { parseRunFacts } from "@promptstack/config";
import { WATCH_MAX_FOLDERS } from "@promptstack/safe-read";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createPromptAssembler } from "../src/index.js";
import type { PromptAssemblerOptions } from "../src/index.js";

const watched = vi.hoisted(() => [] as { path: string; recursive: boolean }[]);
vi.mock("node:fs", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs")>();
  return {
    ...actual,
    watch: ((path: string, options: { recursive?: boolean }, listener: never) => {
      watched.push({ path: String(path), recursive: options?.recursive === true });
      return actual.watch(path, options, listener);
    }) as typeof actual.watch,
  };
});

const DEMO = fileURLToPath(new URL("../../../fixtures/workspaces/demo", import.meta.url));
let root: string;
let workspaceDir: string;
let configDir: string;
let outside: string;

beforeEach(async () => {
  watched.length = 0;
  root = await realpath(await mkdtemp(join(tmpdir(), "promptstack-agent-watch-")));
  // The installed package's demo lives under node_modules: the watcher must still see it.
  workspaceDir = join(root, "node_modules", "pkg", "demo");
  await cp(DEMO, workspaceDir, { recursive: true });
  // The config and its sections file sit beside the workspace, so only their own watch sees them.
  configDir = join(root, "node_modules", "pkg", "conf");
  await mkdir(configDir);
  const configFile = join(configDir, "config.json5");
  const config = await readFile(join(workspaceDir, "config.json5"), "utf8");
  await writeFile(
    configFile,
    config.replace(
      'memory: { citations: "auto" },',
      'memory: { citations: "auto" }, sections: { file: "sections.md" },',
    ),
  );
  await writeFile(join(configDir, "sections.md"), "<!-- section: identity -->\n\nYou are Wren.\n");
  // A link from a skill root to a large tree elsewhere: a reader never follows it out.
  outside = join(root, "outside");
  for (let index = 0; index < 40; index++)
    await mkdir(join(outside, `d${index}`, "x"), { recursive: true });
  await symlink(outside, join(workspaceDir, "skills", "linked"));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function options(): Promise<PromptAssemblerOptions> {
  return {
    config: join(configDir, "config.json5"),
    workspaceDir,
    watch: true,
    skillEnvironment: await readDemoSkillEnvironment(workspaceDir),
  };
}

describe("the assembler's watcher", () => {
  it("stays inside its roots, is bounded, and sees a sections-file edit under node_modules", async () => {
    const facts = parseRunFacts(
      JSON.parse(await readFile(join(workspaceDir, "facts.json"), "utf8")),
    );
    const assembler = await createPromptAssembler(await options());
    const first = await assembler.turn(facts);
    expect(first.prompt.text).toContain("You are Wren.");

    expect(watched.length).toBeGreaterThan(0);
    expect(watched.length).toBeLessThanOrEqual(WATCH_MAX_FOLDERS);
    expect(watched.filter((entry) => entry.recursive)).toEqual([]);
    const inside = (path: string) => path.startsWith(workspaceDir) || path === configDir;
    expect(watched.filter((entry) => !inside(entry.path))).toEqual([]);
    expect(watched.filter((entry) => entry.path.startsWith(outside + sep))).toEqual([]);
    expect(watched.map((entry) => entry.path)).toContain(workspaceDir);

    const unchanged = await assembler.turn(facts);
    expect(unchanged.reads.skillsScanned).toBe(false);
    await writeFile(
      join(configDir, "sections.md"),
      "<!-- section: identity -->\n\nYou are Wren, edited.\n",
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    const next = await assembler.turn(facts);
    // The watcher saw the sections file change: it dropped the caches, skills included.
    expect(next.reads.skillsScanned).toBe(true);
    expect(next.prompt.text).toContain("You are Wren, edited.");
    await assembler.close();
  });
});
