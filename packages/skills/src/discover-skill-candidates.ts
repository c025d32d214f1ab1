import fs from "node:fs/promises";
import type { Dir, Dirent, Stats } from "node:fs";
import path from "node:path";
import type { Diagnostic } from "@promptstack/core";
import { describeFsError, errorCode, outsideRoot } from "./describe-fs-error.js";
import { isInsideRoot } from "@promptstack/safe-read";
import type { SkillsDiscoveryLimits } from "./resolve-skills-discovery-limits.js";

/** Internal: a SKILL.md found by the walk; its stat is a hint, the read verifies again. */
export interface SkillCandidate {
  readonly path: string;
  readonly dir: string;
  readonly mtimeMs: number;
  readonly size: number;
}

const SKILL_FILE = "SKILL.md";
const SKIPPED_DIRECTORIES = new Set(["node_modules"]);
// Entries fetched per read of an open folder: fewer round trips than Node's default of 32, and
// still a small, fixed allocation whatever the folder holds.
const LISTING_BUFFER_SIZE = 128;
// Child folders whose SKILL.md is inspected ahead of the walk (in parallel on libuv's pool). The
// results are still taken in walk order, so candidates and diagnostics stay deterministic.
const INSPECT_AHEAD = 32;

/** A child worth descending into: a folder or a symlink (which may lead to one). */
interface ListedChild {
  readonly name: string;
  readonly kind: "directory" | "symlink";
}

/** What a folder's SKILL.md turned out to be: a candidate, a problem, or neither. */
interface Inspection {
  readonly candidate?: SkillCandidate;
  readonly diagnostic?: Diagnostic;
}

type Listing =
  | { readonly kind: "ok"; readonly children: ListedChild[] }
  | { readonly kind: "too-many" }
  | { readonly kind: "failed"; readonly error: unknown };

/** One root's walk: its bounds, what it found, and where it has been. Created per call. */
interface WalkState {
  readonly rootDir: string;
  readonly rootReal: string;
  readonly limits: Required<SkillsDiscoveryLimits>;
  readonly diagnostics: Diagnostic[];
  readonly candidates: SkillCandidate[];
  /** Real paths of the folders entered, so a folder reached twice (through links) is walked once. */
  readonly visited: Set<string>;
  directories: number;
  /** Set when a bound is hit: the walk enters no more folders. */
  stopped: boolean;
}

// Depth-first, entries sorted by name, so the walk and its bounds are deterministic. Every file
// system call is asynchronous, so a large tree or a slow disk never holds the event loop.
/** Internal: walks one root for SKILL.md files, within the limits. */
export async function discoverSkillCandidates(
  rootDir: string,
  rootReal: string,
  limits: Required<SkillsDiscoveryLimits>,
  diagnostics: Diagnostic[],
): Promise<SkillCandidate[]> {
  const state: WalkState = {
    rootDir,
    rootReal,
    limits,
    diagnostics,
    candidates: [],
    visited: new Set<string>([rootReal]),
    directories: 0,
    stopped: false,
  };
  await walkFolder(state, rootDir, rootReal, 0);
  return state.candidates;
}

/**
 * Visits one folder (`realDir` is its real path): counts it against the folder limit, takes its
 * SKILL.md as a candidate (a skill folder is not searched further), else walks its children.
 */
async function walkFolder(
  state: WalkState,
  dir: string,
  realDir: string,
  depth: number,
  inspected?: Promise<Inspection>,
): Promise<void> {
  if (state.stopped) return;
  state.directories += 1;
  if (state.directories > state.limits.maxDirectoriesPerRoot) {
    state.stopped = true;
    state.diagnostics.push({
      code: "SKILLS_DIRECTORY_LIMIT",
      severity: "warning",
      message: `Skill root ${state.rootDir} has more than ${state.limits.maxDirectoriesPerRoot} folders; the search stopped there.`,
      path: state.rootDir,
      hint: "Point the root at a folder that holds only skills.",
    });
    return;
  }
  const inspection = await (inspected ?? inspectSkillFile(dir, state.rootReal));
  if (takeInspection(state, inspection)) return;
  if (depth >= state.limits.maxDepth) return;
  const children = await listFolderChildren(state, dir, realDir);
  if (children === undefined) return;
  await walkChildren(state, dir, realDir, depth, children);
}

/**
 * Records an inspection's diagnostic and candidate (stopping the walk past
 * `maxCandidatesPerRoot`); true when the folder held a candidate, so it is not searched further.
 */
