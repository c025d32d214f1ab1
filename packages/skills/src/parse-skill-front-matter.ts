import { load } from "js-yaml";

/** A free-form text field whose YAML was invalid and whose text was read as plain text. */
export interface RecoveredFrontMatterField {
  /** The top-level key, e.g. `description`. */
  readonly field: string;
  /** Why strict YAML rejected the field, from js-yaml (`bad indentation of a mapping entry`). */
  readonly reason: string;
  /** The file line of the error (the opening fence is line 1). */
  readonly line: number;
}

/**
 * The front matter of one SKILL.md: absent, or the value its YAML block holds, with the
 * free-form fields that were read as plain text because their YAML was invalid.
 */
export type SkillFrontMatter =
  | { readonly found: false }
  | {
      readonly found: true;
      readonly data: unknown;
      readonly recovered: readonly RecoveredFrontMatterField[];
    };

/**
 * Top-level keys whose values are free-form text, read as plain text when their YAML is invalid
 * (an unquoted `: ` inside the value, a `>` or `|` followed by text on the same line). Every other
 * key (`metadata`, the booleans, anything unknown) stays strict: a guess there could drop a gate.
 */
export const FREE_FORM_FRONT_MATTER_FIELDS: readonly string[] = [
  "name",
  "description",
  "homepage",
  "license",
  "compatibility",
];

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
 * block of only blanks and comments, or a null document, holds an empty mapping. When the block
 * is invalid YAML only because of free-form text fields (`FREE_FORM_FRONT_MATTER_FIELDS`), each
 * such field's text is read as plain text, the block parsed again, and the fields are listed in
 * `recovered`. Otherwise throws js-yaml's `YAMLException` (after a recovery, the error that
 * remains); its line numbers count from the opening fence's line (line 0). Pure.
 *
 * The cut is the one gray-matter 4 made (the parser used before): the block runs from after the
 * opening `---` to the first `\n---`, and `\r\n` line ends stay in it for YAML to read.
 */
export function parseSkillFrontMatter(source: string): SkillFrontMatter {
  if (!OPENING_FENCE.test(source)) return { found: false };
  const rest = source.slice(3);
  const end = rest.indexOf(CLOSING_FENCE);
  const block = end === -1 ? rest : rest.slice(0, end);
  if (block.replace(COMMENT_LINE, "").trim() === "")
    return { found: true, data: {}, recovered: [] };
  let data: unknown;
  try {
    data = load(block);
  } catch (error) {
    const repaired = recoverFreeFormFields(block);
    if (repaired === undefined) throw error;
    return { found: true, data: repaired.data ?? {}, recovered: repaired.recovered };
  }
  // A null document (`~`) holds no keys, like an empty one.
  return { found: true, data: data ?? {}, recovered: [] };
}

// A top-level key at column 0, then `:` and a blank or the end of the line.
const TOP_LEVEL_KEY = /^([A-Za-z_][\w-]*)[ \t]*:(?=[ \t]|$)/;
// A block scalar header: `>` or `|`, optional chomping and indentation indicators.
const BLOCK_SCALAR_HEADER = /^([>|])(?:[+-][1-9]?|[1-9][+-]?)?(?=[ \t]|$)/;

