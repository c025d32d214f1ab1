import type { PromptstackConfig } from "@promptstack/config";
import type { PrefixChange } from "./agent-types.js";
import type { AgentTurnParts } from "./build-agent-turn.js";
import { isDeepEqual } from "./is-deep-equal.js";

/** What a pinned prefix was built from, in the terms a change note compares. */
export interface PrefixSnapshot {
  readonly config: PromptstackConfig;
  /** The config's sections file as read, when it has one. */
  readonly sectionsFile?: unknown;
  /** Workspace files in the prompt: display path → name and text (raw, else injected). */
  readonly files: ReadonlyMap<string, { readonly name: string; readonly text: string }>;
  /** Listed skills: name → display path and `<skill>` entry. */
  readonly skills: ReadonlyMap<string, { readonly path: string; readonly entry: string }>;
}

/** Bounds of one change note. */
export interface ChangeNoteLimits {
  /** A file this size or smaller is shown whole when added. */
  readonly contentChars: number;
  /** Diff or content lines shown per file. */
  readonly lines: number;
  /** Characters per shown line. */
  readonly lineChars: number;
}

/** The default bounds: ~600 characters of content, 12 lines of 160 characters per file. */
export const CHANGE_NOTE_LIMITS: ChangeNoteLimits = {
  contentChars: 600,
  lines: 12,
  lineChars: 160,
};

/** A change note: what changed since the pin, its lines, and a change that must not wait. */
export interface PrefixChangeNote {
  readonly changes: readonly PrefixChange[];
  readonly lines: readonly string[];
  /** Why the pinned prefix must be replaced now, whatever the policy. */
  readonly urgent?: "protected-config" | "skill-removed";
}

/** Takes the comparable parts of what a turn read. */
export function toPrefixSnapshot(parts: AgentTurnParts): PrefixSnapshot {
  const files = new Map<string, { name: string; text: string }>();
  const injected = new Map(parts.bootstrap.files.map((file) => [file.path, file.content]));
  for (const stat of parts.bootstrap.stats) {
    if (stat.status !== "ok" && stat.status !== "truncated") continue;
    const text = parts.rawByPath.get(stat.path) ?? injected.get(stat.path);
    if (text !== undefined) files.set(parts.paths.show(stat.path), { name: stat.name, text });
  }
  const skills = new Map<string, { path: string; entry: string }>();
  for (const skill of parts.skills.all) {
    if (skill.status !== "included") continue;
    skills.set(skill.name, { path: skill.path, entry: skill.entryText ?? "" });
  }
  return {
    config: parts.config,
    ...(parts.sectionsFile === undefined ? {} : { sectionsFile: parts.sectionsFile }),
    files,
    skills,
  };
}

/**
 * Compares the snapshot a prefix was pinned with to the current one: one change per added,
 * edited or removed workspace file and listed skill, and the config; the note's lines (each
 * file's size, and for an edit a bounded line diff, for a small added file its content). A
 * changed `tools.exec` setting or a skill no longer listed is urgent: the prompt above would
 * state something false.
 */
export function buildPrefixChangeNote(
  pinned: PrefixSnapshot,
  current: PrefixSnapshot,
  limits: ChangeNoteLimits = CHANGE_NOTE_LIMITS,
): PrefixChangeNote {
  const changes: PrefixChange[] = [];
  const lines: string[] = [];
  for (const [path, file] of current.files) {
    const before = pinned.files.get(path);
    if (before === undefined) {
      changes.push({ kind: "file", name: path, change: "added", chars: file.text.length });
      lines.push(`- ${path} was added (${file.text.length} chars).`);
      if (file.text.length <= limits.contentChars) {
        lines.push("  Its content:", ...boundLines(file.text.split("\n"), "  | ", limits));
      }
    } else if (before.text !== file.text) {
      changes.push({ kind: "file", name: path, change: "edited", chars: file.text.length });
      lines.push(`- ${path} was edited (now ${file.text.length} chars). Changed lines:`);
      lines.push(...buildLineDiff(before.text, file.text, limits));
    }
  }
  for (const path of pinned.files.keys()) {
    if (current.files.has(path)) continue;
    changes.push({ kind: "file", name: path, change: "removed", chars: 0 });
    lines.push(`- ${path} was removed; disregard its copy in the system prompt.`);
  }
  let skillRemoved = false;
  for (const [name, skill] of current.skills) {
    const before = pinned.skills.get(name);
    if (before === undefined) {
      changes.push({ kind: "skill", name, change: "added", chars: skill.entry.length });
      lines.push(`- Skill "${name}" was added; read ${skill.path} before using it.`);
    } else if (before.entry !== skill.entry) {
      changes.push({ kind: "skill", name, change: "edited", chars: skill.entry.length });
      lines.push(`- Skill "${name}" changed; read ${skill.path} again.`);
    }
  }
  for (const name of pinned.skills.keys()) {
    if (current.skills.has(name)) continue;
    skillRemoved = true;
    changes.push({ kind: "skill", name, change: "removed", chars: 0 });
  }
  const configChanged = !isDeepEqual(pinned.config, current.config);
  if (configChanged) {
    const keys = changedKeys(pinned.config, current.config);
    changes.push({ kind: "config", name: keys.join(", "), change: "edited", chars: 0 });
    lines.push(
      `- The config changed (${keys.join(", ")}); settings in the system prompt may be out of date.`,
    );
  }
  if (!isDeepEqual(pinned.sectionsFile, current.sectionsFile)) {
    changes.push({ kind: "config", name: "sections file", change: "edited", chars: 0 });
    lines.push("- The sections file changed; sections in the system prompt may be out of date.");
  }
  const execChanged = !isDeepEqual(pinned.config.tools?.exec, current.config.tools?.exec);
  const urgent = execChanged ? "protected-config" : skillRemoved ? "skill-removed" : undefined;
  return { changes, lines, ...(urgent === undefined ? {} : { urgent }) };
}

/** The top-level config keys whose values differ, sorted. */
function changedKeys(before: PromptstackConfig, after: PromptstackConfig): string[] {
  const a = before as Readonly<Record<string, unknown>>;
  const b = after as Readonly<Record<string, unknown>>;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((key) => !isDeepEqual(a[key], b[key])).sort();
}

/**
 * A compact line diff: the lines between the common head and the common tail, old ones with
 * `-`, new ones with `+`, at most `limits.lines` of them, each cut to `limits.lineChars`.
 */
export function buildLineDiff(
  before: string,
  after: string,
  limits: ChangeNoteLimits = CHANGE_NOTE_LIMITS,
): string[] {
  const a = before.split("\n");
  const b = after.split("\n");
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head += 1;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  ) {
    tail += 1;
  }
  const removed = a.slice(head, a.length - tail).map((line) => `  - ${line}`);
  const added = b.slice(head, b.length - tail).map((line) => `  + ${line}`);
  return boundLines([...removed, ...added], "", limits);
}

function boundLines(lines: readonly string[], prefix: string, limits: ChangeNoteLimits): string[] {
  const shown = lines.slice(0, limits.lines).map((line) => {
    const full = `${prefix}${line}`;
    if (full.length <= limits.lineChars) return full;
    // Never cut a surrogate pair in two: a lone surrogate is not text.
    const code = full.charCodeAt(limits.lineChars - 2);
    const end = code >= 0xd800 && code <= 0xdbff ? limits.lineChars - 2 : limits.lineChars - 1;
    return `${full.slice(0, end)}…`;
  });
  const more = lines.length - shown.length;
  return more > 0 ? [...shown, `  … ${more} more changed lines: read the file.`] : shown;
}
