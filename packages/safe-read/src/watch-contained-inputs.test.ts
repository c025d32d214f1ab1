// The watcher over the render's inputs: real `fs.watch` events, through a hook that records each
// watch (its folder, options and listener, and whether it was closed) and can make one fail.
// Waits poll for what a test expects (`vi.waitFor`); nothing asserts how long anything took.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import type { FSWatcher } from "node:fs";
import { join } from "node:path";
import { createTempDir } from "@promptstack-tools/test-utils";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { watchContainedInputs } from "./watch-contained-inputs.js";
import type { ContainedInputsWatcher } from "./watch-contained-inputs.js";
import type { WatchInputs } from "./discover-watch-targets.js";

interface RecordedWatch {
  readonly path: string;
  readonly options: unknown;
  readonly watcher: FSWatcher;
  readonly listener: (event: string, name: string | null) => void;
  closed: boolean;
}

const watches = vi.hoisted(() => ({
  made: [] as RecordedWatch[],
  /** Folders whose `watch` call throws (out of watches). */
  failing: new Set<string>(),
}));

vi.mock("node:fs", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs")>();
  return {
    ...actual,
    watch: ((path: string, options: unknown, listener: RecordedWatch["listener"]) => {
      if (watches.failing.has(path)) {
        throw Object.assign(new Error(`ENOSPC: System limit for number of file watchers reached`), {
          code: "ENOSPC",
        });
      }
      const watcher = actual.watch(path, options as never, listener as never);
      const made: RecordedWatch = { path, options, watcher, listener, closed: false };
      watcher.on("close", () => (made.closed = true));
      watches.made.push(made);
      return watcher;
    }) as typeof actual.watch,
  };
});

afterEach(() => {
  vi.useRealTimers();
  watches.made.length = 0;
  watches.failing.clear();
});

const WAIT = { timeout: 15_000, interval: 10 };

/** Starts a watcher whose every `onChange` batch lands in `batches`; closed when the test ends. */
async function start(
  inputs: WatchInputs | (() => Promise<WatchInputs>),
  options: Parameters<typeof watchContainedInputs>[2] = { debounceMs: 20 },
): Promise<{ watcher: ContainedInputsWatcher; batches: string[][] }> {
  const batches: string[][] = [];
  const watcher = await watchContainedInputs(
    typeof inputs === "function" ? inputs : async () => inputs,
    (changed) => batches.push([...changed]),
    options,
  );
  onTestFinished(() => watcher.close());
  return { watcher, batches };
}

/** The listener of the watch on `folder`, to deliver an event by hand. */
function listenerOf(folder: string): RecordedWatch["listener"] {
  const made = watches.made.find((watch) => watch.path === folder);
  if (made === undefined) throw new Error(`no watch on ${folder}`);
  return made.listener;
}

