import type {
  ExecSessionFact,
  ExecSessionState,
  MediaTaskFact,
  MediaTaskState,
  RuntimeContextCarrierFacts,
  SubagentFact,
  SubagentMode,
  SubagentState,
} from "./build-runtime-context-carrier.js";
import {
  assertObjectArgument,
  assertStringArgument,
  throwInvalidArgument,
} from "./assert-argument.js";
import { formatInternalContextDelimiters, OPENCLAW_PRODUCT_PROFILE } from "./product-profile.js";
import { RendererError } from "./renderer-error.js";
import type { Diagnostic, ProductProfile } from "./types.js";

/** A delimiter-like span found by `parseInternalContextDelimiters`, in UTF-16 offsets of the input. */
export interface InternalContextDelimiterMatch {
  readonly kind: "begin" | "end";
  readonly start: number;
  readonly end: number;
}

/** Options shared by the carrier parser and its delimiter detector. */
export interface ParseRuntimeContextCarrierOptions {
  /** Supplies the delimiter word. Default: the OpenClaw profile. */
  readonly profile?: ProductProfile;
}

/** What `parseRuntimeContextCarrier` recovered; `facts` is absent when the text is not a carrier. */
export interface ParsedRuntimeContextCarrier {
  readonly facts: RuntimeContextCarrierFacts | undefined;
  readonly diagnostics: readonly Diagnostic[];
}

// The shadow is a normalized copy of a text used only for matching: every character is folded to
// what a reader would take it for, and each shadow character remembers its original span.
export interface ShadowText {
  readonly text: string;
  readonly originalStart: readonly number[];
  readonly originalEnd: readonly number[];
}

// Characters a reader could take for an opening or closing angle bracket (after NFKC).
const LEFT_BRACKETS = "<‹〈⟨❮❬❰⧼ᐸ˂⦉⦑⦓⊲◁◂◃◄◅᚜";
const RIGHT_BRACKETS = ">›〉⟩❯❭❱⧽ᐳ˃⦊⦒⦔⊳▷▸▹►▻᚛";
const MULTI_BRACKETS: Readonly<Record<string, string>> = Object.freeze({
  "«": "<<",
  "《": "<<",
  "≪": "<<",
  "⟪": "<<",
  "⋘": "<<<",
  "»": ">>",
  "》": ">>",
  "≫": ">>",
  "⟫": ">>",
  "⋙": ">>>",
});
const UNDERSCORES = "_‗ˍ⎽";
const DASHES = "‐‑‒–—―−⁃﹘";
const DOTS = "·•‧∙・";

// Homoglyphs that survive NFKC: Cyrillic, Greek, small capitals, digits and symbols read as letters.
// `l` and `1` fold to `i` because they are mutually confusable in most fonts.
const LETTER_FOLDS: Readonly<Record<string, string>> = Object.freeze({
  а: "a",
  в: "b",
  е: "e",
  ё: "e",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  і: "i",
  ї: "i",
  ј: "j",
  ѕ: "s",
  ԁ: "d",
  п: "n",
  ɡ: "g",
  α: "a",
  β: "b",
  γ: "y",
  ε: "e",
  η: "n",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  ω: "w",
  ϲ: "c",
  ϳ: "j",
  ı: "i",
  ȷ: "j",
  ɩ: "i",
  ɑ: "a",
  ᴀ: "a",
  ʙ: "b",
  ᴄ: "c",
  ᴅ: "d",
  ᴇ: "e",
  ɢ: "g",
  ʜ: "h",
  ɪ: "i",
  ᴊ: "j",
  ᴋ: "k",
  ʟ: "i",
  ᴍ: "m",
  ɴ: "n",
  ᴏ: "o",
  ᴘ: "p",
  ʀ: "r",
  ꜱ: "s",
  ᴛ: "t",
  ᴜ: "u",
  ᴠ: "v",
  ᴡ: "w",
  ʏ: "y",
  ᴢ: "z",
  l: "i",
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "8": "b",
  "9": "g",
  $: "s",
  "@": "a",
  "!": "i",
  "|": "i",
});

