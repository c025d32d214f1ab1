import { discoverBootstrapNameVariants } from "@promptstack/bootstrap";
import type { BootstrapNameVariant } from "@promptstack/bootstrap";
import { readFileStamp } from "./read-file-stamp.js";
import { readRealPath } from "./read-real-path.js";

/** What the assembler remembers of the folders it reads from. */
export interface FolderCache {
  /** Starts a turn: every folder is stat'ed again, at most once in the turn. */
  readonly beginTurn: () => void;
  /** The folder's stamp this turn (device, inode, size, mtime). */
  readonly stamp: (path: string) => Promise<string>;
  /** The folder's real path, kept while its device and inode stay the same; null: none. */
  readonly realPath: (path: string) => Promise<string | null>;
  /** Bootstrap-name entries of a folder (case variants), kept while its stamp is unchanged. */
  readonly nameVariants: (dir: string) => Promise<readonly BootstrapNameVariant[]>;
  /** Forgets every folder (a watch event or `refresh()`). */
  readonly clear: () => void;
}

/**
 * Creates the folder cache: each folder is stat'ed at most once per turn, however many caches
 * check it (the workspace serves the real-path cache and the name-variant cache); adding,
 * removing or renaming an entry changes the folder's mtime, so the variants stay correct.
 */
export function createFolderCache(): FolderCache {
  let stamps = new Map<string, Promise<string>>();
  const realPaths = new Map<string, { readonly identity: string; readonly real: string | null }>();
  const variants = new Map<
    string,
    { readonly stamp: string; readonly variants: readonly BootstrapNameVariant[] }
  >();
  const stamp = (path: string): Promise<string> => {
    let found = stamps.get(path);
    if (found === undefined) {
      found = readFileStamp(path);
      stamps.set(path, found);
    }
    return found;
  };
  return {
    beginTurn: () => {
      stamps = new Map();
    },
    stamp,
    realPath: async (path) => {
      const identity = (await stamp(path)).split(":").slice(0, 2).join(":");
      const cached = realPaths.get(path);
      if (cached !== undefined && cached.identity === identity) return cached.real;
      const real = (await readRealPath(path)) ?? null;
      realPaths.set(path, { identity, real });
      return real;
    },
    nameVariants: async (dir) => {
      const current = await stamp(dir);
      const cached = variants.get(dir);
      if (cached !== undefined && cached.stamp === current) return cached.variants;
      const found = await discoverBootstrapNameVariants(dir);
      variants.set(dir, { stamp: current, variants: found });
      return found;
    },
    clear: () => {
      stamps = new Map();
      realPaths.clear();
      variants.clear();
    },
  };
}
