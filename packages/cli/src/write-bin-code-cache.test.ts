import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createTempDir } from "@promptstack-tools/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BIN_BUNDLE_WRAPPER, loadBinBundle, toBinCodeCacheFile } from "./load-bin-bundle.js";
import { writeBinCodeCache } from "./write-bin-code-cache.js";

declare global {
  var __binCodeCacheArgv: unknown;
}

describe("writeBinCodeCache", () => {
  const argv = process.argv;
  let exitListeners: { event: string; listener: (code: number) => void }[];
  let bundleFile: string;

  beforeEach(() => {
    exitListeners = [];
    // The listener would otherwise run when the test worker exits; the tests call it instead.
    vi.spyOn(process, "on").mockImplementation((event, listener) => {
      exitListeners.push({ event: String(event), listener: listener as (code: number) => void });
      return process;
    });
    const dir = createTempDir("promptstack-bin-code-cache-");
    bundleFile = join(dir, "promptstack.cjs");
    // The folder in the text keeps V8 from answering the compile from its in-memory cache.
    writeFileSync(
      bundleFile,
      `${BIN_BUNDLE_WRAPPER.start}// ${dir}\nglobalThis.__binCodeCacheArgv = process.argv.slice();${BIN_BUNDLE_WRAPPER.end}`,
    );
    globalThis.__binCodeCacheArgv = undefined;
  });
  afterEach(() => {
    process.argv = argv;
    vi.restoreAllMocks();
    globalThis.__binCodeCacheArgv = undefined;
  });

  it("runs the bundle with the given arguments, as if Node had started it", () => {
    process.argv = ["/custom/node", "/some/script.mjs", "ignored"];
    writeBinCodeCache(bundleFile, ["render", "--json"]);
    expect(globalThis.__binCodeCacheArgv).toEqual(["/custom/node", bundleFile, "render", "--json"]);
  });

  it("names Node's own executable when the process has no argv[0]", () => {
    process.argv = [];
    writeBinCodeCache(bundleFile, []);
    expect(globalThis.__binCodeCacheArgv).toEqual([process.execPath, bundleFile]);
  });

  it("writes a code cache V8 accepts when the run exits with status 0", () => {
    writeBinCodeCache(bundleFile, []);
    expect(exitListeners.map(({ event }) => event)).toEqual(["exit"]);
    const cacheFile = toBinCodeCacheFile(bundleFile);
    expect(existsSync(cacheFile)).toBe(false);
    exitListeners[0]!.listener(0);
    expect(readFileSync(cacheFile).length).toBeGreaterThan(0);
    expect(loadBinBundle(bundleFile).cacheRejected).toBe(false);
  });

  it("writes nothing when the run fails", () => {
    writeBinCodeCache(bundleFile, []);
    exitListeners[0]!.listener(1);
    expect(existsSync(toBinCodeCacheFile(bundleFile))).toBe(false);
  });
});
