import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const CLI_DIR = fileURLToPath(new URL("..", import.meta.url));
const built =
  existsSync(`${CLI_DIR}dist/bundle/promptstack.cjs`) &&
  existsSync(`${CLI_DIR}dist/load-bin-bundle.js`);

// The installed command compiles its bundle from the V8 code cache the build wrote
// (scripts/bundle-bin.mjs). Checked in a fresh Node: V8 accepts a cache only under the flags it
// was made with, and a test worker may run with others. Needs `pnpm build`.
describe.skipIf(!built)("the built command's V8 code cache", () => {
  it("is accepted by the Node that built it, and the command runs from it", () => {
    const result = spawnSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `import { loadBinBundle } from "./dist/load-bin-bundle.js";
const bundle = loadBinBundle(${JSON.stringify(`${CLI_DIR}dist/bundle/promptstack.cjs`)});
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
