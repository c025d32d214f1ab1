import fs from "node:fs/promises";
import type { Stats } from "node:fs";
import path from "node:path";
import type { Diagnostic } from "@promptstack/core";
import { describeFsError, errorCode, outsideRoot, tooLarge } from "./describe-fs-error.js";
import { discoverSkillCandidates } from "./discover-skill-candidates.js";
import type { SkillCandidate } from "./discover-skill-candidates.js";
import { readContainedFile } from "@promptstack/safe-read";
import { SKILL_TIER_RANK, resolveSkillPrecedence } from "./resolve-skill-precedence.js";
import { resolveSkillsDiscoveryLimits } from "./resolve-skills-discovery-limits.js";
import type { SkillsDiscoveryLimits } from "./resolve-skills-discovery-limits.js";
import { SkillsError } from "./skills-error.js";
import { toSkill, toSkillCacheEntry } from "./to-skill-cache-entry.js";
import type { ParsedSkill, Skill, SkillRoot } from "./types.js";

export { SKILL_TIER_RANK } from "./resolve-skill-precedence.js";
export type { SkillsDiscoveryLimits } from "./resolve-skills-discovery-limits.js";

/** SKILL.md files of one root read ahead of the one being parsed (in parallel on libuv's pool). */
const READ_AHEAD = 16;
/**
 * Roots searched at once: a few overlap the waits of small roots (a CLI run has six), and the
 * bound keeps fifty large roots from queueing thousands of file system calls at once.
 */
const ROOTS_AT_ONCE = 4;

/** A parsed SKILL.md remembered by file identity (path, mtime, size). */
export interface SkillFileCacheEntry {
  readonly mtimeMs: number;
  readonly size: number;
  readonly skill?: ParsedSkill;
  readonly diagnostics: readonly Diagnostic[];
  readonly contentHash?: string;
}

/** Storage for parsed SKILL.md files between scans (see `createSkillsCatalog`). */
export interface SkillFileCache {
  lookup(filePath: string, mtimeMs: number, size: number): SkillFileCacheEntry | undefined;
  store(filePath: string, entry: SkillFileCacheEntry): void;
}

/**
 * Reads at most `maxBytes + 1` bytes of a file; injectable for tests. The default reader opens
 * through the safe-open path (see `readContainedFile`); a custom reader gets the root's real path
 * so it can do the same.
 */
export type SkillFileReader = (
  filePath: string,
  maxBytes: number,
  rootRealPath: string,
) => Uint8Array | Promise<Uint8Array>;

/** Options of `discoverSkills`. */
export interface DiscoverSkillsOptions {
  readonly limits?: SkillsDiscoveryLimits;
  readonly cache?: SkillFileCache;
  readonly readFile?: SkillFileReader;
}

/** Work done by one discovery. */
export interface DiscoverSkillsStats {
  /** SKILL.md files read from disk. */
  readonly filesRead: number;
  /** SKILL.md files served from the cache. */
  readonly cacheHits: number;
}

/** Discovered skills (one per name, sorted by name) and every problem met on the way. */
export interface DiscoverSkillsResult {
  readonly skills: Skill[];
  readonly diagnostics: Diagnostic[];
  readonly stats: DiscoverSkillsStats;
}

interface PreparedRoot {
  readonly root: SkillRoot;
  readonly dir: string;
  readonly realDir: string | undefined;
}

/**
 * Finds skills under each root: a folder holding SKILL.md, at most 6 levels deep, defines one
 * skill and nothing below it is searched. Later tiers override earlier ones by name. Content
 * problems become diagnostics; a root that is not a directory throws `SKILLS_BAD_ROOT`. Up to
 * four roots are searched, and up to 16 SKILL.md files of a root read, at once; skills and
 * diagnostics keep walk and root order whatever finishes first.
 */
