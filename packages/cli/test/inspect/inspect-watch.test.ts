import { cp, mkdir, readFile, realpath, symlink, writeFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { createTempDir } from "@promptstack-tools/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import { createLazyTokenCounter } from "../../src/inputs/create-lazy-token-counter.js";
import { WATCH_MAX_DEPTH, watchContainedInputs } from "@promptstack/safe-read";
import type { InspectOptions } from "../../src/inspect/inspect-options.js";
import { startInspectSession } from "../../src/inspect/start-inspect-session.js";
import { createTestIo } from "../create-test-io.js";
import { REPO_ROOT } from "../run-cli-binary.js";
import { openEventStream } from "./read-event-stream.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A copy of the demo workspace at `<temp>/<...below>/demo`, and the flags that render it. */
async function copyDemo(
  ...below: string[]
): Promise<{ root: string; dir: string; options: InspectOptions }> {
  const root = createTempDir("promptstack-watch-");
  const dir = join(root, ...below, "demo");
  await cp(join(REPO_ROOT, "fixtures", "workspaces", "demo"), dir, { recursive: true });
  return {
    root,
    dir,
    options: {
      workspace: dir,
      config: join(dir, "config.json5"),
      facts: join(dir, "facts.json"),
      skillEnv: join(dir, ".demo-roots", "environment.json"),
      serve: true,
      watch: true,
    },
  };
}

async function start(options: InspectOptions) {
  const session = await startInspectSession(options, createTestIo(), createLazyTokenCounter());
  cleanups.push(() => session.close());
  const events = await openEventStream(`${session.url}events?version=1`);
  cleanups.push(() => events.close());
  return { session, events };
}

async function makeTree(dir: string, width: number, depth: number): Promise<void> {
  await mkdir(dir, { recursive: true });
  if (depth === 0) return;
  for (let index = 0; index < width; index++)
    await makeTree(join(dir, `d${index}`), width, depth - 1);
}

describe("inspect --watch", () => {
  it("never watches through a symbolic link to a tree outside the workspace", async () => {
    const demo = await copyDemo();
    const outside = join(demo.root, "elsewhere");
    await makeTree(outside, 4, 3); // 85 folders
    await symlink(outside, join(demo.dir, "big"));
    await symlink(outside, join(demo.dir, "skills", "linked-skills"));
    const { session } = await start(demo.options);
    const folders = session.watchedFolders();
    expect(folders.length).toBeGreaterThan(0);
    // Every watched folder is the workspace or below it, also once links are resolved.
    const real = await Promise.all(folders.map((folder) => realpath(folder)));
    expect(real.filter((folder) => !`${folder}${sep}`.startsWith(`${demo.dir}${sep}`))).toEqual([]);
  });

  it("watches a deep nesting only down to WATCH_MAX_DEPTH", async () => {
    const demo = await copyDemo();
    let deep = join(demo.dir, "memory");
    for (let level = 0; level < 120; level++) deep = join(deep, "n");
    await mkdir(deep, { recursive: true });
    const { session } = await start(demo.options);
    const depths = session
      .watchedFolders()
      .filter((folder) => folder.startsWith(demo.dir))
      .map((folder) => relative(demo.dir, folder).split(sep).filter(Boolean).length);
    expect(Math.max(...depths)).toBe(WATCH_MAX_DEPTH);
  });

  it("stops at the folder cap and says so", async () => {
    const root = createTempDir("promptstack-watch-cap-");
    await makeTree(root, 6, 2); // 43 folders
    const watcher = await watchContainedInputs(
      async () => ({ folders: [root], files: [] }),
      () => undefined,
      { maxFolders: 10 },
    );
    cleanups.push(() => watcher.close());
    expect(watcher.folders()).toHaveLength(10);
    expect(watcher.limited()).toBe(true);
  });

  it("re-renders when the config's sections file changes, wherever in the config's folder it is", async () => {
    const demo = await copyDemo();
    const configDir = join(demo.root, "cfg");
    await mkdir(join(configDir, "prompt"), { recursive: true });
    const sectionsFile = join(configDir, "prompt", "sections.md");
    await writeFile(sectionsFile, "<!-- section: house_rules -->\nNo spoilers.\n");
    await writeFile(
      join(configDir, "config.json5"),
      JSON.stringify({
        agents: {
          defaults: {
            sections: {
              file: "prompt/sections.md",
              add: [{ id: "house_rules", heading: "House Rules", cache: "stable", after: "care" }],
            },
          },
        },
      }),
    );
    const { session, events } = await start({
      ...demo.options,
      config: join(configDir, "config.json5"),
    });
    expect(session.watched).toContain(sectionsFile);
    await writeFile(sectionsFile, "<!-- section: house_rules -->\nMarker: grey wagtail.\n");
    await events.until((text) => text.includes("Marker: grey wagtail."), 10_000);
  });

  it("watches a workspace that sits under a node_modules folder", async () => {
    const demo = await copyDemo("node_modules", "@promptstack", "cli");
    const { events } = await start(demo.options);
    const memory = join(demo.dir, "MEMORY.md");
    await writeFile(memory, `${await readFile(memory, "utf8")}\n- Session marker: red kite.\n`);
    const pushed = await events.until((text) => text.includes("Session marker: red kite."), 10_000);
    expect(pushed).toContain("event: render");
  });
});
