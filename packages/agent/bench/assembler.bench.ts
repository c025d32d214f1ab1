import { cpSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseRunFacts } from "@promptstack/config";
import type { RunFacts } from "@promptstack/config";
import { bench, describe } from "vitest";
import { createPromptAssembler, loadAgentTurn } from "../src/index.js";
import type { PromptAssemblerOptions } from "../src/index.js";

// The demo workspace (6 bootstrap files, its skill roots), copied so the bench never touches
// the fixture. Warm turns differ in their facts every call, as a live agent's do.
const demo = join(mkdtempSync(join(tmpdir(), "promptstack-agent-bench-")), "demo");
cpSync(fileURLToPath(new URL("../../../fixtures/workspaces/demo", import.meta.url)), demo, {
  recursive: true,
});
const roots = join(demo, ".demo-roots");
const environment = JSON.parse(readFileSync(join(roots, "environment.json"), "utf8")) as {
  platform: string;
  bins: string[];
  env: Record<string, string>;
};
const options: PromptAssemblerOptions = {
  config: join(demo, "config.json5"),
  workspaceDir: demo,
  extraSkillRoots: [
    { tier: "plugin", dir: join(roots, "plugins", "voice-call", "skills"), pluginId: "voice-call" },
    { tier: "bundled", dir: join(roots, "bundled") },
    { tier: "managed", dir: join(roots, "managed") },
  ],
  skillEnvironment: {
    platform: environment.platform,
    env: environment.env,
    hasBin: (name) => environment.bins.includes(name),
  },
};
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

  bench("cold loadAgentTurn (after import)", async () => {
    await loadAgentTurn({ ...options, facts });
  });
});