// Named HTML entities that decode to something the patterns care about.
const NAMED_ENTITIES: Readonly<Record<string, string>> = Object.freeze({
  lt: "<",
  LT: "<",
  gt: ">",
  GT: ">",
  lsaquo: "‹",
  rsaquo: "›",
  lang: "⟨",
  rang: "⟩",
  langle: "⟨",
  rangle: "⟩",
  Lt: "≪",
  Gt: "≫",
  ll: "≪",
  gg: "≫",
  laquo: "«",
  raquo: "»",
  lowbar: "_",
  UnderBar: "_",
  shy: "\u00ad",
  zwj: "\u200d",
  zwnj: "\u200c",
  nbsp: "\u00a0",
  hyphen: "‐",
  dash: "‐",
  period: ".",
});

/**
 * Where `text` ends in an entity that more text could still complete (`&`, `&l`, `&#6`, `&lang`
 * before `le;`), or -1. A following message could turn it into a bracket or a separator.
 */
export function findOpenEntityTail(text: string): number {
  const tail = /&(#[xX]?[0-9a-fA-F]*|[A-Za-z][A-Za-z0-9]*)?$/.exec(text);
  if (tail === null) return -1;
  const name = tail[1] ?? "";
  if (name === "" || name.startsWith("#")) return tail.index;
  const extendable = Object.keys(NAMED_ENTITIES).some(
    (known) => known.length > name.length && known.startsWith(name),
  );
  return extendable ? tail.index : -1;
}

const STRIPPED = /^[\p{Cf}\p{Mn}\p{Me}\p{Cs}\u115f\u1160\u3164\uffa0\u180e]$/u;
const LINE_BREAK = /^[\n\r\v\f\u0085\u2028\u2029]$/u;
const SPACE = /^\s$/u;

/** Folds one code point to what a reader would take it for (may be empty or several chars). */
export function foldCharacter(character: string): string {
  let folded = "";
  for (const part of character.normalize("NFKC").toLowerCase()) {
    if (!STRIPPED.test(part)) folded += foldPart(part);
  }
  return folded;
}

/** Folds one normalized, lower-cased, not stripped character. */
function foldPart(part: string): string {
  const multi = MULTI_BRACKETS[part];
  if (multi !== undefined) return multi;
  if (LEFT_BRACKETS.includes(part)) return "<";
  if (RIGHT_BRACKETS.includes(part)) return ">";
  if (UNDERSCORES.includes(part)) return "_";
  if (DASHES.includes(part)) return "-";
  if (DOTS.includes(part)) return ".";
  if (LINE_BREAK.test(part)) return "\n";
  if (SPACE.test(part)) return " ";
  return LETTER_FOLDS[part] ?? part;
}

/**
 * ASCII is most of any message: fold it once, by table, instead of normalizing char by char.
 * ASCII is its own NFKC form and holds no stripped character, so the table skips both steps:
 * they would load Unicode data and compile property classes at import time (most of the
 * renderer's cold import). A test checks the table against `foldCharacter`.
 */
export const ASCII_FOLDS: readonly string[] = Object.freeze(
  Array.from({ length: 128 }, (_, code) => foldPart(String.fromCharCode(code).toLowerCase())),
);

// Anchored and neither global nor sticky, so one compiled pattern is shared without any state;
// it reads a short slice, as no entity is longer than `ENTITY_MAX_LENGTH`. Compiling a sticky
// pattern per `&` used to dominate the projection of ordinary text.
const ENTITY_AT_START = /^&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{0,31}))(;?)/;
const ENTITY_MAX_LENGTH = 34;

