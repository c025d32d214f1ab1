import { ConfigError } from "./config-error.js";

/** One `<!-- section: <id> -->` block of a sections file. */
export interface SectionsFileBlock {
  readonly id: string;
  /** The body, without leading and trailing blank lines. */
  readonly text: string;
  /** 1-based line of the block's marker. */
  readonly line: number;
}

/** A parsed sections file: where it came from and its blocks, in file order. */
export interface SectionsFile {
  /** The file as shown in messages (path relative to the config, or absolute). */
  readonly source: string;
  readonly blocks: readonly SectionsFileBlock[];
}

const MARKER = /^<!--\s*section:\s*(\S*)\s*-->\s*$/;
const SECTION_ID = /^[a-z][a-z0-9_]*$/;
const LOOKS_LIKE_MARKER = /^<!--\s*section\b/i;

function fail(source: string, line: number, message: string, hint: string): never {
  throw new ConfigError("CONFIG_SECTIONS_FILE_INVALID", `${source}:${line}: ${message}`, {
    path: `${source}:${line}`,
    hint,
    issues: [{ path: `${source}:${line}`, message }],
  });
}

/**
 * Parses a sections file: Markdown split into blocks, each opened by a line
 * `<!-- section: <id> -->` (an HTML comment, so the file previews cleanly) and running to the
 * next marker. Blank lines around a body are dropped; the body is kept byte for byte otherwise.
 * Only blank lines may precede the first marker. Throws `ConfigError`
 * `CONFIG_SECTIONS_FILE_INVALID` (with `file:line`) for text outside a block, a malformed or
 * duplicate id. Pure: the caller reads the file.
 */
export function parseSectionsFile(text: string, source: string): SectionsFile {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const blocks: { id: string; line: number; body: string[] }[] = [];
  lines.forEach((content, index) => {
    const line = index + 1;
    const marker = MARKER.exec(content);
    if (marker === null && LOOKS_LIKE_MARKER.test(content.trim())) {
      fail(
        source,
        line,
        `malformed section marker ${JSON.stringify(content.trim())}.`,
        "Write the marker alone on its line: <!-- section: house_rules -->.",
      );
    }
    if (marker !== null) {
      const id = marker[1] ?? "";
      if (!SECTION_ID.test(id)) {
        fail(
          source,
          line,
          `${JSON.stringify(id)} is not a snake_case section id.`,
          "Use an id such as house_rules (lower case, digits, underscores).",
        );
      }
      const first = blocks.find((block) => block.id === id);
      if (first !== undefined) {
        fail(
          source,
          line,
          `section "${id}" appears twice (first at line ${first.line}).`,
          "Keep one block per section id.",
        );
      }
      blocks.push({ id, line, body: [] });
      return;
    }
    const current = blocks.at(-1);
    if (current === undefined) {
      if (content.trim() !== "") {
        fail(
          source,
          line,
          "text before the first section marker.",
          "Start the file with a marker such as <!-- section: house_rules -->.",
        );
      }
      return;
    }
    current.body.push(content);
  });
  return {
    source,
    blocks: blocks.map(({ id, line, body }) => ({ id, line, text: trimBlankLines(body) })),
  };
}

function trimBlankLines(lines: readonly string[]): string {
  let start = 0;
  let end = lines.length;
  while (start < end && (lines[start] ?? "").trim() === "") start++;
  while (end > start && (lines[end - 1] ?? "").trim() === "") end--;
  return lines.slice(start, end).join("\n");
}
