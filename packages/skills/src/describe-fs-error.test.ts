import { describe, expect, it } from "vitest";
import { describeFsError, errorCode, outsideRoot, tooLarge } from "./describe-fs-error.js";

describe("describeFsError", () => {
  it("names a file system error by its code", () => {
    const error = Object.assign(new Error("EACCES: permission denied, open '/x'"), {
      code: "EACCES",
    });
    expect(errorCode(error)).toBe("EACCES");
    expect(describeFsError(error)).toBe("EACCES");
  });

  it("gives the first line of an error without a code", () => {
    expect(describeFsError(new Error("disk on fire"))).toBe("disk on fire");
    expect(describeFsError(new Error("first line\nsecond line"))).toBe("first line");
    expect(describeFsError(Object.assign(new Error("no code"), { code: 7 }))).toBe("no code");
  });

  it("says unknown error for a thrown value that is not an Error", () => {
    expect(errorCode("EACCES")).toBeUndefined();
    expect(describeFsError("EACCES")).toBe("unknown error");
    expect(describeFsError(undefined)).toBe("unknown error");
    expect(describeFsError(null)).toBe("unknown error");
  });
});

describe("outsideRoot", () => {
  it("warns that a link leaving its root was skipped, and how to keep it", () => {
    expect(outsideRoot("/skills/a/SKILL.md", "/elsewhere/SKILL.md")).toEqual({
      code: "SKILLS_SYMLINK_OUTSIDE_ROOT",
      severity: "warning",
      message:
        "Symlink /skills/a/SKILL.md resolves to /elsewhere/SKILL.md, outside its skill root; it was skipped.",
      path: "/skills/a/SKILL.md",
      hint: "Add the target folder as its own skill root, or copy the skill into this root.",
    });
  });
});

describe("tooLarge", () => {
  it("reports a SKILL.md over the byte bound as an error with the bound", () => {
    expect(tooLarge("/skills/big/SKILL.md", 1000)).toEqual({
      code: "SKILL_TOO_LARGE",
      severity: "error",
      message: "SKILL.md is larger than 1000 bytes; the skill was skipped.",
      path: "/skills/big/SKILL.md",
      hint: "Move long material into files next to SKILL.md and link to them.",
    });
  });
});