function takeInspection(state: WalkState, { candidate, diagnostic }: Inspection): boolean {
  if (diagnostic !== undefined) state.diagnostics.push(diagnostic);
  if (candidate === undefined) return false;
  if (state.candidates.length >= state.limits.maxCandidatesPerRoot) {
    state.stopped = true;
    state.diagnostics.push({
      code: "SKILLS_CANDIDATE_LIMIT",
      severity: "warning",
      message: `Skill root ${state.rootDir} has more than ${state.limits.maxCandidatesPerRoot} SKILL.md files; the search stopped there.`,
      path: state.rootDir,
      hint: "Split the skills over several roots or remove unused ones.",
    });
    return true;
  }
  state.candidates.push(candidate);
  return true;
}

/**
 * The folder's children in name order; undefined, with a diagnostic, when it cannot be listed,
 * changed while listed, or has more than `maxEntriesPerDirectory` entries.
 */
async function listFolderChildren(
  state: WalkState,
  dir: string,
  realDir: string,
): Promise<ListedChild[] | undefined> {
  const listing = await listDirectory(dir, state.limits.maxEntriesPerDirectory);
  if (listing.kind === "failed") {
    state.diagnostics.push({
      code: "SKILLS_DIRECTORY_UNREADABLE",
      severity: "warning",
      message: `Folder ${dir} could not be listed (${describeFsError(listing.error)}); skills below it were skipped.`,
      path: dir,
    });
    return undefined;
  }
  // A folder swapped for a link between the visit check and the listing would list an outside
  // folder; names listed there are dropped. Files below are verified again when opened.
  if (!(await stillAt(dir, realDir))) {
    state.diagnostics.push({
      code: "SKILLS_DIRECTORY_CHANGED",
      severity: "warning",
      message: `Folder ${dir} changed while it was searched; skills below it were skipped.`,
      path: dir,
      hint: "Retry when the folder is no longer being changed.",
    });
    return undefined;
  }
  // A partial listing would depend on the file system's order, so an oversized folder is
  // skipped whole rather than searched in part.
  if (listing.kind === "too-many") {
    state.diagnostics.push({
      code: "SKILLS_DIRECTORY_ENTRY_LIMIT",
      severity: "warning",
      message: `Folder ${dir} has more than ${state.limits.maxEntriesPerDirectory} entries; skills below it were skipped.`,
      path: dir,
      hint: "Move the skills into a folder of their own, or raise limits.maxEntriesPerDirectory.",
    });
    return undefined;
  }
  const children = listing.children;
  children.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
  return children;
}

/**
 * Walks each child in order, folders at `realDir`'s real path joined with the name, links at
 * their resolved target inside the root; a folder already visited is not entered again.
 */
async function walkChildren(
  state: WalkState,
  dir: string,
  realDir: string,
  depth: number,
  children: readonly ListedChild[],
): Promise<void> {
  // Inspections started ahead are only a head start: each is consumed at the child's turn, and
  // one left unused (a child skipped or the walk stopped) never rejects.
  const ahead = new Map<number, Promise<Inspection>>();
  let nextAhead = 0;
  for (let index = 0; index < children.length; index += 1) {
    for (; nextAhead < children.length && nextAhead < index + INSPECT_AHEAD; nextAhead += 1) {
      const upcoming = children[nextAhead] as ListedChild;
      if (upcoming.kind !== "directory") continue;
      ahead.set(nextAhead, inspectSkillFile(joinChild(dir, upcoming.name), state.rootReal));
    }
    const entry = children[index] as ListedChild;
    const inspectedChild = ahead.get(index);
    ahead.delete(index);
    const child = joinChild(dir, entry.name);
    if (entry.kind === "directory") {
      const childReal = joinChild(realDir, entry.name);
      if (state.visited.has(childReal)) continue;
      state.visited.add(childReal);
      await walkFolder(state, child, childReal, depth + 1, inspectedChild);
    } else {
      const target = await resolveLinkedDirectory(child, state.rootReal, state.diagnostics);
      if (target === undefined) continue;
      if (state.visited.has(target)) {
        state.diagnostics.push({
          code: "SKILLS_SYMLINK_REVISITED",
          severity: "info",
          message: `Symlink ${child} leads to a folder already searched; it was not searched again.`,
          path: child,
        });
        continue;
      }
      state.visited.add(target);
      await walkFolder(state, child, target, depth + 1);
    }
    if (state.stopped) return;
  }
}

