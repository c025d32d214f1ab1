import { appendFileSync, cpSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseRunFacts } from "@promptstack/config";
import type { RunFacts } from "@promptstack/config";
import { bench, describe } from "vitest";
import { createPromptAssembler } from "../src/index.js";
import type { PrefixPolicy, PromptAssembler } from "../src/index.js";

// Issue 33: a turn under `session` costs no more than under `live`. Each policy gets its own copy
// of the demo workspace; every fifth call appends a line to MEMORY.md first (the demo target's
// edit rate), and turns are a minute apart, so the session's cache stays warm.
const source = fileURLToPath(new URL("../../../fixtures/workspaces/demo", import.meta.url));

async function setUp(policy: PrefixPolicy): Promise<{ dir: string; assembler: PromptAssembler }> {
  const dir = join(mkdtempSync(join(tmpdir(), `promptstack-prefix-bench-${policy}-`)), "demo");
  cpSync(source, dir, { recursive: true });
  const roots = join(dir, ".demo-roots");
  const environment = JSON.parse(readFileSync(join(roots, "environment.json"), "utf8")) as {
    platform: string;
    bins: string[];
    env: Record<string, string>;
  };
  const assembler = await createPromptAssembler({
    config: join(dir, "config.json5"),
    workspaceDir: dir,
    prefixPolicy: policy,
    extraSkillRoots: [
      {
        tier: "plugin",
        dir: join(roots, "plugins", "voice-call", "skills"),
        pluginId: "voice-call",
      },
      { tier: "bundled", dir: join(roots, "bundled") },
      { tier: "managed", dir: join(roots, "managed") },
    ],
    skillEnvironment: {
      platform: environment.platform,
      env: environment.env,
      hasBin: (name) => environment.bins.includes(name),
    },
  });
  return { dir, assembler };
}

const facts: RunFacts = parseRunFacts(JSON.parse(readFileSync(join(source, "facts.json"), "utf8")));
const runs = {
  live: { ...(await setUp("live")), call: 0 },
  session: { ...(await setUp("session")), call: 0 },
};

describe("a turn with a MEMORY.md edit every fifth turn", () => {
  for (const policy of ["live", "session"] as const) {
    bench(`${policy}`, async () => {
      const run = runs[policy];
      run.call += 1;
      if (run.call % 5 === 0) appendFileSync(join(run.dir, "MEMORY.md"), `- note ${run.call}\n`);
      await run.assembler.turn(
        { ...facts, sender: `Caller ${run.call}` },
        { now: run.call * 60_000 },
      );
    });
  }
});
