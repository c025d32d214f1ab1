import { appendFileSync, cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_WORKSPACE, createDemoTurns } from "@promptstack-tools/test-utils";
import { bench, describe } from "vitest";
import type { PrefixPolicy } from "../src/index.js";

// Issue 33: a turn under `session` costs no more than under `live`. Each policy gets its own copy
// of the demo workspace; every fifth call appends a line to MEMORY.md first (the demo target's
// edit rate), and turns are a minute apart, so the session's cache stays warm.
async function setUp(prefixPolicy: PrefixPolicy) {
  const dir = join(
    mkdtempSync(join(tmpdir(), `promptstack-prefix-bench-${prefixPolicy}-`)),
    "demo",
  );
  cpSync(DEMO_WORKSPACE, dir, { recursive: true });
  return { dir, demo: await createDemoTurns({ prefixPolicy, workspaceDir: dir }), call: 0 };
}

const runs = { live: await setUp("live"), session: await setUp("session") };

describe("a turn with a MEMORY.md edit every fifth turn", () => {
  for (const policy of ["live", "session"] as const) {
    bench(`${policy}`, async () => {
      const run = runs[policy];
      run.call += 1;
      if (run.call % 5 === 0) appendFileSync(join(run.dir, "MEMORY.md"), `- note ${run.call}\n`);
      // Same day for every turn; the clock moves a minute per turn.
      await run.demo.turn(1, { now: run.call * 60_000 });
    });
  }
});