// Reads the folder entry by entry and keeps only the names the walk may descend into; past
// `maxEntries` entries it stops reading, so a folder of millions of entries costs a bounded
// amount of memory and work. The handle is closed on every path.
async function listDirectory(dir: string, maxEntries: number): Promise<Listing> {
  let handle: Dir;
  try {
    handle = await fs.opendir(dir, { bufferSize: LISTING_BUFFER_SIZE });
  } catch (error) {
    return { kind: "failed", error };
  }
  try {
    return await readListing(handle, maxEntries);
  } finally {
    await handle.close().catch(() => undefined);
  }
}

// One promise per listing: entries come through `Dir.read`'s callback (a tick each, served from
// the handle's buffer), which costs far less than a promise per entry. Never rejects.
function readListing(handle: Dir, maxEntries: number): Promise<Listing> {
  return new Promise((resolve) => {
    const children: ListedChild[] = [];
    let entries = 0;
    const next = (error: Error | null, entry: Dirent | null): void => {
      if (error !== null) return resolve({ kind: "failed", error });
      if (entry === null) return resolve({ kind: "ok", children });
      entries += 1;
      if (entries > maxEntries) return resolve({ kind: "too-many" });
      const name = entry.name;
      if (!name.startsWith(".") && !SKIPPED_DIRECTORIES.has(name)) {
        if (entry.isDirectory()) children.push({ name, kind: "directory" });
        else if (entry.isSymbolicLink()) children.push({ name, kind: "symlink" });
      }
      readNext();
    };
    const readNext = (): void => {
      try {
        handle.read(next);
      } catch (error) {
        resolve({ kind: "failed", error });
      }
    };
    readNext();
  });
}

// Never rejects: every failure is an inspection with a diagnostic.
async function inspectSkillFile(dir: string, rootReal: string): Promise<Inspection> {
  const filePath = joinChild(dir, SKILL_FILE);
  let stat: Stats | undefined;
  try {
    stat = await lstatIfPresent(filePath);
    if (stat === undefined) return {};
    if (stat.isSymbolicLink()) {
      const real = await fs.realpath(filePath);
      if (!isInsideRoot(rootReal, real)) return { diagnostic: outsideRoot(filePath, real) };
      stat = await fs.stat(real);
    }
  } catch (error) {
    return {
      diagnostic: {
        code: "SKILL_READ_FAILED",
        severity: "error",
        message: `SKILL.md could not be inspected (${describeFsError(error)}); the skill was skipped.`,
        path: filePath,
        hint: "Fix or remove the broken link or file.",
      },
    };
  }
  if (!stat.isFile()) return {};
  return { candidate: { path: filePath, dir, mtimeMs: stat.mtimeMs, size: stat.size } };
}

// A missing SKILL.md is the common case (a folder that is not a skill): undefined, not an error.
async function lstatIfPresent(filePath: string): Promise<Stats | undefined> {
  try {
    return await fs.lstat(filePath);
  } catch (error) {
    if (errorCode(error) === "ENOENT") return undefined;
    throw error;
  }
}

async function resolveLinkedDirectory(
  link: string,
  rootReal: string,
  diagnostics: Diagnostic[],
): Promise<string | undefined> {
  let real: string;
  try {
    if (!(await fs.stat(link)).isDirectory()) return undefined;
    real = await fs.realpath(link);
  } catch (error) {
    const code = errorCode(error);
    diagnostics.push({
      code: code === "ELOOP" ? "SKILLS_SYMLINK_LOOP" : "SKILLS_SYMLINK_BROKEN",
      severity: "warning",
      message:
        code === "ELOOP"
          ? `Symlink ${link} is part of a loop; it was skipped.`
          : `Symlink ${link} cannot be followed (${describeFsError(error)}); it was skipped.`,
      path: link,
      hint: "Fix or remove the link.",
    });
    return undefined;
  }
  if (!isInsideRoot(rootReal, real)) {
    diagnostics.push(outsideRoot(link, real));
    return undefined;
  }
  return real;
}

// Plain concatenation: names from a listing need none of path.join's normalization.
function joinChild(dir: string, name: string): string {
  return dir.endsWith(path.sep) ? dir + name : dir + path.sep + name;
}

async function stillAt(dir: string, realDir: string): Promise<boolean> {
  try {
    return (await fs.realpath(dir)) === realDir;
  } catch {
    return false;
  }
}