function decodeEntityAt(
  text: string,
  index: number,
): { decoded: string; length: number } | undefined {
  const match = ENTITY_AT_START.exec(text.slice(index, index + ENTITY_MAX_LENGTH));
  if (match === null) return undefined;
  const [whole, decimal, hex, name, semicolon] = match;
  if (name === undefined) {
    const codePoint = decimal === undefined ? Number.parseInt(hex ?? "", 16) : Number(decimal);
    if (codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return undefined;
    return { decoded: String.fromCodePoint(codePoint), length: whole.length };
  }
  const exact = NAMED_ENTITIES[name];
  if (exact !== undefined) return { decoded: exact, length: 1 + name.length + semicolon!.length };
  // Browsers also decode a known name without its semicolon, followed by more letters.
  for (let size = name.length - 1; size >= 2; size -= 1) {
    const prefix = NAMED_ENTITIES[name.slice(0, size)];
    if (prefix !== undefined) return { decoded: prefix, length: 1 + size };
  }
  return undefined;
}

/** Builds the normalized shadow of `text` with a map from each shadow char back to `text`. */
export function buildShadowText(text: string): ShadowText {
  const parts: string[] = [];
  const originalStart: number[] = [];
  const originalEnd: number[] = [];
  let index = 0;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    let folded: string;
    let length = 1;
    if (code < 0x80 && code !== 0x26) {
      folded = ASCII_FOLDS[code]!;
    } else {
      const codePoint = text.codePointAt(index)!;
      length = codePoint > 0xffff ? 2 : 1;
      let raw = codePoint >= 0xd800 && codePoint <= 0xdfff ? "" : String.fromCodePoint(codePoint);
      if (code === 0x26) {
        const entity = decodeEntityAt(text, index);
        if (entity !== undefined) {
          raw = entity.decoded;
          length = entity.length;
        }
      }
      folded = raw === "" ? "" : foldCharacter(raw);
    }
    for (let offset = 0; offset < folded.length; offset += 1) {
      originalStart.push(index);
      originalEnd.push(index + length);
    }
    parts.push(folded);
    index += length;
  }
  return { text: parts.join(""), originalStart, originalEnd };
}

/** Separators a reader skips inside a delimiter: whitespace, underscores, dashes, markup. */
export const SHADOW_SEPARATOR = "[\\s_\\-.*~`]";

function escapeForPattern(character: string): string {
  return character.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");
}

/** Pattern for `word` in the shadow, with separators allowed between any two characters. */
export function buildFuzzyWordPattern(word: string): string {
  return foldedLetters(word).map(escapeForPattern).join(`${SHADOW_SEPARATOR}*`);
}

/** The folded characters of `word`, separators removed. */
export function foldedLetters(word: string): string[] {
  const letters: string[] = [];
  for (const character of word) {
    for (const part of foldCharacter(character)) {
      if (!new RegExp(`^${SHADOW_SEPARATOR}$`).test(part)) letters.push(part);
    }
  }
  return letters;
}

/** Shadow patterns for one profile's delimiter word. */
export interface DelimiterPatterns {
  /** `<word>INTERNALCONTEXT` with separators anywhere. */
  readonly phrase: string;
  /** `BEGIN` or `END`, captured. */
  readonly keyword: string;
  /** The folded letters of `(BEGIN|END)? <word> INTERNAL CONTEXT`. */
  readonly phraseLetters: readonly string[];
  readonly beginLetters: readonly string[];
  readonly endLetters: readonly string[];
  readonly wordPattern: string;
}

