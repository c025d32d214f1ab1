import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Diagnostic } from "@promptstack/renderer";
import { normalizeInline } from "./format-skills-for-prompt.js";
import { parseSkillFile } from "./parse-skill-file.js";
import { SkillsError } from "./skills-error.js";
import type { ParsedSkill, Skill, SkillMetadata, SkillRoot, SkillTier } from "./types.js";

/** Precedence of each tier: a skill from a higher rank replaces one of the same name. */
export const SKILL_TIER_RANK: Readonly<Record<SkillTier, number>> = {
  extra: 0,
  plugin: 0,
  bundled: 1,
  managed: 2,
  personal: 3,
  workspace: 4,
};

/** Per-root bounds; the defaults match the reference implementation. */
export interface SkillsDiscoveryLimits {
  /** SKILL.md files considered per root (default 300). */
  readonly maxCandidatesPerRoot?: number;
  /** Skills loaded per root (default 200). */
  readonly maxSkillsLoadedPerRoot?: number;
  /** Largest SKILL.md read, in bytes (default 256000). */
  readonly maxSkillFileBytes?: number;
  /** Deepest skill folder below the root (default 6). */
  readonly maxDepth?: number;
  /** Directories visited per root before the walk stops (default 5000). */
  readonly maxDirectoriesPerRoot?: number;
}

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