const STRUCTURAL_START = /^[[{*&!]/;

interface TopLevelEntry {
  readonly key: string | undefined;
  /** Index of the entry's first line in the block (the fence's line is 0). */
  readonly start: number;
  readonly lines: string[];
}

/**
 * Reads each free-form field that js-yaml rejects on its own as plain text, written back as a
 * double-quoted scalar, and parses the block again with js-yaml. `undefined` when no free-form
 * field was at fault or a top-level key repeats (the caller throws the original error); throws js-yaml's error, at the
 * original line numbers, when the block is still invalid (a structured field is broken too).
 * Only the split into top-level entries is done here; every value is still parsed by js-yaml.
 */
function recoverFreeFormFields(
  block: string,
): { data: unknown; recovered: RecoveredFrontMatterField[] } | undefined {
  const entries: TopLevelEntry[] = [];
  for (const [index, raw] of block.split("\n").entries()) {
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    const key = TOP_LEVEL_KEY.exec(line)?.[1];
    const last = entries[entries.length - 1];
    // Lines that start no entry (indented, blank, or a flow collection's closing bracket) belong to
    // the entry above; a column-0 comment stands alone.
    if (key !== undefined || line.startsWith("#") || last === undefined) {
      entries.push({ key, start: index, lines: [line] });
    } else {
      last.lines.push(line);
    }
  }
  // A repeated key is invalid whatever its values say; bailing out here also keeps the work to at
  // most one parse per free-form field, however many lines the block has.
  const keys = new Set<string>();
  for (const { key } of entries) {
    if (key === undefined) continue;
    if (keys.has(key)) return undefined;
    keys.add(key);
  }
  const recovered: RecoveredFrontMatterField[] = [];
  const rewritten = entries.map((entry) => {
    const text = entry.lines.join("\n");
    if (entry.key === undefined || !FREE_FORM_FRONT_MATTER_FIELDS.includes(entry.key)) return text;
    // A value that opens a flow collection, an alias, an anchor or a tag is YAML structure, not
    // text that happens to contain a colon: it stays strict.
    if (STRUCTURAL_START.test(text.slice(text.indexOf(":") + 1).trimStart())) return text;
    try {
      load(text);
      return text;
    } catch (error) {
      recovered.push({
        field: entry.key,
        reason: describeReason(error),
        line: entry.start + 1 + describeLine(error),
      });
      // Blank lines stand in for the continuation lines, so later lines keep their numbers.
      return `${entry.key}: ${JSON.stringify(readPlainText(entry))}${"\n".repeat(entry.lines.length - 1)}`;
    }
  });
  if (recovered.length === 0) return undefined;
  return { data: load(rewritten.join("\n")), recovered };
}

/**
 * The text of a free-form entry as a reader sees it: a `>` or `|` header is dropped (its text on
 * the same line kept), matching quotes around a one-line value are dropped, continuation lines
 * are dedented, and lines are folded with spaces (blank lines become line breaks) except after
 * `|`, which keeps them.
 */
function readPlainText(entry: TopLevelEntry): string {
  const [first = "", ...rest] = entry.lines;
  let head = first.slice(first.indexOf(":") + 1).trim();
  const header = BLOCK_SCALAR_HEADER.exec(head);
  const literal = header?.[1] === "|";
  if (header !== null) head = head.slice(header[0].length).trim();
  const body = dedent(rest);
  while (body.length > 0 && body[body.length - 1]?.trim() === "") body.pop();
  if (body.length === 0 && header === null && head.length >= 2) {
    const quote = head[0];
    if ((quote === '"' || quote === "'") && head.endsWith(quote)) head = head.slice(1, -1);
  }
  const lines = head === "" ? body : [head, ...body];
  if (literal) return lines.join("\n");
  let text = "";
  for (const line of lines) {
    const trimmed = line.trim();
    if (trimmed === "") text += "\n";
    else text += text === "" || text.endsWith("\n") ? trimmed : ` ${trimmed}`;
  }
  return text.trim();
}

function dedent(lines: readonly string[]): string[] {
  let indent = Number.POSITIVE_INFINITY;
  for (const line of lines) {
    if (line.trim() === "") continue;
    indent = Math.min(indent, line.length - line.trimStart().length);
  }
  return lines.map((line) => (line.trim() === "" ? "" : line.slice(indent).trimEnd()));
}

function describeReason(error: unknown): string {
  if (typeof error === "object" && error !== null && "reason" in error) {
    if (typeof error.reason === "string" && error.reason !== "") return error.reason;
  }
  return "invalid YAML";
}

// The 0-based line of a js-yaml error inside the text it parsed.
function describeLine(error: unknown): number {
  if (typeof error !== "object" || error === null || !("mark" in error)) return 0;
  const mark = error.mark;
  return typeof mark === "object" &&
    mark !== null &&
    "line" in mark &&
    typeof mark.line === "number"
    ? mark.line
    : 0;
}
