import { cpSync, existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join } from "node:path";
import { parseRunFacts } from "@promptstack/config";
import type { RunFacts } from "@promptstack/config";
import { DEMO_WORKSPACE, createDemoAssemblerOptions } from "@promptstack-tools/test-utils";
import { bench, describe } from "vitest";
import { createPromptAssembler, loadAgentTurn } from "../src/index.js";
import { readFileStamp } from "../src/read-file-stamp.js";

// The demo workspace (6 bootstrap files, its skill roots), copied so the bench never touches
// the fixture. Warm turns differ in their facts every call, as a live agent's do.
const demo = join(mkdtempSync(join(tmpdir(), "promptstack-agent-bench-")), "demo");
cpSync(DEMO_WORKSPACE, demo, { recursive: true });
const options = await createDemoAssemblerOptions(demo);
const facts: RunFacts = parseRunFacts(JSON.parse(readFileSync(join(demo, "facts.json"), "utf8")));
const assembler = await createPromptAssembler(options);
const first = await assembler.turn(facts);
console.log(
  `demo: ${first.bootstrap.files.length} bootstrap files, ${first.skills.all.length} skills (${first.skills.included.length} listed)`,
);

let call = 0;
describe("@promptstack/agent on the demo workspace", () => {
  bench("warm assembler.turn(facts), nothing changed on disk, new facts each call", async () => {
    call += 1;
    await assembler.turn({
      ...facts,
      sender: `Caller ${call}`,
      time: { ...facts.time, time: `${String(call % 24).padStart(2, "0")}:00` },
    });
  });

  // The part of a warm turn that makes an edited SKILL.md visible without `watch`.
  const skillFiles = first.skills.all.map((skill) =>
    isAbsolute(skill.path) ? skill.path : join(process.cwd(), skill.path),
  );
  console.log(`SKILL.md files found: ${skillFiles.filter((file) => existsSync(file)).length}`);
  bench(
    `stat each discovered SKILL.md (${skillFiles.length} files), the per-turn edit check`,
    async () => {
      for (const file of skillFiles) await readFileStamp(file);
    },
  );

  bench("cold loadAgentTurn (after import)", async () => {
    await loadAgentTurn({ ...options, facts });
  });
});
