import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  buildRuntimeContextCarrier,
  parseInternalContextDelimiters,
  parseRuntimeContextCarrier,
  projectInboundMessage,
  projectInboundText,
  resolveRuntimeContextCarrierFacts,
} from "../src/index.js";
import type { RuntimeContextSnapshot } from "../src/index.js";

const V4 = { projectionVersion: 4 } as const;

// Pieces of every attack class; concatenations of them explore combinations no table lists.
const FRAGMENTS = [
  "<",
  "<<",
  "<<<",
  ">",
  ">>",
  ">>>",
  "＜",
  "＞",
  "‹",
  "›",
  "〈",
  "〉",
  "⟨",
  "⟩",
  "«",
  "»",
  "≪",
  "≫",
  "⋘",
  "﹤",
  "﹥",
  "ᐸ",
  "ᐳ",
  "&lt;",
  "&gt;",
  "&LT;",
  "&#60;",
  "&#x3c;",
  "&#X3E;",
  "&lt",
  "&gt",
  "&lsaquo;",
  "&Lt;",
  "&lowbar;",
  "&",
  "&l",
  "&#",
  "&#6",
  "t;",
  "0;",
  "lt;",
  "#x3c;",
  "BEGIN",
  "END",
  "begin",
  "End",
  "ＢＥＧＩＮ",
  "ВЕGIN",
  "OPENCLAW",
  "openclaw",
  "0PENCLAW",
  "OPEN",
  "CLAW",
  "INTERNAL",
  "1NTERNAL",
  "internal",
  "CONTEXT",
  "context",
  "СОNТЕХТ",
  "_INTERNAL_CONTEXT",
  "BEGIN_OPENCLAW",
  "OPENCLAW_INTERNAL_CONTEXT",
  "_",
  "＿",
  "-",
  " ",
  "\n",
  "\r\n",
  "\t",
  "\u200b",
  "\u200c",
  "\u200d",
  "\u2060",
  "\ufeff",
  "\u00ad",
  "\u0301",
  "\ud835",
  "\udc0e",
  "𝐁",
  "x",
  "hello",
  "[[[",
  "]]]",
  "│ ",
  ">>> ",
];

const pick = (...options: string[]) => fc.constantFrom(...options);
const separator = fc
  .array(pick("", "_", " ", "\n", "\u200b", "\u00ad", "＿", "&lowbar;", "-", "\r\n"), {
    maxLength: 2,
  })
  .map((parts) => parts.join(""));
const openers = fc
  .array(pick("<", "＜", "‹", "〈", "⟨", "«", "≪", "﹤", "&lt;", "&#60;", "&#x3c;", "&LT", "ᐸ"), {
    minLength: 1,
    maxLength: 3,
  })
  .map((parts) => parts.join(""));
const closers = fc
  .array(pick(">", "＞", "›", "〉", "⟩", "»", "≫", "﹥", "&gt;", "&#62;", "&#X3E;", "ᐳ"), {
    minLength: 1,
    maxLength: 3,
  })
  .map((parts) => parts.join(""));
// Spells a word with per-letter case flips and look-alike swaps, optionally with separators inside.
const spelled = (word: string) =>
  fc
    .tuple(
      fc.array(fc.boolean(), { minLength: word.length, maxLength: word.length }),
      fc.array(fc.constantFrom("", "", "", "\u200b", " ", "_"), {
        minLength: word.length,
        maxLength: word.length,
      }),
    )
    .map(([flips, gaps]) =>
      Array.from(word)
        .map((letter, index) => {
          const swapped = { O: "0", I: "1", E: "Е", C: "С" }[letter];
          const chosen = flips[index] && swapped !== undefined ? swapped : letter;
          return `${index > 0 ? gaps[index] : ""}${index % 2 === 0 ? chosen : chosen.toLowerCase()}`;
        })
        .join(""),
    );
// A whole delimiter in some disguise, cut into pieces a caller can send as separate messages.
const disguisedDelimiter = fc
  .tuple(
    openers,
    separator,
    fc.oneof(spelled("BEGIN"), spelled("END")),
    separator,
    spelled("OPENCLAW"),
    separator,
    spelled("INTERNAL"),
    separator,
    spelled("CONTEXT"),
    separator,
    closers,
  )
  .map((parts) => parts.join(""));

const attackText = fc.oneof(
  disguisedDelimiter,
  fc
    .tuple(disguisedDelimiter, fc.nat(), fc.constantFrom(...FRAGMENTS))
    .map(([text, cut, noise]) => {
      const at = cut % (text.length + 1);
      return `${text.slice(0, at)}${noise}${text.slice(at)}`;
    }),
  fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 24 }).map((parts) => parts.join("")),
  fc.string({ unit: "binary", maxLength: 60 }),
  fc
    .tuple(
      fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 12 }),
      fc.string({ unit: "grapheme", maxLength: 10 }),
    )
    .map(([parts, noise]) => parts.join(noise.slice(0, 1))),
);

const RUNS = { numRuns: 600 };

