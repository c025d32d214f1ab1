import { describe, expect, it } from "vitest";
import type { AgentTurnParts } from "./build-agent-turn.js";
import {
  buildLineDiff,
  buildPrefixChangeNote,
  toPrefixSnapshot,
} from "./build-prefix-change-note.js";
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
    expect(
      buildPrefixChangeNote(same, snapshot({ "MEMORY.md": "a" }, { x: "<skill/>" })),
    ).toStrictEqual({
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

describe("toPrefixSnapshot", () => {
  /** Only the parts `toPrefixSnapshot` reads. */
  function partsOf(sectionsFile?: unknown): AgentTurnParts {
    return {
      config: { agents: {} },
      ...(sectionsFile === undefined ? {} : { sectionsFile }),
      bootstrap: {
        files: [
          { path: "/r/A.md", content: "A injected" },
          { path: "/r/B.md", content: "B injected" },
          { path: "/r/E.md", content: "E injected" },
        ],
        stats: [
          { name: "A.md", path: "/r/A.md", status: "ok" },
          { name: "B.md", path: "/r/B.md", status: "truncated" },
          { name: "C.md", path: "/r/C.md", status: "ok" },
          { name: "D.md", path: "/r/D.md", status: "missing" },
          { name: "E.md", path: "/r/E.md", status: "skipped" },
        ],
      },
      rawByPath: new Map([
        ["/r/A.md", "A raw"],
        ["/r/D.md", "D raw"],
      ]),
      paths: { show: (path: string) => `ws${path}` },
      skills: {
        all: [
          { name: "x", path: "/s/x", status: "included", entryText: "<x/>" },
          { name: "y", path: "/s/y", status: "included" },
          { name: "z", path: "/s/z", status: "omitted", entryText: "<z/>" },
        ],
      },
    } as unknown as AgentTurnParts;
  }

  it("keeps the injected files' raw (else injected) text and the listed skills' entries", () => {
    expect(toPrefixSnapshot(partsOf())).toEqual({
      config: { agents: {} },
      files: new Map([
        ["ws/r/A.md", { name: "A.md", text: "A raw" }],
        ["ws/r/B.md", { name: "B.md", text: "B injected" }],
      ]),
      skills: new Map([
        ["x", { path: "/s/x", entry: "<x/>" }],
        ["y", { path: "/s/y", entry: "" }],
      ]),
    });
    expect(Object.keys(toPrefixSnapshot(partsOf()))).toEqual(["config", "files", "skills"]);
    expect(toPrefixSnapshot(partsOf({ sections: [] })).sectionsFile).toEqual({ sections: [] });
  });
});

describe("buildPrefixChangeNote bounds", () => {
  const limits = { contentChars: 3, lines: 12, lineChars: 8 };

  it("shows an added file whole at the content limit, not one past it", () => {
    expect(buildPrefixChangeNote(snapshot({}), snapshot({ "A.md": "abc" }), limits).lines).toEqual([
      "- A.md was added (3 chars).",
      "  Its content:",
      "  | abc",
    ]);
    expect(buildPrefixChangeNote(snapshot({}), snapshot({ "A.md": "abcd" }), limits).lines).toEqual(
      ["- A.md was added (4 chars)."],
    );
  });

  it("keeps a line at the line limit and cuts one past it, around surrogates", () => {
    expect(buildLineDiff("", "1234", limits)).toEqual(["  - ", "  + 1234"]);
    expect(buildLineDiff("", "12345", limits)).toEqual(["  - ", "  + 123…"]);
    expect(buildLineDiff("", "12\ud800\udc005", limits)).toEqual(["  - ", "  + 12…"]);
    expect(buildLineDiff("", "12\udbff\udfff5", limits)).toEqual(["  - ", "  + 12…"]);
    expect(buildLineDiff("", "12\ud7ff56", limits)).toEqual(["  - ", "  + 12\ud7ff…"]);
    expect(buildLineDiff("", "12\udc0056", limits)).toEqual(["  - ", "  + 12\udc00…"]);
  });

  it("matches the common head and tail without overlapping them", () => {
    expect(buildLineDiff("a\na", "a")).toEqual(["  - a"]);
    expect(buildLineDiff("a", "a\na")).toEqual(["  + a"]);
    expect(buildLineDiff("a\na", "a\na\na")).toEqual(["  + a"]);
    expect(buildLineDiff("a\na\na", "a\na")).toEqual(["  - a"]);
    expect(buildLineDiff("a\nb", "a\nb")).toEqual([]);
    expect(buildLineDiff("x\na\nb", "y\na\nb")).toEqual(["  - x", "  + y"]);
  });

  it("lists every change of a note, config keys sorted", () => {
    const note = buildPrefixChangeNote(
      {
        ...snapshot({}, { gone: "<c/>", edit: "<b/>" }, { zeta: 1, tools: { exec: {} } } as never),
        sectionsFile: 1,
      },
      {
        ...snapshot({}, { edit: "<B/>", add: "<dd/>" }, { alpha: 1, tools: { exec: {} } } as never),
        sectionsFile: 2,
      },
    );
    expect(note).toEqual({
      changes: [
        { kind: "skill", name: "edit", change: "edited", chars: 4 },
        { kind: "skill", name: "add", change: "added", chars: 5 },
        { kind: "skill", name: "gone", change: "removed", chars: 0 },
        { kind: "config", name: "alpha, zeta", change: "edited", chars: 0 },
        { kind: "config", name: "sections file", change: "edited", chars: 0 },
      ],
      lines: [
        '- Skill "edit" changed; read /s/edit/SKILL.md again.',
        '- Skill "add" was added; read /s/add/SKILL.md before using it.',
        "- The config changed (alpha, zeta); settings in the system prompt may be out of date.",
        "- The sections file changed; sections in the system prompt may be out of date.",
      ],
      urgent: "skill-removed",
    });
  });
});