/** Builds the shadow patterns for `profile`'s delimiter word; `path` names the profile in errors. */
export function buildDelimiterPatterns(
  profile: ProductProfile,
  path = "profile",
): DelimiterPatterns {
  assertObjectArgument(profile, "The internal-context delimiters", path);
  const word: unknown = profile.delimiterWord;
  if (typeof word !== "string") {
    throwInvalidArgument(
      "The internal-context delimiters",
      `${path}.delimiterWord`,
      "a string",
      word,
    );
  }
  const wordLetters = foldedLetters(word);
  if (wordLetters.length === 0) {
    throw new RendererError(
      "RENDERER_INVALID_INPUT",
      `The product profile's delimiter word ${JSON.stringify(word)} has no letters, so internal-context delimiters cannot be told apart from separators.`,
      { path: `${path}.delimiterWord`, hint: "Use an upper-case word such as OPENCLAW." },
    );
  }
  const phraseLetters = [...wordLetters, ...foldedLetters("INTERNAL"), ...foldedLetters("CONTEXT")];
  return {
    phrase: buildFuzzyWordPattern(phraseLetters.join("")),
    keyword: `(${buildFuzzyWordPattern("BEGIN")}|${buildFuzzyWordPattern("END")})`,
    phraseLetters,
    beginLetters: foldedLetters("BEGIN"),
    endLetters: foldedLetters("END"),
    wordPattern: buildFuzzyWordPattern(profile.delimiterWord),
  };
}

/** Maps a shadow match back to a span of the original text. */
export function toOriginalSpan(
  shadow: ShadowText,
  shadowStart: number,
  shadowEnd: number,
): { start: number; end: number } {
  return { start: shadow.originalStart[shadowStart]!, end: shadow.originalEnd[shadowEnd - 1]! };
}

/**
 * Finds every span of `text` a lenient reader would accept as an internal-context delimiter:
 * brackets, BEGIN or END, the delimiter word, INTERNAL, CONTEXT, brackets, after folding case,
 * look-alike characters, invisible characters, HTML entities, separators and line breaks.
 */
export function parseInternalContextDelimiters(
  text: string,
  options: ParseRuntimeContextCarrierOptions = {},
): readonly InternalContextDelimiterMatch[] {
  assertStringArgument(text, "parseInternalContextDelimiters", "text");
  const patterns = buildDelimiterPatterns(
    options.profile ?? OPENCLAW_PRODUCT_PROFILE,
    "options.profile",
  );
  const shadow = buildShadowText(text);
  const sep = SHADOW_SEPARATOR;
  // `<(?<!<sep*<)` enters a bracket run only at its first bracket, so long runs scan linearly.
  const delimiter = new RegExp(
    `<(?<!<${sep}*<)(?:${sep}*<)*${sep}*${patterns.keyword}${sep}*${patterns.phrase}${sep}*>(?:${sep}*>)*`,
    "g",
  );
  const matches: InternalContextDelimiterMatch[] = [];
  for (const match of shadow.text.matchAll(delimiter)) {
    const span = toOriginalSpan(shadow, match.index, match.index + match[0].length);
    const keyword = (match[1] ?? "").replace(new RegExp(sep, "g"), "");
    matches.push({ kind: keyword.startsWith("b") ? "begin" : "end", ...span });
  }
  return matches;
}

/** Section labels of the carrier body, in output order. */
export const CARRIER_LABELS = Object.freeze({
  exec: "exec_sessions",
  subagents: "subagents",
  mediaTools: "media_tools",
  mediaTasks: "media_tasks",
});

const EXEC_STATES: readonly ExecSessionState[] = ["running", "exited", "failed", "killed"];
const SUBAGENT_STATES: readonly SubagentState[] = [
  "queued",
  "running",
  "completed",
  "failed",
  "cancelled",
];
const SUBAGENT_MODES: readonly SubagentMode[] = ["announce", "collect"];
const MEDIA_STATES: readonly MediaTaskState[] = ["queued", "running", "completed", "failed"];

type Problem = (code: string, message: string, line: number) => void;

function readRecord(
  json: string,
  line: number,
  problem: Problem,
): Record<string, unknown> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    problem("CARRIER_BAD_JSON", "A fact line is not valid JSON.", line);
    return undefined;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    problem("CARRIER_BAD_FACT", "A fact line is not a JSON object.", line);
    return undefined;
  }
  return value as Record<string, unknown>;
}

