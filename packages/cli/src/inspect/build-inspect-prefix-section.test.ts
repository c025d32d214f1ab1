import { describe, expect, it } from "vitest";
import { formatInspectPrefix } from "./build-inspect-prefix-section.js";
import type { InspectPrefix } from "./inspect-view.js";

const PINNED: InspectPrefix = {
  policy: "session",
  pinnedAt: "2026-11-29T09:12:40.000Z",
  renders: 3,
  lastRefresh: { reason: "start", render: 1 },
  pendingChanges: [],
  note: "",
};

describe("formatInspectPrefix", () => {
  it("names the pin to the minute in facts time, its last refresh, and no pending note", () => {
    expect(formatInspectPrefix(PINNED)).toBe(
      "Prefix policy session: pinned at 2026-11-29 09:12 (facts time); last refresh: start, render 1 of 3; no pending change notes.",
    );
  });

  it("lists each pending change; a size only for a file or skill that is still there", () => {
    const prefix: InspectPrefix = {
      ...PINNED,
      pinnedAt: null,
      lastRefresh: { reason: "cold-cache", render: 2 },
      pendingChanges: [
        { kind: "file", name: "MEMORY.md", change: "edited", chars: 1234 },
        { kind: "skill", name: "weather", change: "added", chars: 56 },
        { kind: "file", name: "USER.md", change: "removed", chars: 0 },
        { kind: "config", name: "agents.defaults", change: "edited", chars: 10 },
      ],
      note: "Changed since the pin.",
    };
    expect(formatInspectPrefix(prefix)).toBe(
      "Prefix policy session: pinned; last refresh: cold-cache, render 2 of 3; 4 pending change(s): file MEMORY.md edited, 1,234 chars; skill weather added, 56 chars; file USER.md removed; config agents.defaults edited.",
    );
  });
});
