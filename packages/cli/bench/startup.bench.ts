// Start-up of the `promptstack` command, timed as whole processes (spawn to exit) on the demo.
// The built rows need `pnpm build` first and are skipped without it. Numbers and the profile
// that drove the bundled bin, its V8 code cache and the o200k rank table: docs/cli.md "Start-up".
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bench, describe } from "vitest";

const REPO_ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const CLI_DIR = join(REPO_ROOT, "packages", "cli");
/** The rank table the CLI's build writes beside its bundle, as a URL string literal. */
const RANK_TABLE = JSON.stringify(
  pathToFileURL(join(CLI_DIR, "dist", "o200k-rank-table.bin")).href,
);
const BIN = join(CLI_DIR, "bin", "promptstack.cjs");
const UNBUNDLED = join(CLI_DIR, "dist", "bin.js");
const BUNDLE = join(CLI_DIR, "dist", "bundle", "promptstack.cjs");
const built = existsSync(BUNDLE) && existsSync(join(CLI_DIR, "dist", "load-bin-bundle.js"));

/** Each row spawns a process: ten runs after one warm-up, no time budget. */
const RUNS = { iterations: 10, warmupIterations: 1, time: 0, warmupTime: 0 };

function run(args: readonly string[], cwd: string = REPO_ROOT): void {
  const result = spawnSync(process.execPath, args, {
    cwd,
    env: { ...process.env, NO_COLOR: "1", INIT_CWD: "" },
    stdio: "ignore",
  });
  if (result.status !== 0) throw new Error(`node ${args.join(" ")} exited ${result.status}`);
}

describe.skipIf(!built)("promptstack start-up, built package (pnpm build first)", () => {
  bench("node -e 0 (the floor: Node itself)", () => run(["-e", "0"]), RUNS);
  bench("bundled bin: --version", () => run([BIN, "--version"]), RUNS);
  bench("bundled bin: render, piped (no tokenizer)", () => run([BIN, "render"]), RUNS);
  bench("bundled bin: render --json", () => run([BIN, "render", "--json"]), RUNS);
  // The same bundle compiled from its source, as on a Node whose V8 rejects the shipped cache.
  bench(
    "bundled bin without its code cache: render --json",
    () =>
      run(
        [
          "--input-type=module",
          "-e",
          `import { loadBinBundle } from "./dist/load-bin-bundle.js";
process.argv.splice(1, process.argv.length, "promptstack", "render", "--json");
loadBinBundle(${JSON.stringify(BUNDLE)}, null).run();`,
        ],
        CLI_DIR,
      ),
    RUNS,
  );
  bench("bundled bin: context list", () => run([BIN, "context", "list"]), RUNS);
  bench("unbundled dist/bin.js: render --json", () => run([UNBUNDLED, "render", "--json"]), RUNS);
});

// One process each: load the o200k counter and count the demo's files once, cold. The rank-table
// row imports @promptstack/o200k's built dist.
const COUNT_DEMO = `import { readFileSync, readdirSync } from "node:fs";
const dir = ${JSON.stringify(join(REPO_ROOT, "fixtures", "workspaces", "demo"))};
const texts = readdirSync(dir).filter((name) => name.endsWith(".md")).map((name) => readFileSync(dir + "/" + name, "utf8"));`;

/** A bench row that runs one ES module (its source made per run) in a fresh process in the package. */
function benchModule(label: string, source: () => string): void {
  bench(label, () => run(["--input-type=module", "-e", source()], CLI_DIR), RUNS);
}

describe.skipIf(!built)(
  "o200k token counting, cold: load the counter, count the demo files",
  () => {
    // A fresh process loads one counter (the import and the call that makes it), then counts.
    const countCold = (label: string, makeCounter: string) =>
      benchModule(
        label,
        () => `${COUNT_DEMO}
${makeCounter}
for (const text of texts) counter.countTokens(text);`,
      );
    countCold(
      "gpt-tokenizer's countTokens (the libraries' counter before @promptstack/o200k)",
      `const { countTokens } = await import("gpt-tokenizer/encoding/o200k_base");
const counter = { countTokens: (text) => countTokens(text, { disallowedSpecial: new Set() }) };`,
    );
    countCold(
      "@promptstack/o200k over the build's rank table (the installed CLI's counter)",
      `const { loadO200kTokenCounter } = await import("@promptstack/o200k");
const counter = await loadO200kTokenCounter({ rankTableUrl: new URL(${RANK_TABLE}) });`,
    );
  },
);

// One process each: load the rank-table counter and count the demo's rendered prompt as
// `render --json` does (each section, the whole text, its stable prefix), with and without the
// build's line count seed of the renderer's built-in prose (docs/decisions/0010).
describe.skipIf(!built)(
  "o200k token counting, cold: count a render's prompt, with and without the line count seed",
  () => {
    // Written on the first (warm-up) run of a row: the demo's prompt, cut as the counter sees it.
    let promptFile: string | undefined;
    const writePromptFile = (): string => {
      const result = spawnSync(process.execPath, [BIN, "render", "--json"], {
        cwd: REPO_ROOT,
        env: { ...process.env, NO_COLOR: "1", INIT_CWD: "" },
        encoding: "utf8",
      });
      if (result.status !== 0) throw new Error(`render --json exited ${result.status}`);
      const { text, boundary } = JSON.parse(result.stdout) as { text: string; boundary: number };
      // Beside the other build caches of this package (node_modules/.cache), rewritten each time.
      const file = join(CLI_DIR, "node_modules", ".cache", "bench-demo-prompt.json");
      mkdirSync(dirname(file), { recursive: true });
      // The sections (the prompt cut before each heading), the whole text, its stable prefix.
      const sections = text.split(/(?=^## )/m);
      writeFileSync(file, JSON.stringify([...sections, text, text.slice(0, boundary)]));
      return file;
    };
    const countPrompt = (label: string, seed: string) =>
      benchModule(
        label,
        () => `import { readFileSync } from "node:fs";
const { loadO200kTokenCounter } = await import("@promptstack/o200k");
const counter = await loadO200kTokenCounter({ rankTableUrl: new URL(${RANK_TABLE}), seedUrl: ${seed} });
for (const text of JSON.parse(readFileSync(${JSON.stringify((promptFile ??= writePromptFile()))}, "utf8"))) counter.countTokens(text);`,
      );
    countPrompt("the build's rank table, no seed", 'new URL("file:///no-seed.json")');
    countPrompt(
      "the build's rank table and its line count seed (the installed CLI)",
      `new URL(${JSON.stringify(pathToFileURL(join(CLI_DIR, "dist", "o200k-line-counts.json")).href)})`,
    );
  },
);

describe("promptstack start-up in the repository (pnpm promptstack)", () => {
  const launcher = join(REPO_ROOT, "scripts", "promptstack.mjs");
  const source = join(CLI_DIR, "src", "bin.ts");
  // Builds the launcher's bundle once if a source changed, so the rows time warm runs.
  run([launcher, "--prepare"]);
  bench(
    "node scripts/promptstack.mjs render (the pnpm promptstack script: a fresh bundle of the sources)",
    () => run([launcher, "render"]),
    RUNS,
  );
  bench(
    "node --import tsx src/bin.ts render (the sources through a TypeScript loader, before)",
    () => run(["--conditions=@promptstack/source", "--import", "tsx", source, "render"]),
    RUNS,
  );
});