/** Reads at most `maxBytes + 1` bytes of a file; injectable for tests. */
export type SkillFileReader = (
  filePath: string,
  maxBytes: number,
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

const DEFAULT_LIMITS: Required<SkillsDiscoveryLimits> = {
  maxCandidatesPerRoot: 300,
  maxSkillsLoadedPerRoot: 200,
  maxSkillFileBytes: 256_000,
  maxDepth: 6,
  maxDirectoriesPerRoot: 5000,
};
const SKILL_FILE = "SKILL.md";
const SKIPPED_DIRECTORIES = new Set(["node_modules"]);

interface Candidate {
  readonly path: string;
  readonly dir: string;
  readonly mtimeMs: number;
  readonly size: number;
}

interface PreparedRoot {
  readonly root: SkillRoot;
  readonly dir: string;
  readonly realDir: string | undefined;
}

/**
 * Finds skills under each root: a folder holding SKILL.md, at most 6 levels deep, defines one
 * skill and nothing below it is searched. Later tiers override earlier ones by name. Content
 * problems become diagnostics; a root that is not a directory throws `SKILLS_BAD_ROOT`.
 */
export async function discoverSkills(
  roots: readonly SkillRoot[],
  options: DiscoverSkillsOptions = {},
): Promise<DiscoverSkillsResult> {
  const limits = readLimits(options.limits);
  if (!Array.isArray(roots)) {
    throw new SkillsError(
      "SKILLS_BAD_ROOT",
      "discoverSkills: `roots` must be an array of skill roots.",
      {
        hint: 'Pass e.g. [{ tier: "workspace", dir: "/path/to/skills" }].',
      },
    );
  }
  const prepared = roots.map((root, index) => prepareRoot(root, index));
  const diagnostics: Diagnostic[] = [];
  const loaded: Skill[] = [];
  const reader = options.readFile ?? readFileBounded;
  let filesRead = 0;
  let cacheHits = 0;

  for (const { root, dir, realDir } of prepared) {
    if (realDir === undefined) {
      diagnostics.push({
        code: "SKILLS_ROOT_MISSING",
        severity: "info",
        message: `Skill root ${dir} (${root.tier}) does not exist; it was skipped.`,
        path: dir,
      });
      continue;
    }
    const candidates = collectCandidates(dir, realDir, limits, diagnostics);
    let loadedHere = 0;
    for (let index = 0; index < candidates.length; index += 1) {
      const candidate = candidates[index] as Candidate;
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
      let entry = options.cache?.lookup(candidate.path, candidate.mtimeMs, candidate.size);
      if (entry === undefined) {
        let bytes: Uint8Array;
        try {
          bytes = await reader(candidate.path, limits.maxSkillFileBytes);
        } catch (error) {
          diagnostics.push({
            code: "SKILL_READ_FAILED",
            severity: "error",
            message: `SKILL.md could not be read (${describeFsError(error)}); the skill was skipped.`,
            path: candidate.path,
            hint: "Check the file's permissions.",
          });
          continue;
        }
        filesRead += 1;
        if (bytes.length > limits.maxSkillFileBytes) {
          diagnostics.push(tooLarge(candidate.path, limits.maxSkillFileBytes));
          continue;
        }
        entry = toCacheEntry(bytes, candidate);
        options.cache?.store(candidate.path, entry);
      } else {
        cacheHits += 1;
      }
      if (entry.diagnostics.length > 0) diagnostics.push(...entry.diagnostics);
      if (entry.skill === undefined) continue;
      loadedHere += 1;
      loaded.push(toSkill(entry.skill, candidate, root, entry.contentHash));
    }
    // Discovery is synchronous per root; give other work a turn between roots.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  const skills = resolvePrecedence(loaded, diagnostics);
  return { skills, diagnostics, stats: { filesRead, cacheHits } };
}

function prepareRoot(root: SkillRoot, index: number): PreparedRoot {
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
  let stat: fs.Stats | undefined;
  try {
    stat = fs.statSync(dir, { throwIfNoEntry: false });
  } catch (error) {
    throw badRoot(
      `${where}.dir ${dir} cannot be inspected (${describeFsError(error)}).`,
      `${where}.dir`,
      error,
    );
  }
  if (stat === undefined) return { root, dir, realDir: undefined };
  if (!stat.isDirectory()) {
    throw badRoot(`${where}.dir ${dir} is not a directory.`, `${where}.dir`);
  }
  return { root, dir, realDir: fs.realpathSync(dir) };
}

function badRoot(message: string, where: string, cause?: unknown): SkillsError {
  return new SkillsError("SKILLS_BAD_ROOT", `discoverSkills: ${message}`, {
    path: where,
    hint: "Point each root at an existing skills directory (a missing one is only reported).",
    ...(cause === undefined ? {} : { cause }),
  });
}

// Depth-first, entries sorted by name, so the walk and its bounds are deterministic.
function collectCandidates(
  rootDir: string,
  rootReal: string,
  limits: Required<SkillsDiscoveryLimits>,
  diagnostics: Diagnostic[],
): Candidate[] {
  const candidates: Candidate[] = [];
  const visited = new Set<string>([rootReal]);
  let directories = 0;
  let stopped = false;

  const walk = (dir: string, realDir: string, depth: number): void => {
    if (stopped) return;
    directories += 1;
    if (directories > limits.maxDirectoriesPerRoot) {
      stopped = true;
      diagnostics.push({
        code: "SKILLS_DIRECTORY_LIMIT",
        severity: "warning",
        message: `Skill root ${rootDir} has more than ${limits.maxDirectoriesPerRoot} folders; the search stopped there.`,
        path: rootDir,
        hint: "Point the root at a folder that holds only skills.",
      });
      return;
    }

    const candidate = inspectSkillFile(dir, rootReal, diagnostics);
    if (candidate !== undefined) {
      if (candidates.length >= limits.maxCandidatesPerRoot) {
        stopped = true;
        diagnostics.push({
          code: "SKILLS_CANDIDATE_LIMIT",
          severity: "warning",
          message: `Skill root ${rootDir} has more than ${limits.maxCandidatesPerRoot} SKILL.md files; the search stopped there.`,
          path: rootDir,
          hint: "Split the skills over several roots or remove unused ones.",
        });
        return;
      }
      candidates.push(candidate);
      return;
    }
    if (depth >= limits.maxDepth) return;

    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      diagnostics.push({
        code: "SKILLS_DIRECTORY_UNREADABLE",
        severity: "warning",
        message: `Folder ${dir} could not be listed (${describeFsError(error)}); skills below it were skipped.`,
        path: dir,
      });
      return;
    }
    entries.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name.startsWith(".") || SKIPPED_DIRECTORIES.has(entry.name)) continue;
      const child = joinChild(dir, entry.name);
      if (entry.isDirectory()) {
        const childReal = joinChild(realDir, entry.name);
        if (visited.has(childReal)) continue;
        visited.add(childReal);
        walk(child, childReal, depth + 1);
      } else if (entry.isSymbolicLink()) {
        const target = resolveLinkedDirectory(child, rootReal, diagnostics);
        if (target === undefined) continue;
        if (visited.has(target)) {
          diagnostics.push({
            code: "SKILLS_SYMLINK_REVISITED",
            severity: "info",
            message: `Symlink ${child} leads to a folder already searched; it was not searched again.`,
            path: child,
          });
          continue;
        }
        visited.add(target);
        walk(child, target, depth + 1);
      }
      if (stopped) return;
    }
  };

  walk(rootDir, rootReal, 0);
  return candidates;
}