export async function discoverSkills(
  roots: readonly SkillRoot[],
  options: DiscoverSkillsOptions = {},
): Promise<DiscoverSkillsResult> {
  const limits = resolveSkillsDiscoveryLimits(options.limits);
  if (!Array.isArray(roots)) {
    throw new SkillsError(
      "SKILLS_BAD_ROOT",
      "discoverSkills: `roots` must be an array of skill roots.",
      {
        hint: 'Pass e.g. [{ tier: "workspace", dir: "/path/to/skills" }].',
      },
    );
  }
  // Every root is checked before any is searched; the first bad one (by index) throws.
  const settled = await Promise.allSettled(roots.map((root, index) => prepareRoot(root, index)));
  const prepared: PreparedRoot[] = [];
  for (const outcome of settled) {
    if (outcome.status === "rejected") throw outcome.reason;
    prepared.push(outcome.value);
  }
  // Up to ROOTS_AT_ONCE roots are searched at once; each keeps its own findings, joined below in
  // root order, so the result does not depend on which search finishes first.
  const byRoot: RootSkills[] = [];
  let nextRoot = 0;
  const searchRoots = async (): Promise<void> => {
    while (nextRoot < prepared.length) {
      const index = nextRoot;
      nextRoot += 1;
      byRoot[index] = await loadRootSkills(prepared[index] as PreparedRoot, limits, options);
    }
  };
  await Promise.all(Array.from({ length: Math.min(ROOTS_AT_ONCE, prepared.length) }, searchRoots));
  const diagnostics = byRoot.flatMap((root) => root.diagnostics);
  const loaded = byRoot.flatMap((root) => root.loaded);
  const filesRead = byRoot.reduce((sum, root) => sum + root.filesRead, 0);
  const cacheHits = byRoot.reduce((sum, root) => sum + root.cacheHits, 0);
  const skills = resolveSkillPrecedence(loaded, diagnostics);
  return { skills, diagnostics, stats: { filesRead, cacheHits } };
}

/** What one root gave: its skills in walk order and its diagnostics in the order met. */
interface RootSkills {
  readonly loaded: Skill[];
  readonly diagnostics: Diagnostic[];
  readonly filesRead: number;
  readonly cacheHits: number;
}

async function loadRootSkills(
  { root, dir, realDir }: PreparedRoot,
  limits: Required<SkillsDiscoveryLimits>,
  options: DiscoverSkillsOptions,
): Promise<RootSkills> {
  const diagnostics: Diagnostic[] = [];
  const loaded: Skill[] = [];
  let filesRead = 0;
  let cacheHits = 0;
  if (realDir === undefined) {
    diagnostics.push({
      code: "SKILLS_ROOT_MISSING",
      severity: "info",
      message: `Skill root ${dir} (${root.tier}) does not exist; it was skipped.`,
      path: dir,
    });
    return { loaded, diagnostics, filesRead, cacheHits };
  }
  const candidates = await discoverSkillCandidates(dir, realDir, limits, diagnostics);
  // Each candidate is looked up in the cache, or its read started, ahead of its turn: the reads
  // overlap their waits on libuv's pool. Results are consumed in walk order, and a read left
  // unused (the load limit stopped the loop) never rejects.
  const cached = new Map<number, SkillFileCacheEntry>();
  const ahead = new Map<number, Promise<SkillBytes>>();
  let nextAhead = 0;
  let loadedHere = 0;
  for (let index = 0; index < candidates.length; index += 1) {
    for (; nextAhead < candidates.length && nextAhead < index + READ_AHEAD; nextAhead += 1) {
      const upcoming = candidates[nextAhead] as SkillCandidate;
      if (upcoming.size > limits.maxSkillFileBytes) continue;
      const entry = options.cache?.lookup(upcoming.path, upcoming.mtimeMs, upcoming.size);
      if (entry !== undefined) {
        cached.set(nextAhead, entry);
        continue;
      }
      const read = readSkillBytes(upcoming, realDir, limits.maxSkillFileBytes, options);
      read.catch(() => undefined);
      ahead.set(nextAhead, read);
    }
    const candidate = candidates[index] as SkillCandidate;
    if (loadedHere >= limits.maxSkillsLoadedPerRoot) {
      diagnostics.push({
        code: "SKILLS_LOAD_LIMIT",
        severity: "warning",
        message: `Skill root ${dir} reached ${limits.maxSkillsLoadedPerRoot} loaded skills; ${candidates.length - index} more SKILL.md files were not loaded.`,
        path: dir,
        hint: "Split the skills over several roots or remove unused ones.",
      });
      break;
    }
    if (candidate.size > limits.maxSkillFileBytes) {
      diagnostics.push(tooLarge(candidate.path, limits.maxSkillFileBytes));
      continue;
    }
    let entry = cached.get(index);
    if (entry === undefined) {
      const bytes = await (ahead.get(index) as Promise<SkillBytes>);
      ahead.delete(index);
      if (bytes.kind === "failed") {
        diagnostics.push(bytes.diagnostic);
        continue;
      }
      filesRead += 1;
      if (bytes.bytes.length > limits.maxSkillFileBytes) {
        diagnostics.push(tooLarge(candidate.path, limits.maxSkillFileBytes));
        continue;
      }
      entry = toSkillCacheEntry(bytes.bytes, candidate);
      options.cache?.store(candidate.path, entry);
    } else {
      cacheHits += 1;
    }
    if (entry.diagnostics.length > 0) diagnostics.push(...entry.diagnostics);
    if (entry.skill === undefined) continue;
    loadedHere += 1;
    loaded.push(toSkill(entry.skill, candidate, root, entry.contentHash));
  }
  return { loaded, diagnostics, filesRead, cacheHits };
}