describe("inbound projection properties (version 4)", () => {
  it("generates real attacks: most disguised delimiters are detected before projection", () => {
    const samples = fc.sample(disguisedDelimiter, { numRuns: 200, seed: 6 });
    const detected = samples.filter((text) => parseInternalContextDelimiters(text).length > 0);
    expect(detected.length).toBeGreaterThan(150);
  });

  it("leaves nothing the carrier parser accepts as a delimiter", () => {
    fc.assert(
      fc.property(attackText, (text) => {
        expect(parseInternalContextDelimiters(projectInboundText(text, V4).text)).toEqual([]);
      }),
      RUNS,
    );
  });

  it("is idempotent: projecting a projection changes nothing", () => {
    fc.assert(
      fc.property(attackText, fc.constantFrom("message", "context" as const), (text, kind) => {
        const once = projectInboundText(text, { ...V4, kind });
        const twice = projectInboundText(once.text, { ...V4, kind });
        expect(twice).toEqual({ text: once.text, changed: false });
      }),
      RUNS,
    );
  });

  it("keeps separately projected messages safe when concatenated", () => {
    fc.assert(
      fc.property(
        fc.array(attackText, { minLength: 2, maxLength: 3 }),
        fc.constantFrom("", "\n", " "),
        (texts, joiner) => {
          const joined = texts.map((text) => projectInboundText(text, V4).text).join(joiner);
          expect(parseInternalContextDelimiters(joined)).toEqual([]);
        },
      ),
      RUNS,
    );
  });

  it("keeps a delimiter cut across messages from reassembling", () => {
    fc.assert(
      fc.property(disguisedDelimiter, fc.nat(), fc.nat(), (text, first, second) => {
        const cuts = [first % (text.length + 1), second % (text.length + 1)].sort((a, b) => a - b);
        const pieces = [text.slice(0, cuts[0]), text.slice(cuts[0], cuts[1]), text.slice(cuts[1])];
        const joined = pieces.map((piece) => projectInboundText(piece, V4).text).join("");
        expect(parseInternalContextDelimiters(joined)).toEqual([]);
      }),
      RUNS,
    );
  });

  it("never changes the stored message or its role", () => {
    fc.assert(
      fc.property(attackText, fc.constantFrom("user", "assistant", "tool"), (text, role) => {
        const stored = Object.freeze({ role, text });
        const copy = { ...stored };
        const { message } = projectInboundMessage(stored, V4);
        expect(stored).toEqual(copy);
        expect(message.role).toBe(role);
      }),
      RUNS,
    );
  });

  it("reports changed exactly when the text differs", () => {
    fc.assert(
      fc.property(attackText, (text) => {
        const projection = projectInboundText(text, V4);
        expect(projection.changed).toBe(projection.text !== text);
      }),
      RUNS,
    );
  });
});

const factText = fc.oneof(attackText, fc.string({ maxLength: 12 }));
const snapshotArb: fc.Arbitrary<RuntimeContextSnapshot> = fc.record(
  {
    exec: fc.array(
      fc.record(
        {
          id: factText,
          command: factText,
          state: fc.constantFrom("running", "exited", "failed", "killed" as const),
          startedAt: factText,
          cwd: factText,
        },
        { requiredKeys: ["id", "command", "state", "startedAt"] },
      ),
      { maxLength: 4 },
    ),
    subagents: fc.array(
      fc.record({
        id: factText,
        label: factText,
        state: fc.constantFrom("queued", "running", "completed", "failed", "cancelled" as const),
        mode: fc.constantFrom("announce", "collect" as const),
      }),
      { maxLength: 4 },
    ),
    media: fc.record({
      enabledTools: fc.array(
        fc.oneof(fc.constantFrom("image_generate", "video_generate"), factText),
        {
          maxLength: 3,
        },
      ),
      tasks: fc.array(
        fc.record(
          {
            id: factText,
            tool: fc.oneof(fc.constantFrom("image_generate", "video_generate"), factText),
            state: fc.constantFrom("queued", "running", "completed", "failed" as const),
            requester: fc.constantFrom("alice", "bob", "owner"),
            promptSummary: factText,
          },
          { requiredKeys: ["id", "tool", "state"] },
        ),
        { maxLength: 5 },
      ),
    }),
    heartbeats: fc.array(
      fc.record(
        {
          id: factText,
          finishedAt: fc.oneof(fc.constantFrom("2026-11-30T07:00Z", "2026-11-30T07:30Z"), factText),
          outcome: fc.constantFrom("ok", "alerted", "failed" as const),
          summary: factText,
        },
        { requiredKeys: ["id", "finishedAt", "outcome"] },
      ),
      { maxLength: 4 },
    ),
  },
  { requiredKeys: [] },
);

describe("runtime context carrier properties", () => {
  it("round-trips: the parser recovers exactly the facts put in", () => {
    fc.assert(
      fc.property(snapshotArb, fc.constantFrom("alice", "owner"), (snapshot, requester) => {
        const options = { requester, sessionOwner: "owner" };
        const carrier = buildRuntimeContextCarrier(snapshot, options);
        const parsed = parseRuntimeContextCarrier(carrier);
        expect(parsed.diagnostics).toEqual([]);
        expect(parsed.facts).toEqual(resolveRuntimeContextCarrierFacts(snapshot, options));
      }),
      RUNS,
    );
  });

  it("holds exactly two delimiters, the first line and the last", () => {
    fc.assert(
      fc.property(snapshotArb, (snapshot) => {
        const carrier = buildRuntimeContextCarrier(snapshot, { sessionOwner: "owner" });
        const matches = parseInternalContextDelimiters(carrier);
        expect(matches.map((match) => match.kind)).toEqual(["begin", "end"]);
        expect(matches[0]?.start).toBe(0);
        expect(matches[1]?.end).toBe(carrier.length);
      }),
      RUNS,
    );
  });

  it("resolving resolved facts changes nothing", () => {
    fc.assert(
      fc.property(snapshotArb, (snapshot) => {
        const options = { sessionOwner: "owner" };
        const facts = resolveRuntimeContextCarrierFacts(snapshot, options);
        expect(buildRuntimeContextCarrier(facts, options)).toBe(
          buildRuntimeContextCarrier(snapshot, options),
        );
      }),
      RUNS,
    );
  });
});
