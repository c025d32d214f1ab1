import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { findBuiltCli } from "./find-built-cli.js";

const CLI_DIR = fileURLToPath(new URL("..", import.meta.url));
const BUILT = findBuiltCli();

// The installed command compiles its bundle from the V8 code cache the build wrote
// (scripts/bundle-bin.mjs). Checked in a fresh Node (the loader's source through tsx, which sets
// no V8 flag): V8 accepts a cache only under the flags it was made with, and a test worker may
// run with others. Reads `dist/` or the launcher's build (find-built-cli.ts).
describe.skipIf(BUILT === undefined)("the built command's V8 code cache", () => {
  it("is accepted by the Node that built it, and the command runs from it", () => {
    const result = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        `import { loadBinBundle } from "./src/load-bin-bundle.ts";
const bundle = loadBinBundle(${JSON.stringify(`${BUILT}bundle/promptstack.cjs`)});
process.stderr.write(JSON.stringify({ cacheRejected: bundle.cacheRejected }));
process.argv = [process.argv[0], "promptstack", "--version"];
bundle.run();`,
      ],
      { cwd: CLI_DIR, encoding: "utf8" },
    );
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stderr)).toEqual({ cacheRejected: false });
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
