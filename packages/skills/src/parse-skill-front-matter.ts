import { load } from "js-yaml";

/** The front matter of one SKILL.md: absent, or the value its YAML block holds. */
export type SkillFrontMatter =
  { readonly found: false } | { readonly found: true; readonly data: unknown };

// An opening fence is a first line of exactly `---` (trailing blanks allowed). A `---js` or
// `---yaml` line is not one: there is no front-matter language other than YAML.
const OPENING_FENCE = /^---[^\S\r\n]*\r?\n/;
// The block ends at the first line that starts with `---`; without one, the rest of the file is
// the block.
const CLOSING_FENCE = "\n---";
// Comment lines, removed only to decide whether the block is empty.
const COMMENT_LINE = /^\s*#[^\n]+/gm;

/**
 * Cuts the YAML front matter off a SKILL.md (byte order mark already removed) and parses it with
 * js-yaml's default schema, which has no JavaScript types: nothing in a SKILL.md is evaluated. A
 * block of only blanks and comments, or a null document, holds an empty mapping. Throws
 * js-yaml's `YAMLException` on invalid YAML; its line numbers count from the opening fence's
 * line (line 0). Pure.
 *
 * The cut is the one gray-matter 4 made (the parser used before): the block runs from after the
 * opening `---` to the first `\n---`, and `\r\n` line ends stay in it for YAML to read.
 */
export function parseSkillFrontMatter(source: string): SkillFrontMatter {
  if (!OPENING_FENCE.test(source)) return { found: false };
  const rest = source.slice(3);
  const end = rest.indexOf(CLOSING_FENCE);
  const block = end === -1 ? rest : rest.slice(0, end);
  if (block.replace(COMMENT_LINE, "").trim() === "") return { found: true, data: {} };
  // A null document (`~`) holds no keys, like an empty one.
  return { found: true, data: load(block) ?? {} };
}
