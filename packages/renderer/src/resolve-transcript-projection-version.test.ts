import { describe, expect, it } from "vitest";
import { RendererError } from "./renderer-error.js";
import { resolveTranscriptProjectionVersion } from "./resolve-transcript-projection-version.js";
import type { TranscriptHeader } from "./resolve-transcript-projection-version.js";

describe("resolveTranscriptProjectionVersion", () => {
  it.each<[string, TranscriptHeader | undefined, 3 | 4]>([
    ["a new session", { origin: "new" }, 4],
    [
      "an existing version-3 session after restart",
      { origin: "existing", projectionVersion: 3 },
      3,
    ],
    ["an existing version-4 session", { origin: "existing", projectionVersion: 4 }, 4],
    ["an existing header written before versions", { origin: "existing" }, 3],
    ["a fork of a version-3 transcript", { origin: "fork", projectionVersion: 3 }, 3],
    ["a fork of a version-4 transcript", { origin: "fork", projectionVersion: 4 }, 4],
    ["a resume of a version-3 transcript", { origin: "resume", projectionVersion: 3 }, 3],
    ["a reset boundary in a version-3 transcript", { origin: "reset", projectionVersion: 3 }, 3],
    ["a compaction of a version-3 transcript", { origin: "compaction", projectionVersion: 3 }, 3],
    ["a compaction of a version-4 transcript", { origin: "compaction", projectionVersion: 4 }, 4],
    ["adopted retained version-3 history", { origin: "adopted", projectionVersion: 3 }, 3],
    ["headerless legacy history (doctor repair)", undefined, 3],
  ])("%s", (_name, header, expected) => {
    expect(resolveTranscriptProjectionVersion(header)).toBe(expected);
  });

  it.each([5, 2, 0, -1, 3.5, Number.NaN, "4"])("rejects recorded version %s", (version) => {
    const header = { origin: "resume", projectionVersion: version } as TranscriptHeader;
    let caught: unknown;
    try {
      resolveTranscriptProjectionVersion(header);
    } catch (error) {
      caught = error;
    }
    expect(RendererError.isInstance(caught)).toBe(true);
    expect(caught).toMatchObject({
      code: "RENDERER_UNKNOWN_PROJECTION_VERSION",
      path: "header.projectionVersion",
    });
    expect((caught as Error).message).not.toMatch(/undefined|\[object Object\]/);
  });

  it("rejects an unknown version even on a new session", () => {
    expect(() =>
      resolveTranscriptProjectionVersion({ origin: "new", projectionVersion: 9 }),
    ).toThrow(/Unknown transcript projection version 9/);
  });

  it("rejects an unknown origin", () => {
    const header = { origin: "cloned", projectionVersion: 4 } as unknown as TranscriptHeader;
    expect(() => resolveTranscriptProjectionVersion(header)).toThrow(/header\.origin/);
  });
});
