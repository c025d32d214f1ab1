import fs from "node:fs";
import path from "node:path";
import type { Diagnostic } from "@promptstack/renderer";
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

// Depth-first, entries sorted by name, so the walk and its bounds are deterministic.
/** Internal: walks one root for SKILL.md files, within the limits. */
export function discoverSkillCandidates(
  rootDir: string,
  rootReal: string,
  limits: Required<SkillsDiscoveryLimits>,
  diagnostics: Diagnostic[],
): SkillCandidate[] {
  const candidates: SkillCandidate[] = [];
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
    // A folder swapped for a link between the visit check and the listing would list an outside
    // folder; names listed there are dropped. Files below are verified again when opened.
    if (!stillAt(dir, realDir)) {
      diagnostics.push({
        code: "SKILLS_DIRECTORY_CHANGED",
        severity: "warning",
        message: `Folder ${dir} changed while it was searched; skills below it were skipped.`,
        path: dir,
        hint: "Retry when the folder is no longer being changed.",
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
): SkillCandidate | undefined {
  const filePath = joinChild(dir, SKILL_FILE);
  let stat: fs.Stats | undefined;
  try {
    stat = fs.lstatSync(filePath, { throwIfNoEntry: false });
    if (stat === undefined) return undefined;
    if (stat.isSymbolicLink()) {
      const real = fs.realpathSync(filePath);
      if (!isInsideRoot(rootReal, real)) {
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
  if (!isInsideRoot(rootReal, real)) {
    diagnostics.push(outsideRoot(link, real));
    return undefined;
  }
  return real;
}

// Plain concatenation: names from readdir need none of path.join's normalization.
function joinChild(dir: string, name: string): string {
  return dir.endsWith(path.sep) ? dir + name : dir + path.sep + name;
}

function stillAt(dir: string, realDir: string): boolean {
  try {
    return fs.realpathSync(dir) === realDir;
  } catch {
    return false;
  }
}
