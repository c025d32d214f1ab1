import { describe, expect, it } from "vitest";
import { findBootstrapCaseVariants } from "./find-bootstrap-case-variants.js";

describe("findBootstrapCaseVariants", () => {
  it("says only the exact name is read when it sits next to a variant", () => {
    const variants = [
      { canonical: "MEMORY.md", entry: "MEMORY.md" },
      { canonical: "MEMORY.md", entry: "memory.md" },
      { canonical: "SOUL.md", entry: "SOUL.md" },
    ];
    const candidates = [
      { name: "SOUL.md", read: "found" },
      { name: "MEMORY.md", read: "found" },
    ] as const;
    expect(findBootstrapCaseVariants("/ws", variants, candidates)).toEqual([
      {
        code: "BOOTSTRAP_FILE_CASE_VARIANT",
        severity: "warning",
        message:
          "memory.md sits next to MEMORY.md; only MEMORY.md is read and memory.md is ignored.",
        path: "/ws/memory.md",
        hint: "Merge what memory.md holds into MEMORY.md, then delete memory.md.",
      },
    ]);
  });

  it("says a lone variant is read only because the file system ignores case, or not read", () => {
    const variants = [{ canonical: "SOUL.md", entry: "Soul.md" }];
    expect(
      findBootstrapCaseVariants("/ws", variants, [{ name: "SOUL.md", read: "found" }]),
    ).toEqual([
      {
        code: "BOOTSTRAP_FILE_CASE_VARIANT",
        severity: "warning",
        message:
          "Soul.md is read as SOUL.md only because this file system ignores case; on a case-sensitive one it is ignored.",
        path: "/ws/Soul.md",
        hint: "Rename Soul.md to SOUL.md.",
      },
    ]);
    expect(
      findBootstrapCaseVariants("/ws", variants, [{ name: "SOUL.md", read: "missing" }]),
    ).toEqual([
      {
        code: "BOOTSTRAP_FILE_CASE_VARIANT",
        severity: "warning",
        message: "Soul.md is not read: the bootstrap file is SOUL.md, spelled exactly so.",
        path: "/ws/Soul.md",
        hint: "Rename Soul.md to SOUL.md.",
      },
    ]);
  });

  it("asks for the variants to be merged when several are found and the exact name is not", () => {
    const variants = [
      { canonical: "AGENTS.md", entry: "Agents.md" },
      { canonical: "AGENTS.md", entry: "agents.md" },
    ];
    // Found or not, two variants cannot both be what the exact name opened.
    for (const read of ["missing", "found"] as const) {
      expect(findBootstrapCaseVariants("/ws", variants, [{ name: "AGENTS.md", read }])).toEqual([
        {
          code: "BOOTSTRAP_FILE_CASE_VARIANT",
          severity: "warning",
          message: "Agents.md is not read: the bootstrap file is AGENTS.md, spelled exactly so.",
          path: "/ws/Agents.md",
          hint: "Rename Agents.md to AGENTS.md (merge the other case variants into it).",
        },
        {
          code: "BOOTSTRAP_FILE_CASE_VARIANT",
          severity: "warning",
          message: "agents.md is not read: the bootstrap file is AGENTS.md, spelled exactly so.",
          path: "/ws/agents.md",
          hint: "Rename agents.md to AGENTS.md (merge the other case variants into it).",
        },
      ]);
    }
  });
});
