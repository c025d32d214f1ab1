import { thrownBy } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import type { AgentTurnParts } from "./build-agent-turn.js";
import { createPrefixPin } from "./create-prefix-pin.js";

/**
 * Only the parts a pin reads and keeps; `turn` tells one turn's objects from another's, so the
 * result shows which turn each part came from.
 */
function partsOf(
  turn: string,
  extra: {
    config?: object;
    sectionsFile?: object;
    time?: string;
    sessionKind?: string;
    promptMode?: string;
    dir?: string;
  } = {},
): AgentTurnParts {
  return {
    agentId: "main",
    facts: {
      sessionKind: extra.sessionKind ?? "main",
      time: { date: "2026-11-29", time: extra.time },
    },
    promptMode: extra.promptMode ?? "full",
    workspace: { dir: extra.dir ?? "/ws" },
    config: extra.config ?? {},
    resolved: { turn },
    bootstrap: { files: [], stats: [], turn },
    rawByPath: new Map([["turn", turn]]),
    skills: { all: [], turn },
    turnInput: { turn },
    paths: { show: (path: string) => path },
    ...(extra.sectionsFile === undefined ? {} : { sectionsFile: extra.sectionsFile }),
  } as unknown as AgentTurnParts;
}

const SESSION = { prefixPolicy: "session", now: 1000 } as const;
const CONFIG_LINE =
  "- The config changed (agents); settings in the system prompt may be out of date.";
const SECTIONS_LINE =
  "- The sections file changed; sections in the system prompt may be out of date.";
const CONFIG_CHANGE = { kind: "config", name: "agents", change: "edited", chars: 0 };
const SECTIONS_CHANGE = { kind: "config", name: "sections file", change: "edited", chars: 0 };

/** What a turn that (re)pins returns: its own parts, and the reason. */
function pinned(parts: AgentTurnParts, reason: string, pinnedAt?: number) {
  return {
    parts,
    prefix: {
      policy: "session",
      ...(pinnedAt === undefined ? {} : { pinnedAt }),
      refreshed: { reason },
      pendingChanges: [],
      noteChars: 0,
    },
  };
}

/** `parts` with the stable parts a pin keeps taken from `pinnedFrom`. */
function withPinnedStable(parts: AgentTurnParts, pinnedFrom: AgentTurnParts): AgentTurnParts {
  return {
    ...parts,
    config: pinnedFrom.config,
    resolved: pinnedFrom.resolved,
    bootstrap: pinnedFrom.bootstrap,
    rawByPath: pinnedFrom.rawByPath,
    skills: pinnedFrom.skills,
  };
}