function inspectSkillFile(
  dir: string,
  rootReal: string,
  diagnostics: Diagnostic[],
): Candidate | undefined {
  const filePath = joinChild(dir, SKILL_FILE);
  let stat: fs.Stats | undefined;
  try {
    stat = fs.lstatSync(filePath, { throwIfNoEntry: false });
    if (stat === undefined) return undefined;
    if (stat.isSymbolicLink()) {
      const real = fs.realpathSync(filePath);
      if (!isInside(rootReal, real)) {
        diagnostics.push(outsideRoot(filePath, real));
        return undefined;
      }
      stat = fs.statSync(real);
    }
  } catch (error) {
    diagnostics.push({
      code: "SKILL_READ_FAILED",
      severity: "error",
      message: `SKILL.md could not be inspected (${describeFsError(error)}); the skill was skipped.`,
      path: filePath,
      hint: "Fix or remove the broken link or file.",
    });
    return undefined;
  }
  if (!stat.isFile()) return undefined;
  return { path: filePath, dir, mtimeMs: stat.mtimeMs, size: stat.size };
}

function resolveLinkedDirectory(
  link: string,
  rootReal: string,
  diagnostics: Diagnostic[],
): string | undefined {
  let real: string;
  try {
    if (!fs.statSync(link).isDirectory()) return undefined;
    real = fs.realpathSync(link);
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
  if (!isInside(rootReal, real)) {
    diagnostics.push(outsideRoot(link, real));
    return undefined;
  }
  return real;
}

// Plain concatenation: names from readdir need none of path.join's normalization.
function joinChild(dir: string, name: string): string {
  return dir.endsWith(path.sep) ? dir + name : dir + path.sep + name;
}

function outsideRoot(link: string, real: string): Diagnostic {
  return {
    code: "SKILLS_SYMLINK_OUTSIDE_ROOT",
    severity: "warning",
    message: `Symlink ${link} resolves to ${real}, outside its skill root; it was skipped.`,
    path: link,
    hint: "Add the target folder as its own skill root, or copy the skill into this root.",
  };
}

function isInside(rootReal: string, real: string): boolean {
  const relative = path.relative(rootReal, real);
  return (
    relative === "" ||
    (!path.isAbsolute(relative) && relative !== ".." && !relative.startsWith(`..${path.sep}`))
  );
}

function tooLarge(filePath: string, maxBytes: number): Diagnostic {
  return {
    code: "SKILL_TOO_LARGE",
    severity: "error",
    message: `SKILL.md is larger than ${maxBytes} bytes; the skill was skipped.`,
    path: filePath,
    hint: "Move long material into files next to SKILL.md and link to them.",
  };
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

function toCacheEntry(bytes: Uint8Array, candidate: Candidate): SkillFileCacheEntry {
  const contentHash = createHash("sha256").update(bytes).digest("hex");
  let text: string | undefined;
  if (!bytes.includes(0)) {
    try {
      text = UTF8.decode(bytes);
    } catch {
      text = undefined;
    }
  }
  if (text === undefined) {
    return {
      mtimeMs: candidate.mtimeMs,
      size: candidate.size,
      contentHash,
      diagnostics: [
        {
          code: "SKILL_BINARY",
          severity: "error",
          message:
            "SKILL.md is not UTF-8 text (NUL bytes or invalid encoding); the skill was skipped.",
          path: candidate.path,
          hint: "Save SKILL.md as UTF-8 text.",
        },
      ],
    };
  }
  const parsed = parseSkillFile(text, candidate.path);
  if (parsed.skill !== undefined) freezeMetadata(parsed.skill.metadata);
  return {
    mtimeMs: candidate.mtimeMs,
    size: candidate.size,
    contentHash,
    diagnostics: parsed.diagnostics,
    ...(parsed.skill === undefined ? {} : { skill: parsed.skill }),
  };
}

// The parsed part is frozen once and shared between scans; only the outer object is new.
function toSkill(
  parsed: ParsedSkill,
  candidate: Candidate,
  root: SkillRoot,
  contentHash: string | undefined,
): Skill {
  const skill: {
    -readonly [Key in keyof Skill]: Skill[Key];
  } = {
    name: parsed.name,
    description: parsed.description,
    userInvocable: parsed.userInvocable,
    disableModelInvocation: parsed.disableModelInvocation,
    metadata: parsed.metadata,
    path: candidate.path,
    dir: candidate.dir,
    tier: root.tier,
  };
  if (parsed.homepage !== undefined) skill.homepage = parsed.homepage;
  if (root.pluginId !== undefined) skill.pluginId = root.pluginId;
  if (contentHash !== undefined) skill.contentHash = contentHash;
  return skill;
}

function freezeMetadata(metadata: SkillMetadata): SkillMetadata {
  if (metadata.os !== undefined) Object.freeze(metadata.os);
  if (metadata.requires !== undefined) {
    for (const list of Object.values(metadata.requires)) Object.freeze(list);
    Object.freeze(metadata.requires);
  }
  return Object.freeze(metadata);
}

// Separators sort before any other character, so the order matches the depth-first walk.
function toPathSortKey(filePath: string): string {
  return filePath.split(path.sep).join("\u0000");
}

// Only names defined more than once need ordering by tier and path.
function resolvePrecedence(loaded: readonly Skill[], diagnostics: Diagnostic[]): Skill[] {
  const groups = new Map<string, Skill[]>();
  for (const skill of loaded) {
    const group = groups.get(skill.name);
    if (group === undefined) groups.set(skill.name, [skill]);
    else group.push(skill);
  }
  const names = [...groups.keys()].sort((left, right) =>
    left < right ? -1 : left > right ? 1 : 0,
  );
  const skills: Skill[] = [];
  for (const name of names) {
    const group = groups.get(name) as Skill[];
    if (group.length === 1) {
      skills.push(group[0] as Skill);
      continue;
    }
    const ordered = group
      .map((skill) => ({
        skill,
        rank: SKILL_TIER_RANK[skill.tier],
        key: toPathSortKey(skill.path),
      }))
      .sort(
        (left, right) =>
          left.rank - right.rank || (left.key < right.key ? -1 : left.key > right.key ? 1 : 0),
      );
    let winner = (ordered[0] as { skill: Skill }).skill;
    for (const { skill } of ordered.slice(1)) {
      if (SKILL_TIER_RANK[winner.tier] === SKILL_TIER_RANK[skill.tier]) {
        diagnostics.push({
          code: "SKILL_DUPLICATE_NAME",
          severity: "warning",
          message: `Skill "${name}" is defined twice in the ${skill.tier} tier: kept ${winner.path}, ignored ${skill.path}.`,
          path: skill.path,
          hint: "Rename one of the skills or remove the copy.",
        });
      } else {
        diagnostics.push({
          code: "SKILL_OVERRIDDEN",
          severity: "info",
          message: `Skill "${name}" from ${skill.tier} (${skill.path}) overrides ${winner.tier} (${winner.path}).`,
          path: skill.path,
        });
        winner = skill;
      }
    }
    skills.push(winner);
  }
  reportFoldedNameCollisions(skills, diagnostics);
  return skills;
}

// Names that differ only by case or spacing look the same to the model and to allowlist
// authors; both stay listed (precedence is by exact name), with a warning to rename one.
function reportFoldedNameCollisions(skills: readonly Skill[], diagnostics: Diagnostic[]): void {
  const byFolded = new Map<string, Skill>();
  for (const skill of skills) {
    const folded = normalizeInline(skill.name).toLowerCase();
    const first = byFolded.get(folded);
    if (first === undefined) {
      byFolded.set(folded, skill);
      continue;
    }
    diagnostics.push({
      code: "SKILL_NAME_CASE_COLLISION",
      severity: "warning",
      message: `Skill names "${shorten(first.name)}" (${first.path}) and "${shorten(skill.name)}" (${skill.path}) differ only by case or spacing; both are listed and neither overrides the other.`,
      path: skill.path,
      hint: "Rename one skill, or give both the same name so the higher tier overrides the other.",
    });
  }
}

function shorten(name: string): string {
  return name.length > 80 ? `${name.slice(0, 77)}...` : name;
}

function readLimits(limits: SkillsDiscoveryLimits | undefined): Required<SkillsDiscoveryLimits> {
  const result = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(DEFAULT_LIMITS) as (keyof SkillsDiscoveryLimits)[]) {
    const value = limits?.[key];
    if (value === undefined) continue;
    if (!Number.isInteger(value) || value < 0) {
      throw new SkillsError(
        "SKILLS_BAD_OPTIONS",
        `discoverSkills: limits.${key} must be a non-negative integer, got ${String(value)}.`,
        { path: `limits.${key}`, hint: `Omit it for the default ${DEFAULT_LIMITS[key]}.` },
      );
    }
    result[key] = value;
  }
  return result;
}

function readFileBounded(filePath: string, maxBytes: number): Uint8Array {
  const fd = fs.openSync(filePath, "r");
  try {
    const size = fs.fstatSync(fd).size;
    const buffer = Buffer.allocUnsafe(Math.min(size, maxBytes) + 1);
    let total = 0;
    while (total < buffer.length) {
      const read = fs.readSync(fd, buffer, total, buffer.length - total, total);
      if (read === 0) break;
      total += read;
    }
    return buffer.subarray(0, total);
  } finally {
    fs.closeSync(fd);
  }
}

function errorCode(error: unknown): string | undefined {
  return typeof error === "object" &&
    error !== null &&
    "code" in error &&
    typeof error.code === "string"
    ? error.code
    : undefined;
}

function describeFsError(error: unknown): string {
  return (
    errorCode(error) ??
    (error instanceof Error ? (error.message.split("\n")[0] ?? "unknown error") : "unknown error")
  );
}
