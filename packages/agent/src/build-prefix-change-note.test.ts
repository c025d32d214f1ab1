import { describe, expect, it } from "vitest";
import { buildLineDiff, buildPrefixChangeNote } from "./build-prefix-change-note.js";
import type { PrefixSnapshot } from "./build-prefix-change-note.js";

function snapshot(
  files: Record<string, string>,
  skills: Record<string, string> = {},
  config: PrefixSnapshot["config"] = {},
): PrefixSnapshot {
  return {
    config,
    files: new Map(Object.entries(files).map(([path, text]) => [path, { name: path, text }])),
    skills: new Map(
      Object.entries(skills).map(([name, entry]) => [name, { path: `/s/${name}/SKILL.md`, entry }]),
    ),
  };
}

describe("buildLineDiff", () => {
  it("shows only the lines between the common head and tail", () => {
    expect(buildLineDiff("a\nb\nc\nd", "a\nB\nc\nd")).toEqual(["  - b", "  + B"]);
    expect(buildLineDiff("a\nb", "a\nb\nc")).toEqual(["  + c"]);
    expect(buildLineDiff("a\nb\nc", "a\nc")).toEqual(["  - b"]);
  });

  it("bounds the lines and their length, never splitting a surrogate pair", () => {
    const many = Array.from({ length: 20 }, (_, index) => `line ${index}`).join("\n");
    const diff = buildLineDiff("", many, { contentChars: 600, lines: 3, lineChars: 160 });
    expect(diff).toEqual([
      "  - ",
      "  + line 0",
      "  + line 1",
      "  … 18 more changed lines: read the file.",
    ]);
    const long = buildLineDiff("", `${"x".repeat(5)}😀tail`, {
      contentChars: 0,
      lines: 5,
      lineChars: 11,
    });
    expect(long[1]).toBe("  + xxxxx…");
    expect(long[1]!.length).toBeLessThanOrEqual(11);
  });
});

describe("buildPrefixChangeNote", () => {
  it("reports nothing when nothing changed", () => {
    const same = snapshot({ "MEMORY.md": "a" }, { x: "<skill/>" });
    expect(buildPrefixChangeNote(same, snapshot({ "MEMORY.md": "a" }, { x: "<skill/>" }))).toEqual({
      changes: [],
      lines: [],
    });
  });

  it("names each added, edited and removed file with its size, and a small added file's content", () => {
    const note = buildPrefixChangeNote(
      snapshot({ "MEMORY.md": "a\nb", "SOUL.md": "soul" }),
      snapshot({ "MEMORY.md": "a\nc", "USER.md": "Mara" }),
    );
    expect(note.changes).toEqual([
      { kind: "file", name: "MEMORY.md", change: "edited", chars: 3 },
      { kind: "file", name: "USER.md", change: "added", chars: 4 },
      { kind: "file", name: "SOUL.md", change: "removed", chars: 0 },
    ]);
    expect(note.lines).toEqual([
      "- MEMORY.md was edited (now 3 chars). Changed lines:",
      "  - b",
      "  + c",
      "- USER.md was added (4 chars).",
      "  Its content:",
      "  | Mara",
      "- SOUL.md was removed; disregard its copy in the system prompt.",
    ]);
    expect(note.urgent).toBeUndefined();
  });

  it("leaves a large added file's content out", () => {
    const note = buildPrefixChangeNote(snapshot({}), snapshot({ "AGENTS.md": "x".repeat(601) }));
    expect(note.lines).toEqual(["- AGENTS.md was added (601 chars)."]);
  });

  it("notes added and changed skills; a removed skill is urgent", () => {
    const pinned = snapshot({}, { keep: "<a/>", edit: "<b/>", gone: "<c/>" });
    const note = buildPrefixChangeNote(
      pinned,
      snapshot({}, { keep: "<a/>", edit: "<B/>", add: "<d/>" }),
    );
    expect(note.lines).toEqual([
      '- Skill "edit" changed; read /s/edit/SKILL.md again.',
      '- Skill "add" was added; read /s/add/SKILL.md before using it.',
    ]);
    expect(note.changes.map((change) => `${change.name}:${change.change}`)).toEqual([
      "edit:edited",
      "add:added",
      "gone:removed",
    ]);
    expect(note.urgent).toBe("skill-removed");
  });

  it("notes a config change by its keys; a tools.exec change is urgent", () => {
    const minor = buildPrefixChangeNote(
      snapshot({}),
      snapshot({}, {}, { tools: { updatePlan: true } }),
    );
    expect(minor.lines).toEqual([
      "- The config changed (tools); settings in the system prompt may be out of date.",
    ]);
    expect(minor.urgent).toBeUndefined();
    const exec = buildPrefixChangeNote(
      snapshot({}, {}, { tools: { exec: { security: "allowlist" } } }),
      snapshot({}, {}, { tools: { exec: { security: "full" } } }),
    );
    expect(exec.urgent).toBe("protected-config");
  });

  it("notes a changed sections file", () => {
    const note = buildPrefixChangeNote(
      { ...snapshot({}), sectionsFile: { a: 1 } },
      { ...snapshot({}), sectionsFile: { a: 2 } },
    );
    expect(note.lines).toEqual([
      "- The sections file changed; sections in the system prompt may be out of date.",
    ]);
    expect(note.urgent).toBeUndefined();
  });
});
