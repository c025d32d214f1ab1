import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { Script } from "node:vm";

/** The file name of the bundled command, beside its loader in `dist/bundle/`. */
export const BIN_BUNDLE_FILE_NAME = "promptstack.cjs";

/**
 * The bundle file is one function expression with the CommonJS module arguments, written so by
 * the build (`scripts/bundle-bin.mjs`): V8 compiles the file's text as it is. A wrapper joined to
 * it at run time made V8 copy the 1.1 MB into one flat string first.
 */
export const BIN_BUNDLE_WRAPPER = {
  start: "(function (exports, require, module, __filename, __dirname) {",
  end: "\n})\n",
} as const;

/** Neither file comes near this; a bigger one is not ours (the bundle is about 1.1 MB). */
const MAX_BIN_FILE_BYTES = 32 * 1024 * 1024;

/**
 * The code cache file of `bundleFile` for one V8 version: V8 accepts a cache only from its own
 * version, so another Node finds no file rather than reading one it would reject.
 */
export function toBinCodeCacheFile(
  bundleFile: string,
  v8Version: string = process.versions.v8,
): string {
  return `${bundleFile.replace(/\.cjs$/, "")}-v8-${v8Version.replace(/[^\w.-]/g, "_")}.code-cache`;
}

/** The bundled command, compiled and ready to run. */
export interface BinBundle {
  /** The compiled bundle; `createCachedData()` after a run gives its code cache. */
  readonly script: Script;
  /** `undefined`: no cache file; `true`: V8 rejected it and compiled the source. */
  readonly cacheRejected: boolean | undefined;
  /** Runs the bundle as Node runs a CommonJS module (`require` resolves beside the file). */
  run(): void;
}

/**
 * The file's bytes, or `undefined` when it is missing, not a regular file (a FIFO never blocks
 * the open) or larger than `MAX_BIN_FILE_BYTES`. Read into the start of `reuse` when it is large
 * enough (the caller is done with its bytes), else into a new buffer.
 */
function readOwnFile(path: string, reuse?: Buffer): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.size > MAX_BIN_FILE_BYTES) return undefined;
    const { size } = stats;
    const bytes =
      reuse !== undefined && reuse.length >= size
        ? reuse.subarray(0, size)
        : Buffer.allocUnsafe(size);
    let filled = 0;
    while (filled < size) {
      const read = readSync(fd, bytes, filled, size - filled, filled);
      if (read === 0) break;
      filled += read;
    }
    return filled === size ? bytes : undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * Compiles the bundled command (`scripts/bundle-bin.mjs` writes it, ASCII-only, as one CommonJS
 * module inside `BIN_BUNDLE_WRAPPER`) with the V8 code cache the build wrote beside it, when there
 * is one for this V8: the cache holds the bytecode of everything a `render --json` runs, so Node
 * neither parses the 1.1 MB bundle nor compiles those functions again. A missing or rejected cache (another Node, other V8
 * flags) only costs that compile. Node 20 has no code cache for ES modules, hence CommonJS. Reads
 * the package's own two files once each, synchronously: nothing else runs yet. `cacheFile` null:
 * compile the source (the build's warm-up run, and the benchmark's row without the cache).
 */
export function loadBinBundle(
  bundleFile: string,
  // `null`, not `undefined`: an explicit `undefined` would take the default, the cache.
  cacheFile: string | null = toBinCodeCacheFile(bundleFile),
): BinBundle {
  const bytes = readOwnFile(bundleFile);
  // ASCII (the build checks), so latin1 is its exact text and the cheapest decoding.
  const source = bytes?.toString("latin1");
  if (
    source === undefined ||
    !source.startsWith(BIN_BUNDLE_WRAPPER.start) ||
    !source.endsWith(BIN_BUNDLE_WRAPPER.end)
  ) {
    throw new Error(`${bundleFile} is missing or broken; reinstall @promptstack/cli.`);
  }
  // Into the bundle's bytes, which `source` no longer needs (a copy): memory the process has
  // already touched, where a fresh megabyte costs milliseconds of page faults on some machines.
  const cachedData = cacheFile === null ? undefined : readOwnFile(cacheFile, bytes);
  const script = new Script(source, {
    filename: bundleFile,
    ...(cachedData === undefined ? {} : { cachedData }),
  });
  return {
    script,
    cacheRejected: cachedData === undefined ? undefined : script.cachedDataRejected === true,
    run: () => {
      const wrapper = script.runInThisContext() as (
        exports: object,
        require: NodeJS.Require,
        module: { exports: object },
        filename: string,
        dirname: string,
      ) => void;
      const module = { exports: {} };
      wrapper(module.exports, createRequire(bundleFile), module, bundleFile, dirname(bundleFile));
    },
  };
}

/**
 * The installed command's entry (the loader `dist/bundle/promptstack-loader.cjs` calls it): loads and
 * runs the bundle; a missing or broken bundle is one line on stderr and exit status 1, not a
 * stack trace.
 */
export function runBinBundle(bundleFile: string): void {
  let bundle: BinBundle;
  try {
    bundle = loadBinBundle(bundleFile);
  } catch (error) {
    process.stderr.write(
      `promptstack: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 1;
    return;
  }
  bundle.run();
}
