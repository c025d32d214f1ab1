import { mkdir, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createTempDir } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { createDisplayPaths } from "./create-display-paths.js";
import { loadTurnStart } from "./load-turn-start.js";
import type { LoadTurnStartOptions } from "./load-turn-start.js";

/** A turn start over `workspaceDir`, shown as `/shown/ws`, dated 2026-11-29. */
function startOptions(
  workspaceDir: string,
  extra: Partial<LoadTurnStartOptions> = {},
): LoadTurnStartOptions {
  return {
    workspaceDir,
    seed: false,
    today: "2026-11-29",
    startupMaxChars: 8000,
    paths: createDisplayPaths([{ real: workspaceDir, shown: "/shown/ws" }]),
    ...extra,
  };
}

describe("loadTurnStart", () => {
  it("seeds a new workspace once, with an info diagnostic naming the files shown", async () => {
    const workspaceDir = join(createTempDir("promptstack-turn-start-"), "ws");
    const first = await loadTurnStart(startOptions(workspaceDir, { seed: true }));
    expect(first).toEqual({
      seeded: true,
      diagnostics: [
        {
          code: "AGENT_WORKSPACE_SEEDED",
          severity: "info",
          message:
            "Seeded AGENTS.md, SOUL.md, IDENTITY.md, USER.md, BOOTSTRAP.md into the new workspace /shown/ws.",
          path: "/shown/ws",
          hint: "Fill in the seeded files; BOOTSTRAP.md guides the first conversation.",
        },
      ],
    });
    expect((await readdir(workspaceDir)).sort()).toEqual([
      "AGENTS.md",
      "BOOTSTRAP.md",
      "IDENTITY.md",
      "SOUL.md",
      "USER.md",
    ]);
    // Nothing left to write: not seeded, no diagnostic.
    expect(await loadTurnStart(startOptions(workspaceDir, { seed: true }))).toEqual({
      seeded: false,
      diagnostics: [],
    });
  });

  it("writes nothing without seed", async () => {
    const workspaceDir = createTempDir("promptstack-turn-start-");
    expect(await loadTurnStart(startOptions(workspaceDir))).toEqual({
      seeded: false,
      diagnostics: [],
    });
    expect(await readdir(workspaceDir)).toEqual([]);
  });

  it("adds the start-up block of recent daily memory on a bare /new or /reset only", async () => {
    const workspaceDir = createTempDir("promptstack-turn-start-");
    await mkdir(join(workspaceDir, "memory"));
    await writeFile(join(workspaceDir, "memory", "2026-11-28.md"), "- the train was late\n");
    const withBlock = {
      seeded: false,
      startup:
        "[Startup context: recent daily memory, included once for this first turn]\n\n## memory/2026-11-28.md\n- the train was late",
      diagnostics: [],
    };
    expect(await loadTurnStart(startOptions(workspaceDir, { userText: " /NEW " }))).toEqual(
      withBlock,
    );
    expect(await loadTurnStart(startOptions(workspaceDir, { userText: "/reset" }))).toEqual(
      withBlock,
    );
    expect(await loadTurnStart(startOptions(workspaceDir, { userText: "/new please" }))).toEqual({
      seeded: false,
      diagnostics: [],
    });
    expect(await loadTurnStart(startOptions(workspaceDir))).toEqual({
      seeded: false,
      diagnostics: [],
    });
  });

  it("adds no start-up block when there is no daily memory", async () => {
    const workspaceDir = createTempDir("promptstack-turn-start-");
    expect(await loadTurnStart(startOptions(workspaceDir, { userText: "/new" }))).toEqual({
      seeded: false,
      diagnostics: [],
    });
  });

  it("skips the start-up block with a warning when the date is not YYYY-MM-DD", async () => {
    const workspaceDir = createTempDir("promptstack-turn-start-");
    await mkdir(join(workspaceDir, "memory"));
    await writeFile(join(workspaceDir, "memory", "2026-11-28.md"), "- the train was late\n");
    expect(
      await loadTurnStart(startOptions(workspaceDir, { userText: "/new", today: "29.11.2026" })),
    ).toEqual({
      seeded: false,
      diagnostics: [
        {
          code: "AGENT_STARTUP_CONTEXT_SKIPPED",
          severity: "warning",
          message:
            'No start-up memory block: facts.time.date is "29.11.2026", not a YYYY-MM-DD date.',
          path: "time.date",
          hint: "Send the user's local date as YYYY-MM-DD in the run facts.",
        },
      ],
    });
  });
});