describe("watchContainedInputs", () => {
  it("calls onChange once per burst, with the sorted unique paths that changed", async () => {
    const dir = createTempDir("watch-burst-");
    const { batches } = await start({ folders: [dir], files: [] });
    // Written in one go: the events arrive together, as one burst.
    writeFileSync(join(dir, "b.md"), "1");
    writeFileSync(join(dir, "a.md"), "1");
    writeFileSync(join(dir, "b.md"), "2");
    await vi.waitFor(() => expect(batches.length).toBeGreaterThanOrEqual(1), WAIT);
    writeFileSync(join(dir, "c.md"), "1");
    await vi.waitFor(() => expect(batches.length).toBeGreaterThanOrEqual(2), WAIT);
    expect(batches).toEqual([[join(dir, "a.md"), join(dir, "b.md")], [join(dir, "c.md")]]);
  });

  it("ignores the names a folder watched for one file does not watch for", async () => {
    const dir = createTempDir("watch-filtered-");
    const config = join(dir, "config.json");
    const { batches } = await start({ folders: [], files: [config] });
    writeFileSync(join(dir, "notes.md"), "1");
    writeFileSync(config, "{}");
    writeFileSync(join(dir, "other.json"), "1");
    await vi.waitFor(() => expect(batches.length).toBeGreaterThanOrEqual(1), WAIT);
    writeFileSync(config, "{ a: 1 }");
    await vi.waitFor(() => expect(batches.length).toBeGreaterThanOrEqual(2), WAIT);
    expect(batches).toEqual([[config], [config]]);
  });

  it("counts an event without a name as its folder when watched whole, and not when filtered", async () => {
    const base = createTempDir("watch-unnamed-");
    mkdirSync(join(base, "ws"));
    mkdirSync(join(base, "conf"));
    const config = join(base, "conf", "config.json");
    const { batches } = await start({ folders: [join(base, "ws")], files: [config] });
    listenerOf(join(base, "conf"))("rename", null);
    listenerOf(join(base, "ws"))("rename", null);
    await vi.waitFor(() => expect(batches.length).toBeGreaterThanOrEqual(1), WAIT);
    listenerOf(join(base, "conf"))("rename", null);
    listenerOf(join(base, "conf"))("change", "config.json");
    await vi.waitFor(() => expect(batches.length).toBeGreaterThanOrEqual(2), WAIT);
    expect(batches).toEqual([[join(base, "ws")], [config]]);
  });

  it("settles debounceMs (80 ms by default) after the last event of a burst", async () => {
    const dir = createTempDir("watch-debounce-");
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { batches } = await start({ folders: [dir], files: [] }, {});
    const listener = listenerOf(dir);
    listener("change", "b.md");
    vi.advanceTimersByTime(79);
    listener("rename", "a.md");
    vi.advanceTimersByTime(79);
    // The second event restarted the wait: nothing has settled yet.
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(vi.getTimerCount()).toBe(0);
    await vi.waitFor(() => expect(batches.length).toBeGreaterThanOrEqual(1), WAIT);
    expect(batches).toEqual([[join(dir, "a.md"), join(dir, "b.md")]]);
  });

  it("watches a new folder after a change, and closes the watch of a removed one", async () => {
    const dir = createTempDir("watch-follow-");
    mkdirSync(join(dir, "old"));
    const { watcher, batches } = await start({ folders: [dir], files: [] });
    expect(watcher.folders()).toEqual([dir, join(dir, "old")]);
    mkdirSync(join(dir, "new"));
    rmSync(join(dir, "old"), { recursive: true });
    await vi.waitFor(() => expect(watcher.folders()).toEqual([dir, join(dir, "new")]), WAIT);
    await vi.waitFor(
      () =>
        expect(watches.made.find((watch) => watch.path === join(dir, "old"))?.closed).toBe(true),
      WAIT,
    );
    writeFileSync(join(dir, "new", "SKILL.md"), "1");
    await vi.waitFor(() => expect(batches.flat()).toContain(join(dir, "new", "SKILL.md")), WAIT);
    // A folder kept from one walk to the next keeps its one watch.
    expect(watches.made.map((watch) => watch.path).sort()).toEqual(
      [dir, join(dir, "new"), join(dir, "old")].sort(),
    );
  });

  it("lists the folders it watches sorted, and whether the last walk hit the folder cap", async () => {
    const base = createTempDir("watch-cap-");
    mkdirSync(join(base, "z", "inner"), { recursive: true });
    mkdirSync(join(base, "a"));
    const inputs = { folders: [join(base, "z"), join(base, "a")], files: [] };
    const { watcher } = await start(inputs, { debounceMs: 20, maxFolders: 3 });
    expect(watcher.folders()).toEqual([join(base, "a"), join(base, "z"), join(base, "z", "inner")]);
    expect(watcher.limited()).toBe(false);
    mkdirSync(join(base, "a", "inner"));
    await vi.waitFor(() => expect(watcher.limited()).toBe(true), WAIT);
    expect(watcher.folders()).toEqual([join(base, "a"), join(base, "z"), join(base, "z", "inner")]);
  });

  it("keeps the process alive while watching unless persistent is false", async () => {
    const dir = createTempDir("watch-persistent-");
    await start({ folders: [dir], files: [] });
    await start({ folders: [dir], files: [] }, { persistent: false });
    expect(watches.made.map((watch) => watch.options)).toEqual([
      { persistent: true },
      { persistent: false },
    ]);
  });

  it("leaves out a folder it cannot watch, and drops a watch that reports an error", async () => {
    const base = createTempDir("watch-errors-");
    for (const folder of ["a", "b", "c"]) mkdirSync(join(base, folder));
    watches.failing.add(join(base, "b"));
    const { watcher } = await start({ folders: [base], files: [] });
    expect(watcher.folders()).toEqual([base, join(base, "a"), join(base, "c")]);
    const watchOfA = watches.made.find((watch) => watch.path === join(base, "a"));
    watchOfA?.watcher.emit("error", new Error("EACCES"));
    expect(watcher.folders()).toEqual([base, join(base, "c")]);
    await vi.waitFor(() => expect(watchOfA?.closed).toBe(true), WAIT);
  });

  it("close() closes every watch and cancels a change still waiting to settle", async () => {
    const dir = createTempDir("watch-close-");
    mkdirSync(join(dir, "sub"));
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { watcher, batches } = await start({ folders: [dir], files: [] });
    listenerOf(dir)("change", "a.md");
    expect(vi.getTimerCount()).toBe(1);
    await watcher.close();
    expect(vi.getTimerCount()).toBe(0);
    expect(watcher.folders()).toEqual([]);
    await vi.waitFor(() => expect(watches.made.map((watch) => watch.closed)).toEqual([true, true]));
    expect(batches).toEqual([]);
  });

  it("a burst that settles while close() runs neither calls onChange nor watches again", async () => {
    const dir = createTempDir("watch-close-settling-");
    let calls = 0;
    let release = (): void => undefined;
    let walked = false;
    const inputs = async (): Promise<WatchInputs> => {
      calls += 1;
      if (calls === 1) return { folders: [dir], files: [] };
      await new Promise<void>((resolve) => (release = resolve));
      return {
        folders: [dir],
        // Read once the walk of `folders` is done; no file follows, so no more I/O.
        get files() {
          walked = true;
          return [];
        },
      };
    };
    const { watcher, batches } = await start(inputs);
    writeFileSync(join(dir, "a.md"), "1");
    await vi.waitFor(() => expect(calls).toBe(2), WAIT);
    await watcher.close();
    release();
    await vi.waitFor(() => expect(walked).toBe(true), WAIT);
    // What is left of the update and the settle runs in promise jobs, before the next turn.
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([]);
    expect(watcher.folders()).toEqual([]);
  });
});
