import { writeFileSync } from "node:fs";
import { loadBinBundle, toBinCodeCacheFile } from "./load-bin-bundle.js";

/**
 * Build step (run by `scripts/bundle-bin.mjs` in a fresh Node process): runs the bundled command
 * once with `argv`, compiled without a cache, and when it exits with status 0 writes the V8 code
 * cache of everything that run compiled beside the bundle (`toBinCodeCacheFile`). The process's
 * stdout is the command's; the caller discards it.
 */
export function writeBinCodeCache(bundleFile: string, argv: readonly string[]): void {
  const bundle = loadBinBundle(bundleFile, null);
  process.argv = [process.argv[0] ?? process.execPath, bundleFile, ...argv];
  process.on("exit", (code) => {
    if (code !== 0) return;
    writeFileSync(toBinCodeCacheFile(bundleFile), bundle.script.createCachedData());
  });
  bundle.run();
}
