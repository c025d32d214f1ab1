// What `discoverWatchTargets` watches, pinned whole: the folders map (as sorted entries, paths
// relative to the test's folder) and `limited`. Every folder listing goes through a hook that
// records it (which folders were listed, how many entries each handed out) and can make it fail
// or pad it with extra file entries, so a huge or failing folder costs nothing to stage.
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import type { Dirent } from "node:fs";
import type * as FsPromises from "node:fs/promises";
import { join, relative } from "node:path";
import { createTempDir } from "@promptstack-tools/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import { discoverWatchTargets, WATCH_MAX_DEPTH } from "./discover-watch-targets.js";
import type { WatchTargets } from "./discover-watch-targets.js";

interface Listing {
  readonly path: string;
  /** Entries the listing handed out before the walk stopped reading it. */
  entries: number;
}

/** How a folder's listing is changed: fail to open, fail after one entry, or padded with files. */
type Change =
  | { readonly kind: "fail-to-open" }
  | { readonly kind: "fail-after-first-entry" }
  | { readonly kind: "pad"; readonly before: number; readonly after: number };

const listings = vi.hoisted(() => ({
  listed: [] as Listing[],
  changes: new Map<string, Change>(),
}));

vi.mock("node:fs/promises", async (importOriginal) => {
  const original = await importOriginal<typeof FsPromises>();
  const padding = (count: number, prefix: string): Dirent[] =>
    Array.from(
      { length: count },
      (_, index) => ({ name: `${prefix}-${index}`, isDirectory: () => false }) as Dirent,
    );
  async function* list(path: string, listing: Listing): AsyncGenerator<Dirent> {
    const change = listings.changes.get(path);
    const real: Dirent[] = [];
    for await (const entry of await original.opendir(path)) real.push(entry);
    const entries =
      change?.kind === "pad"
        ? [...padding(change.before, "before"), ...real, ...padding(change.after, "after")]
        : real;
    for (const entry of entries) {
      listing.entries += 1;
      yield entry;
      if (change?.kind === "fail-after-first-entry") {
        throw Object.assign(new Error(`ENOENT: no such file or directory, '${path}'`), {
          code: "ENOENT",
        });
      }
    }
  }
  return {
    ...original,
    opendir: async (path: string) => {
      const listing: Listing = { path, entries: 0 };
      listings.listed.push(listing);
      if (listings.changes.get(path)?.kind === "fail-to-open") {
        throw Object.assign(new Error(`EACCES: permission denied, opendir '${path}'`), {
          code: "EACCES",
        });
      }
      return list(path, listing);
    },
  };
});

afterEach(() => {
  listings.listed.length = 0;
  listings.changes.clear();
});

/** Makes each folder (relative to `base`, parents included). */
function makeFolders(base: string, ...folders: string[]): void {
  for (const folder of folders) mkdirSync(join(base, folder), { recursive: true });
}

const name = (base: string, path: string): string => relative(base, path) || ".";

