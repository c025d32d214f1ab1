import { parseSkillFile } from "./parse-skill-file.js";
import type { ParsedSkill, Skill, SkillMetadata, SkillRoot } from "./types.js";
import type { SkillCandidate } from "./discover-skill-candidates.js";
import type { SkillFileCacheEntry } from "./discover-skills.js";

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** The hex SHA-256 of a file's bytes. */
export type HashSkillBytes = (bytes: Uint8Array) => string;

/**
 * Internal: SHA-256 from `node:crypto`, loaded when a scan first reads a file rather than when the
 * package is imported (loading `node:crypto` is several milliseconds of a cold import).
 */
export async function loadSkillBytesHasher(): Promise<HashSkillBytes> {
  const { createHash } = await import("node:crypto");
  return (bytes) => createHash("sha256").update(bytes).digest("hex");
}

/** Internal: parses the bytes of one SKILL.md into a cache entry (binary text is a diagnostic). */
export function toSkillCacheEntry(
  bytes: Uint8Array,
  candidate: SkillCandidate,
  hashBytes: HashSkillBytes,
): SkillFileCacheEntry {
  const contentHash = hashBytes(bytes);
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
export function toSkill(
  parsed: ParsedSkill,
  candidate: SkillCandidate,
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