describe("createPrefixPin", () => {
  it("keeps the pinned stable parts and sections file, and carries the change note", () => {
    const pin = createPrefixPin();
    const first = partsOf("first", { config: {}, sectionsFile: { blocks: "first" } });
    expect(pin.apply(first, SESSION)).toStrictEqual(pinned(first, "start", 1000));
    const second = partsOf("second", {
      config: { agents: {} },
      sectionsFile: { blocks: "second" },
    });
    expect(pin.apply(second, { ...SESSION, now: 2000 })).toStrictEqual({
      parts: {
        ...withPinnedStable(second, first),
        sectionsFile: { blocks: "first" },
        workspaceChanges: [CONFIG_LINE, SECTIONS_LINE],
      },
      prefix: {
        policy: "session",
        pinnedAt: 1000,
        pendingChanges: [CONFIG_CHANGE, SECTIONS_CHANGE],
        // Each line and its newline: 81 + 79.
        noteChars: 160,
      },
    });
  });

  it("adds no sections file when the pinned turn had none, even if the current one has", () => {
    const pin = createPrefixPin();
    const first = partsOf("first");
    pin.apply(first, SESSION);
    const second = partsOf("second", { sectionsFile: { blocks: "second" } });
    const { sectionsFile: _dropped, ...rest } = second;
    expect(pin.apply(second, SESSION)).toStrictEqual({
      parts: {
        ...withPinnedStable(rest, first),
        workspaceChanges: [SECTIONS_LINE],
      },
      prefix: {
        policy: "session",
        pinnedAt: 1000,
        pendingChanges: [SECTIONS_CHANGE],
        noteChars: 79,
      },
    });
  });

  it("without changes or a known time, adds no change note and no pinnedAt", () => {
    const pin = createPrefixPin({ policy: "session" });
    const first = partsOf("first");
    expect(pin.apply(first, {})).toStrictEqual(pinned(first, "start"));
    const second = partsOf("second");
    expect(pin.apply(second, {})).toStrictEqual({
      parts: {
        ...withPinnedStable(second, first),
      },
      prefix: { policy: "session", pendingChanges: [], noteChars: 0 },
    });
  });

  it("keeps a note exactly at maxNoteChars and refreshes on one past it", () => {
    const atLimit = createPrefixPin({ maxNoteChars: 81 });
    atLimit.apply(partsOf("first"), SESSION);
    expect(
      atLimit.apply(partsOf("second", { config: { agents: {} } }), SESSION).prefix,
    ).toStrictEqual({
      policy: "session",
      pinnedAt: 1000,
      pendingChanges: [CONFIG_CHANGE],
      noteChars: 81,
    });
    const pastLimit = createPrefixPin({ maxNoteChars: 80 });
    pastLimit.apply(partsOf("first"), SESSION);
    const second = partsOf("second", { config: { agents: {} } });
    expect(pastLimit.apply(second, SESSION)).toStrictEqual(pinned(second, "note-limit", 1000));
  });

  it("pins afresh for another session kind, prompt mode or workspace", () => {
    const pin = createPrefixPin({ policy: "session" });
    pin.apply(partsOf("first"), SESSION);
    for (const other of [{ sessionKind: "cron" }, { promptMode: "minimal" }, { dir: "/other" }]) {
      const parts = partsOf("other", other);
      expect(pin.apply(parts, SESSION)).toStrictEqual(pinned(parts, "start", 1000));
    }
  });

  it("takes a Date as the time, and goes cold only past the TTL (0 allowed)", () => {
    const pin = createPrefixPin({ policy: "session", ttlMs: 0 });
    const first = partsOf("first");
    expect(pin.apply(first, { now: new Date(1000) })).toStrictEqual(pinned(first, "start", 1000));
    expect(pin.apply(partsOf("same time"), { now: new Date(1000) }).prefix).toStrictEqual({
      policy: "session",
      pinnedAt: 1000,
      pendingChanges: [],
      noteChars: 0,
    });
    const later = partsOf("one ms later");
    expect(pin.apply(later, { now: new Date(1001) })).toStrictEqual(
      pinned(later, "cold-cache", 1001),
    );
  });

  it("rejects a time that is not finite, at now", () => {
    const pin = createPrefixPin();
    expect(thrownBy(() => pin.apply(partsOf("first"), { now: Number.NaN }))).toMatchObject({
      name: "AgentError",
      code: "AGENT_INVALID_OPTIONS",
      message: "now must be a finite time, got NaN.",
      path: "now",
      hint: "Pass Date.now() or a Date.",
    });
  });

  it("rejects an unknown policy, in the options or for one turn, at prefixPolicy", () => {
    const error = {
      name: "AgentError",
      code: "AGENT_INVALID_OPTIONS",
      message: 'prefixPolicy must be "live" or "session", got "pinned".',
      path: "prefixPolicy",
      hint: 'Pass "live" (the default) or "session".',
    };
    expect(thrownBy(() => createPrefixPin({ policy: "pinned" as never }))).toMatchObject(error);
    const pin = createPrefixPin();
    expect(
      thrownBy(() => pin.apply(partsOf("first"), { prefixPolicy: "pinned" as never })),
    ).toMatchObject(error);
  });

  it("rejects a negative or infinite TTL or a NaN note limit, at their option names", () => {
    expect(thrownBy(() => createPrefixPin({ ttlMs: -1 }))).toMatchObject({
      name: "AgentError",
      code: "AGENT_INVALID_OPTIONS",
      message: "prefixTtlMs must be a non-negative number, got -1.",
      path: "prefixTtlMs",
      hint: undefined,
    });
    expect(thrownBy(() => createPrefixPin({ ttlMs: Number.POSITIVE_INFINITY }))).toMatchObject({
      name: "AgentError",
      code: "AGENT_INVALID_OPTIONS",
      message: "prefixTtlMs must be a non-negative number, got Infinity.",
      path: "prefixTtlMs",
      hint: undefined,
    });
    expect(thrownBy(() => createPrefixPin({ maxNoteChars: Number.NaN }))).toMatchObject({
      name: "AgentError",
      code: "AGENT_INVALID_OPTIONS",
      message: "maxChangeNoteChars must be a non-negative number, got NaN.",
      path: "maxChangeNoteChars",
      hint: undefined,
    });
  });
});