/** The folders map as sorted `[folder, names]` entries, folders relative to `base`. */
function watched(base: string, targets: WatchTargets): [string, string[] | undefined][] {
  return [...targets.folders]
    .map(([folder, names]): [string, string[] | undefined] => [
      name(base, folder),
      names === undefined ? undefined : [...names].sort(),
    ])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The folders listed so far, relative to `base`, in order. */
const listed = (base: string): string[] =>
  listings.listed.map((listing) => name(base, listing.path));

const whole = (...folders: string[]): [string, undefined][] =>
  folders.map((folder) => [folder, undefined]);

describe("discoverWatchTargets", () => {
  it("walks breadth-first, the children of a folder in name order", async () => {
    const base = createTempDir("watch-targets-order-");
    // Created out of order: the listing order is the file system's, not the names'.
    for (const child of ["m", "c", "z", "a", "k", "e", "b"]) makeFolders(base, `ws/${child}/in`);
    const targets = await discoverWatchTargets({ folders: [join(base, "ws")], files: [] });
    const children = ["a", "b", "c", "e", "k", "m", "z"];
    expect([...targets.folders.keys()].map((folder) => name(base, folder))).toEqual([
      "ws",
      ...children.map((child) => `ws/${child}`),
      ...children.map((child) => `ws/${child}/in`),
    ]);
    expect(targets.limited).toBe(false);
  });

  it("lists each folder once when one input folder lies inside another", async () => {
    const base = createTempDir("watch-targets-overlap-");
    makeFolders(base, "ws/a/x", "ws/b/y");
    const targets = await discoverWatchTargets({
      folders: [join(base, "ws"), join(base, "ws", "a")],
      files: [],
    });
    expect([...targets.folders.keys()].map((folder) => name(base, folder))).toEqual([
      "ws",
      "ws/a",
      "ws/b",
      "ws/a/x",
      "ws/b/y",
    ]);
    expect(listed(base)).toEqual(["ws", "ws/a", "ws/b", "ws/a/x", "ws/b/y"]);
  });

  it("watches exactly maxFolders folders without noting a limit", async () => {
    const base = createTempDir("watch-targets-at-cap-");
    makeFolders(base, "ws/a", "ws/b", "ws/c");
    const targets = await discoverWatchTargets({ folders: [join(base, "ws")], files: [] }, 4);
    expect(watched(base, targets)).toEqual(whole("ws", "ws/a", "ws/b", "ws/c"));
    expect(targets.limited).toBe(false);
  });

  it("stops at maxFolders, one folder past it: the first ones breadth-first, limited, no more listed", async () => {
    const base = createTempDir("watch-targets-past-cap-");
    makeFolders(base, "ws/a/deep", "ws/b", "ws/c");
    const targets = await discoverWatchTargets({ folders: [join(base, "ws")], files: [] }, 4);
    expect(watched(base, targets)).toEqual(whole("ws", "ws/a", "ws/b", "ws/c"));
    expect(targets.limited).toBe(true);
    expect(listed(base)).toEqual(["ws", "ws/a", "ws/b", "ws/c"]);
  });

  it("at the cap, still adds a file's name to a folder already watched, and leaves out a new folder", async () => {
    const base = createTempDir("watch-targets-files-cap-");
    makeFolders(base, "one", "two", "three");
    const file = (path: string) => join(base, path);
    const atCap = await discoverWatchTargets(
      { folders: [], files: [file("one/x.json"), file("two/z.json"), file("one/y.json")] },
      2,
    );
    expect(watched(base, atCap)).toEqual([
      ["one", ["x.json", "y.json"]],
      ["two", ["z.json"]],
    ]);
    expect(atCap.limited).toBe(false);
    const past = await discoverWatchTargets(
      {
        folders: [],
        files: [file("one/x.json"), file("two/z.json"), file("three/w.json"), file("one/y.json")],
      },
      2,
    );
    expect(watched(base, past)).toEqual([
      ["one", ["x.json", "y.json"]],
      ["two", ["z.json"]],
    ]);
    expect(past.limited).toBe(true);
  });

  it(`watches folders down to WATCH_MAX_DEPTH (${WATCH_MAX_DEPTH}) below a root, and no deeper`, async () => {
    const base = createTempDir("watch-targets-depth-");
    const levels = Array.from({ length: WATCH_MAX_DEPTH + 2 }, (_, index) => `l${index + 1}`);
    makeFolders(base, ["ws", ...levels].join("/"));
    const targets = await discoverWatchTargets({ folders: [join(base, "ws")], files: [] });
    const expected = ["ws"];
    for (const level of levels.slice(0, WATCH_MAX_DEPTH))
      expected.push(`${expected.at(-1)}/${level}`);
    expect(watched(base, targets)).toEqual(whole(...expected));
    // The deepest folder watched is not listed: nothing below it could be watched.
    expect(listed(base)).toEqual(expected.slice(0, -1));
  });

  it("skips node_modules and .git below a root, but watches a root that sits inside one", async () => {
    const base = createTempDir("watch-targets-skipped-");
    makeFolders(base, "ws/node_modules/dep", "ws/.git/objects", "ws/.github", "ws/src");
    makeFolders(base, "node_modules/pkg/lib", "node_modules/pkg/node_modules/dep");
    makeFolders(base, "repo/.git/hooks");
    const targets = await discoverWatchTargets({
      folders: [join(base, "ws"), join(base, "node_modules", "pkg"), join(base, "repo", ".git")],
      files: [],
    });
    expect(watched(base, targets)).toEqual(
      whole(
        "node_modules/pkg",
        "node_modules/pkg/lib",
        "repo/.git",
        "repo/.git/hooks",
        "ws",
        "ws/.github",
        "ws/src",
      ),
    );
  });

  it("never walks a symbolic link to a folder, nor a file", async () => {
    const base = createTempDir("watch-targets-link-");
    makeFolders(base, "ws/sub", "outside/deep");
    symlinkSync(join(base, "outside"), join(base, "ws", "link"));
    writeFileSync(join(base, "ws", "notes.md"), "");
    symlinkSync(join(base, "ws", "notes.md"), join(base, "ws", "notes-link.md"));
    const targets = await discoverWatchTargets({ folders: [join(base, "ws")], files: [] });
    expect(watched(base, targets)).toEqual(whole("ws", "ws/sub"));
  });

  it("resolves an input folder or a file's folder reached through a link, and skips missing ones", async () => {
    const base = createTempDir("watch-targets-resolve-");
    makeFolders(base, "real/a", "conf-real");
    symlinkSync(join(base, "real"), join(base, "ws-link"));
    symlinkSync(join(base, "conf-real"), join(base, "conf-link"));
    const targets = await discoverWatchTargets({
      folders: [join(base, "missing"), join(base, "ws-link")],
      files: [join(base, "gone", "config.json"), join(base, "conf-link", "config.json")],
    });
    // The config file does not exist yet: its folder is watched for it to appear.
    expect(watched(base, targets)).toEqual([
      ["conf-real", ["config.json"]],
      ["real", undefined],
      ["real/a", undefined],
    ]);
    expect(targets.limited).toBe(false);
  });

  it("watches a file through its folder, filtered to its name; a walked folder stays whole", async () => {
    const base = createTempDir("watch-targets-files-");
    makeFolders(base, "ws/skills", "conf");
    const files = [
      join(base, "conf", "config.json"),
      join(base, "ws", "facts.json"),
      join(base, "conf", "sections.md"),
      join(base, "ws", "skills", "environment.json"),
    ];
    const expected = [
      ["conf", ["config.json", "sections.md"]],
      ["ws", undefined],
      ["ws/skills", undefined],
    ];
    for (const order of [files, [...files].reverse()]) {
      const targets = await discoverWatchTargets({ folders: [join(base, "ws")], files: order });
      expect(watched(base, targets)).toEqual(expected);
    }
  });

  it("walks a folder of exactly 10,000 entries", async () => {
    const base = createTempDir("watch-targets-10000-");
    makeFolders(base, "ws/big/sub");
    // The sub-folder is the 10,000th entry, the last one the walk may take.
    listings.changes.set(join(base, "ws", "big"), { kind: "pad", before: 9_999, after: 0 });
    const targets = await discoverWatchTargets({ folders: [join(base, "ws")], files: [] });
    expect(watched(base, targets)).toEqual(whole("ws", "ws/big", "ws/big/sub"));
  });

  it("watches a folder of more than 10,000 entries without walking it, and stops reading its listing", async () => {
    const base = createTempDir("watch-targets-10001-");
    makeFolders(base, "ws/big/sub", "ws/next");
    // The sub-folder comes first, then 10,005 files: the 10,001st entry ends the listing.
    const big = join(base, "ws", "big");
    listings.changes.set(big, { kind: "pad", before: 0, after: 10_005 });
    const targets = await discoverWatchTargets({ folders: [join(base, "ws")], files: [] });
    expect(watched(base, targets)).toEqual(whole("ws", "ws/big", "ws/next"));
    expect(listings.listed.find((listing) => listing.path === big)?.entries).toBe(10_001);
  });

  it("keeps watching a folder that cannot be listed, without walking it; the rest goes on", async () => {
    const base = createTempDir("watch-targets-unlistable-");
    makeFolders(base, "ws/locked/inner", "ws/open/inner");
    listings.changes.set(join(base, "ws", "locked"), { kind: "fail-to-open" });
    const targets = await discoverWatchTargets({ folders: [join(base, "ws")], files: [] });
    expect(watched(base, targets)).toEqual(whole("ws", "ws/locked", "ws/open", "ws/open/inner"));
  });

  it("walks nothing of a folder whose listing fails part-way", async () => {
    const base = createTempDir("watch-targets-gone-");
    makeFolders(base, "ws/going/inner");
    listings.changes.set(join(base, "ws", "going"), { kind: "fail-after-first-entry" });
    const targets = await discoverWatchTargets({ folders: [join(base, "ws")], files: [] });
    expect(watched(base, targets)).toEqual(whole("ws", "ws/going"));
  });

  // chmod does not stop root from listing a folder; the mocked failures above cover that case.
  it.skipIf(process.getuid?.() === 0)(
    "keeps watching a folder it may not read (chmod 000), without walking it",
    async () => {
      const base = createTempDir("watch-targets-chmod-");
      makeFolders(base, "ws/locked/inner");
      chmodSync(join(base, "ws", "locked"), 0o000);
      try {
        const targets = await discoverWatchTargets({ folders: [join(base, "ws")], files: [] });
        expect(watched(base, targets)).toEqual(whole("ws", "ws/locked"));
      } finally {
        chmodSync(join(base, "ws", "locked"), 0o755);
      }
    },
  );
});