function readString(record: Record<string, unknown>, key: string): string | undefined {
  const value = record[key];
  return typeof value === "string" ? value : undefined;
}

function readEnum<T extends string>(
  record: Record<string, unknown>,
  key: string,
  allowed: readonly T[],
): T | undefined {
  const value = record[key];
  return allowed.find((candidate) => candidate === value);
}

function hasOnlyKeys(record: Record<string, unknown>, keys: readonly string[]): boolean {
  return Object.keys(record).every((key) => keys.includes(key));
}

function toExecFact(record: Record<string, unknown>): ExecSessionFact | undefined {
  const id = readString(record, "id");
  const command = readString(record, "command");
  const state = readEnum(record, "state", EXEC_STATES);
  const startedAt = readString(record, "startedAt");
  const cwd = record["cwd"];
  if (id === undefined || command === undefined || state === undefined || startedAt === undefined)
    return undefined;
  if (!hasOnlyKeys(record, ["id", "command", "state", "startedAt", "cwd"])) return undefined;
  if (cwd !== undefined && typeof cwd !== "string") return undefined;
  return cwd === undefined
    ? { id, command, state, startedAt }
    : { id, command, state, startedAt, cwd };
}

function toSubagentFact(record: Record<string, unknown>): SubagentFact | undefined {
  const id = readString(record, "id");
  const label = readString(record, "label");
  const state = readEnum(record, "state", SUBAGENT_STATES);
  const mode = readEnum(record, "mode", SUBAGENT_MODES);
  if (id === undefined || label === undefined || state === undefined || mode === undefined)
    return undefined;
  if (!hasOnlyKeys(record, ["id", "label", "state", "mode"])) return undefined;
  return { id, label, state, mode };
}

function toMediaTaskFact(record: Record<string, unknown>): MediaTaskFact | undefined {
  const id = readString(record, "id");
  const tool = readString(record, "tool");
  const state = readEnum(record, "state", MEDIA_STATES);
  const promptSummary = record["promptSummary"];
  if (id === undefined || tool === undefined || state === undefined) return undefined;
  if (!hasOnlyKeys(record, ["id", "tool", "state", "promptSummary"])) return undefined;
  if (promptSummary !== undefined && typeof promptSummary !== "string") return undefined;
  return promptSummary === undefined ? { id, tool, state } : { id, tool, state, promptSummary };
}

interface MutableFacts {
  exec?: ExecSessionFact[];
  subagents?: SubagentFact[];
  mediaTools?: string[];
  mediaTasks?: MediaTaskFact[];
}

/**
 * Reads a carrier message built by `buildRuntimeContextCarrier` back into facts. Never throws on
 * content: a malformed carrier yields diagnostics (and `facts: undefined` when it is no carrier).
 */
