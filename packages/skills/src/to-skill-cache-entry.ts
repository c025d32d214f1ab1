import { sha256 } from "@noble/hashes/sha2";
import { bytesToHex } from "@noble/hashes/utils";
import { parseSkillFile } from "./parse-skill-file.js";
import type { ParsedSkill, Skill, SkillMetadata, SkillRoot } from "./types.js";
import type { SkillCandidate } from "./discover-skill-candidates.js";
import type { SkillFileCacheEntry } from "./discover-skills.js";

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Internal: the hex SHA-256 of a file's bytes, from `@noble/hashes`. Not `node:crypto`: loading it
 * (and the stream modules it needs) took about 5 ms of a cold CLI run, more than hashing every
 * SKILL.md of a typical workspace in JavaScript.
 */
export function hashSkillBytes(bytes: Uint8Array): string {
  return bytesToHex(sha256(bytes));
}

/** Internal: parses the bytes of one SKILL.md into a cache entry (binary text is a diagnostic). */
export function toSkillCacheEntry(
  bytes: Uint8Array,
  candidate: SkillCandidate,
): SkillFileCacheEntry {
  const contentHash = hashSkillBytes(bytes);
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