async function prepareRoot(root: SkillRoot, index: number): Promise<PreparedRoot> {
  const where = `roots[${index}]`;
  if (typeof root !== "object" || root === null) {
    throw badRoot(`${where} must be an object with \`tier\` and \`dir\`.`, where);
  }
  if (typeof root.dir !== "string" || root.dir.trim() === "") {
    throw badRoot(`${where}.dir must be a non-empty string path.`, `${where}.dir`);
  }
  if (!Object.hasOwn(SKILL_TIER_RANK, root.tier)) {
    throw badRoot(
      `${where}.tier must be one of ${Object.keys(SKILL_TIER_RANK).join(", ")}.`,
      `${where}.tier`,
    );
  }
  if (root.tier === "plugin" && (typeof root.pluginId !== "string" || root.pluginId === "")) {
    throw badRoot(`${where} has tier "plugin" but no pluginId.`, `${where}.pluginId`);
  }
  const dir = path.resolve(root.dir);
  let stat: Stats;
  try {
    stat = await fs.stat(dir);
  } catch (error) {
    if (errorCode(error) === "ENOENT") return { root, dir, realDir: undefined };
    throw badRoot(
      `${where}.dir ${dir} cannot be inspected (${describeFsError(error)}).`,
      `${where}.dir`,
      error,
    );
  }
  if (!stat.isDirectory()) {
    throw badRoot(`${where}.dir ${dir} is not a directory.`, `${where}.dir`);
  }
  try {
    return { root, dir, realDir: await fs.realpath(dir) };
  } catch (error) {
    throw badRoot(
      `${where}.dir ${dir} cannot be resolved (${describeFsError(error)}).`,
      `${where}.dir`,
      error,
    );
  }
}

function badRoot(message: string, where: string, cause?: unknown): SkillsError {
  return new SkillsError("SKILLS_BAD_ROOT", `discoverSkills: ${message}`, {
    path: where,
    hint: "Point each root at an existing skills directory (a missing one is only reported).",
    ...(cause === undefined ? {} : { cause }),
  });
}

type SkillBytes =
  | { readonly kind: "ok"; readonly bytes: Uint8Array }
  | { readonly kind: "failed"; readonly diagnostic: Diagnostic };

function readFailed(filePath: string, detail: string): SkillBytes {
  return {
    kind: "failed",
    diagnostic: {
      code: "SKILL_READ_FAILED",
      severity: "error",
      message: `SKILL.md could not be read (${detail}); the skill was skipped.`,
      path: filePath,
      hint: "Check the file's permissions.",
    },
  };
}

// The walk's stat only found the file; what is read is verified again on the open descriptor,
// so a folder or SKILL.md swapped for a link or a FIFO after the walk is refused, never read.
async function readSkillBytes(
  candidate: SkillCandidate,
  rootReal: string,
  maxBytes: number,
  options: DiscoverSkillsOptions,
): Promise<SkillBytes> {
  if (options.readFile !== undefined) {
    try {
      return { kind: "ok", bytes: await options.readFile(candidate.path, maxBytes, rootReal) };
    } catch (error) {
      return readFailed(candidate.path, describeFsError(error));
    }
  }
  const read = await readContainedFile({
    filePath: candidate.path,
    rootRealPath: rootReal,
    headBytes: maxBytes + 1,
  });
  if (read.kind === "ok") return { kind: "ok", bytes: read.head };
  if (read.kind === "missing") return readFailed(candidate.path, "it disappeared after the search");
  switch (read.reason) {
    case "outside-root":
      return { kind: "failed", diagnostic: outsideRoot(candidate.path, read.detail) };
    case "not-regular":
      return readFailed(candidate.path, `it is ${read.detail}, not a regular file`);
    case "changed":
      return readFailed(candidate.path, "it was replaced while it was read");
    default:
      return readFailed(candidate.path, read.detail);
  }
}