export function parseRuntimeContextCarrier(
  text: string,
  options: ParseRuntimeContextCarrierOptions = {},
): ParsedRuntimeContextCarrier {
  assertStringArgument(text, "parseRuntimeContextCarrier", "text");
  const profile = options.profile ?? OPENCLAW_PRODUCT_PROFILE;
  const { begin, end } = formatInternalContextDelimiters(profile);
  const diagnostics: Diagnostic[] = [];
  const problem: Problem = (code, message, line) => {
    diagnostics.push({ code, severity: "error", message, path: `line ${line}` });
  };
  const lines = (text.endsWith("\n") ? text.slice(0, -1) : text).split("\n");
  if (lines.length < 2 || lines[0] !== begin || lines[lines.length - 1] !== end) {
    diagnostics.push({
      code: "CARRIER_NOT_DELIMITED",
      severity: "error",
      message: `A carrier starts with the line ${begin} and ends with the line ${end}.`,
      hint: "Build carriers with buildRuntimeContextCarrier.",
    });
    return { facts: undefined, diagnostics };
  }
  const body = lines.slice(1, -1);
  if (parseInternalContextDelimiters(body.join("\n"), { profile }).length > 0) {
    diagnostics.push({
      code: "CARRIER_NESTED_DELIMITER",
      severity: "error",
      message: "The carrier body contains a delimiter-like sequence.",
      hint: "Build carriers with buildRuntimeContextCarrier, which escapes fact values.",
    });
    return { facts: undefined, diagnostics };
  }
  const facts: MutableFacts = {};
  let open: keyof MutableFacts | undefined;
  const labelToKey: Readonly<Record<string, keyof MutableFacts>> = {
    [CARRIER_LABELS.exec]: "exec",
    [CARRIER_LABELS.subagents]: "subagents",
    [CARRIER_LABELS.mediaTools]: "mediaTools",
    [CARRIER_LABELS.mediaTasks]: "mediaTasks",
  };
  body.forEach((line, position) => {
    const lineNumber = position + 2;
    if (line.startsWith("- ")) {
      if (open === undefined || open === "mediaTools") {
        problem("CARRIER_STRAY_ITEM", "A fact item appears outside a list section.", lineNumber);
        return;
      }
      const record = readRecord(line.slice(2), lineNumber, problem);
      if (record === undefined) return;
      if (open === "exec") {
        const fact = toExecFact(record);
        if (fact === undefined)
          problem("CARRIER_BAD_FACT", "Invalid exec session fact.", lineNumber);
        else facts.exec!.push(fact);
      } else if (open === "subagents") {
        const fact = toSubagentFact(record);
        if (fact === undefined) problem("CARRIER_BAD_FACT", "Invalid sub-agent fact.", lineNumber);
        else facts.subagents!.push(fact);
      } else {
        const fact = toMediaTaskFact(record);
        if (fact === undefined) problem("CARRIER_BAD_FACT", "Invalid media task fact.", lineNumber);
        else facts.mediaTasks!.push(fact);
      }
      return;
    }
    const colon = line.indexOf(":");
    const key = colon < 0 ? undefined : labelToKey[line.slice(0, colon)];
    if (key === undefined) {
      problem("CARRIER_UNKNOWN_LINE", "A carrier line has no known label.", lineNumber);
      open = undefined;
      return;
    }
    if (facts[key] !== undefined) {
      problem("CARRIER_DUPLICATE_SECTION", "A carrier section appears twice.", lineNumber);
      open = undefined;
      return;
    }
    const rest = line.slice(colon + 1);
    facts[key] = [];
    open = key;
    if (rest === " none" || rest === "") {
      open = rest === "" ? key : undefined;
      return;
    }
    if (key !== "mediaTools") {
      problem("CARRIER_BAD_SECTION", "A list section header carries a value.", lineNumber);
      return;
    }
    let tools: unknown;
    try {
      tools = JSON.parse(rest);
    } catch {
      tools = undefined;
    }
    if (!Array.isArray(tools) || !tools.every((tool) => typeof tool === "string")) {
      problem("CARRIER_BAD_FACT", "media_tools is not a JSON list of names.", lineNumber);
      return;
    }
    facts.mediaTools = tools;
    open = undefined;
  });
  if ((facts.mediaTools === undefined) !== (facts.mediaTasks === undefined)) {
    diagnostics.push({
      code: "CARRIER_BAD_SECTION",
      severity: "error",
      message: "media_tools and media_tasks appear together or not at all.",
    });
  }
  const result: {
    exec?: ExecSessionFact[];
    subagents?: SubagentFact[];
    media?: { enabledTools: string[]; tasks: MediaTaskFact[] };
  } = {};
  if (facts.exec !== undefined) result.exec = facts.exec;
  if (facts.subagents !== undefined) result.subagents = facts.subagents;
  if (facts.mediaTools !== undefined || facts.mediaTasks !== undefined) {
    result.media = { enabledTools: facts.mediaTools ?? [], tasks: facts.mediaTasks ?? [] };
  }
  return { facts: result, diagnostics };
}
