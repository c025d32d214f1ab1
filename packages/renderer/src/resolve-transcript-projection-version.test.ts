import { thrownBy } from "@promptstack-tools/test-utils";
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
    // A JavaScript caller's "no header": the same as undefined.
    ["a null header (headerless legacy history)", null as unknown as undefined, 3],
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

  it.each<[string, unknown, string]>([
    ["a number", 7, "7"],
    ["NaN", Number.NaN, "(not a number)"],
    ["a string", "4", '"4"'],
    ["null", null, "(empty)"],
    ["a boolean", true, "(a value of type boolean)"],
    ["an object", { version: 4 }, "(a value of type object)"],
  ])("names a recorded version that is %s in the whole error", (_name, version, shown) => {
    const header = { origin: "fork", projectionVersion: version } as TranscriptHeader;
    expect(thrownBy(() => resolveTranscriptProjectionVersion(header))).toMatchObject({
      name: "RendererError",
      code: "RENDERER_UNKNOWN_PROJECTION_VERSION",
      message: `Unknown transcript projection version ${shown} at header.projectionVersion; known versions are 3 and 4. Nothing was submitted to the model.`,
      path: "header.projectionVersion",
      hint: "Resolve the version with resolveTranscriptProjectionVersion(header), or repair the transcript header with the doctor.",
    });
  });

  it.each<[string, unknown, string]>([
    ["missing", undefined, "(missing)"],
    ["null", null, "(empty)"],
    ["a number", 1, "1"],
  ])("names an origin that is %s in the whole error", (_name, origin, shown) => {
    const header = { origin } as unknown as TranscriptHeader;
    expect(thrownBy(() => resolveTranscriptProjectionVersion(header))).toMatchObject({
      name: "RendererError",
      code: "RENDERER_INVALID_INPUT",
      message: `Unknown transcript origin ${shown} at header.origin; expected one of new, existing, fork, resume, reset, compaction, adopted.`,
      path: "header.origin",
      hint: "Record where the transcript came from in its header.",
    });
  });
});
