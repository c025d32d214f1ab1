import { mkdtempSync, readdirSync, rmSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { execFileSync } from "node:child_process";
import {
  BIN_BUNDLE_WRAPPER,
  loadBinBundle,
  runBinBundle,
  toBinCodeCacheFile,
} from "./load-bin-bundle.js";

// A stand-in for the bundled command: CommonJS that requires a file beside it and reports what
// the module arguments were through a global the test reads. Each test's copy names its folder:
// V8 would otherwise answer a second compile of the same text from its in-memory cache.
const BUNDLE_LINES = [
  'const dep = require("./dep.cjs");',
  "function twice(value) { return value * 2; }",
  "globalThis.__binBundleRun = { dep, twice: twice(21), file: __filename, dir: __dirname, own: module.exports === exports, kind: typeof exports };",
];

/** A bundle file's text: the lines inside the module wrapper, as the build writes it. */
const toBundleText = (lines: readonly string[]): string =>
  `${BIN_BUNDLE_WRAPPER.start}${lines.join("\n")}${BIN_BUNDLE_WRAPPER.end}`;

declare global {
  var __binBundleRun: unknown;
}

describe("loadBinBundle", () => {
  let dir: string;
  let bundleFile: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "promptstack-bin-bundle-"));
    bundleFile = join(dir, "promptstack.cjs");
    writeFileSync(bundleFile, toBundleText([`// ${dir}`, ...BUNDLE_LINES]));
    writeFileSync(join(dir, "dep.cjs"), 'module.exports = "beside";');
    globalThis.__binBundleRun = undefined;
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
    globalThis.__binBundleRun = undefined;
  });

  const expectRan = () =>
    expect(globalThis.__binBundleRun).toEqual({
      dep: "beside",
      twice: 42,
      file: bundleFile,
      dir,
      own: true,
      kind: "object",
    });

  it("runs the bundle as a CommonJS module when there is no code cache", () => {
    const bundle = loadBinBundle(bundleFile);
    expect(bundle.cacheRejected).toBeUndefined();
    bundle.run();
    expectRan();
  });

  /** Runs the bundle once without a cache and writes that run's code cache beside it. */
  const writeCacheOfOneRun = () => {
    const first = loadBinBundle(bundleFile, null);
    first.run();
    writeFileSync(toBinCodeCacheFile(bundleFile), first.script.createCachedData());
  };

  it("compiles from the code cache of an earlier run", () => {
    writeCacheOfOneRun();
    globalThis.__binBundleRun = undefined;
    const second = loadBinBundle(bundleFile);
    expect(second.cacheRejected).toBe(false);
    second.run();
    expectRan();
  });

  it("compiles from a cache read into the bundle's own bytes when the bundle is the larger file", () => {
    const padding = `// ${"x".repeat(256 * 1024)}`;
    writeFileSync(bundleFile, toBundleText([`// ${dir}`, padding, ...BUNDLE_LINES]));
    writeCacheOfOneRun();
    expect(statSync(bundleFile).size).toBeGreaterThan(
      statSync(toBinCodeCacheFile(bundleFile)).size,
    );
    globalThis.__binBundleRun = undefined;
    const second = loadBinBundle(bundleFile);
    expect(second.cacheRejected).toBe(false);
    second.run();
    expectRan();
  });

  it("falls back to compiling the source when V8 rejects the cache (another bundle, bad bytes)", () => {
    const other = join(dir, "other.cjs");
    writeFileSync(other, toBundleText([`// ${dir}`, 'globalThis.__binBundleRun = "other";']));
    const otherBundle = loadBinBundle(other);
    otherBundle.run();
    const caches = [otherBundle.script.createCachedData(), Buffer.from("not a code cache")];
    for (const [index, bytes] of caches.entries()) {
      writeFileSync(bundleFile, toBundleText([`// ${dir} ${index}`, ...BUNDLE_LINES]));
      writeFileSync(toBinCodeCacheFile(bundleFile), bytes);
      globalThis.__binBundleRun = undefined;
      const bundle = loadBinBundle(bundleFile);
      expect(bundle.cacheRejected).toBe(true);
      bundle.run();
      expectRan();
    }
  });

  it("compiles the source when told to use no cache, even with one beside the bundle", () => {
    writeCacheOfOneRun();
    expect(loadBinBundle(bundleFile, null).cacheRejected).toBeUndefined();
  });

  it("names the cache after the V8 version, so another Node reads no cache at all", () => {
    expect(toBinCodeCacheFile("/p/dist/bundle/promptstack.cjs", "11.3.244.8-node.38")).toBe(
      "/p/dist/bundle/promptstack-v8-11.3.244.8-node.38.code-cache",
    );
    expect(toBinCodeCacheFile(bundleFile)).not.toBe(toBinCodeCacheFile(bundleFile, "0.0.0"));
    writeFileSync(toBinCodeCacheFile(bundleFile, "0.0.0"), "a cache of some other V8");
    expect(loadBinBundle(bundleFile).cacheRejected).toBeUndefined();
  });

  it("drops only the final .cjs and makes the V8 version safe for a file name", () => {
    expect(toBinCodeCacheFile("/p/x.cjs.d/promptstack.cjs", "12.4 (custom)/b")).toBe(
      "/p/x.cjs.d/promptstack-v8-12.4__custom__b.code-cache",
    );
  });

  it("ignores a cache file larger than 32 MiB and reads one of exactly 32 MiB", () => {
    const cacheFile = toBinCodeCacheFile(bundleFile);
    writeFileSync(cacheFile, "");
    truncateSync(cacheFile, 32 * 1024 * 1024 + 1);
    expect(loadBinBundle(bundleFile).cacheRejected).toBeUndefined();
    // One byte less is read and handed to V8 (whatever V8 then makes of zeros).
    truncateSync(cacheFile, 32 * 1024 * 1024);
    expect(loadBinBundle(bundleFile).cacheRejected).toBeTypeOf("boolean");
  });

  it.runIf(process.platform === "linux")("closes every file it opens", () => {
    writeCacheOfOneRun();
    const openFiles = () => readdirSync("/proc/self/fd").length;
    const before = openFiles();
    loadBinBundle(bundleFile);
    expect(openFiles()).toBe(before);
  });

  it("throws, saying to reinstall, when the bundle is missing", () => {
    rmSync(bundleFile);
    expect(() => loadBinBundle(bundleFile)).toThrow(/promptstack\.cjs is missing.*reinstall/);
  });

  it("throws, saying to reinstall, when the file is not a wrapped bundle (never runs half a file)", () => {
    const text = toBundleText([`// ${dir}`, ...BUNDLE_LINES]);
    for (const broken of [
      [`// ${dir}`, ...BUNDLE_LINES].join("\n"),
      text.slice(0, -BIN_BUNDLE_WRAPPER.end.length),
      text.slice(BIN_BUNDLE_WRAPPER.start.length),
    ]) {
      writeFileSync(bundleFile, broken);
      expect(() => loadBinBundle(bundleFile)).toThrow(/promptstack\.cjs is missing or broken/);
    }
    expect(globalThis.__binBundleRun).toBeUndefined();
  });

  it("treats a FIFO in the bundle's place as missing, without blocking on the open", () => {
    rmSync(bundleFile);
    execFileSync("mkfifo", [bundleFile]);
    expect(() => loadBinBundle(bundleFile)).toThrow(/reinstall/);
  });

  it("runBinBundle runs the bundle, or says in one line on stderr that it is missing (exit 1)", () => {
    runBinBundle(bundleFile);
    expectRan();
    rmSync(bundleFile);
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const exitCode = process.exitCode;
    try {
      runBinBundle(bundleFile);
      expect(stderr.mock.calls.map(([text]) => String(text))).toEqual([
        `promptstack: ${bundleFile} is missing or broken; reinstall @promptstack/cli.\n`,
      ]);
      expect(process.exitCode).toBe(1);
    } finally {
      stderr.mockRestore();
      process.exitCode = exitCode;
    }
  });
});
