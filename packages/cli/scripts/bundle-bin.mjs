// Build step of @promptstack/cli: bundles the `promptstack` command (src/bin.ts with every
// dependency, workspace packages read from source) into dist/bundle/:
//   promptstack.cjs                  the command as one CommonJS module function (the file is
//                                    `(function (exports, require, ...) {...})`), ASCII only
//   promptstack-v8-<v8>.code-cache   V8's code cache of it, for the V8 of the Node that built it
//   promptstack-loader.cjs           the loader bin/promptstack.cjs requires (src/load-bin-bundle.ts)
// The installed command then reads two files and compiles nothing a `render --json` runs: the code
// cache is written after one warm-up `render --json` of the demo (src/write-bin-code-cache.ts),
// so it holds the bytecode of every function that run compiled. Node 20 caches no ES module
// code, hence CommonJS; the loader compiles the file's text as read, and reads the cache into
// the bundle's buffer. Measured in bench/startup.bench.ts; why: docs/decisions/0008. The library
// entry (dist/index.js, `runCli`) stays the plain tsc output. esbuild is the one bundler of the
// repo (scripts/bundle-package-dist.ts bundles the libraries with it too).
// Beside the bundle folder (in dist/) it writes the token counter's two files:
//   o200k-rank-table.bin      the rank table, generated from gpt-tokenizer's o200k_base ranks by
//                             @promptstack/o200k's build-o200k-rank-table.ts (docs/decisions/0007)
//   o200k-line-counts.json    the counts of the lines of the renderer's built-in prose, the
//                             counter's starting memo (renders with no workspace file and no
//                             skill: src/tokens/load-built-in-prose.ts; docs/decisions/0010)
// The bundled counter (@promptstack/o200k) looks for both one folder above the bundle.
//   node scripts/bundle-bin.mjs           into dist/bundle
//   node scripts/bundle-bin.mjs --outdir DIR --metafile F
//                                         into DIR (the table beside it), recording the inputs
//                                         in F (for the repository's scripts/promptstack.mjs)
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { build } from "esbuild";
import o200kRanks from "gpt-tokenizer/bpeRanks/o200k_base";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const { values: options } = parseArgs({
  options: { outdir: { type: "string" }, metafile: { type: "string" } },
});
const outdir =
  options.outdir === undefined
    ? fileURLToPath(new URL("../dist/bundle", import.meta.url))
    : resolve(options.outdir);
/** What the warm-up run that fills the code cache does. */
const WARM_UP_ARGV = ["render", "--json"];

/**
 * zod's namespace export carries every locale (`z.locales`, about 300 KB of the bundle, parsed on
 * every start); the CLI only uses the English messages (which the schemas register, zod/mini
 * registering none itself). Inside zod (classic, mini or core), the locales index resolves to a
 * module that re-exports English alone.
 */
const englishOnlyZodLocales = {
  name: "english-only-zod-locales",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](classic|core|mini)$/.test(args.resolveDir)
        ? { path: join(args.resolveDir, "..", "locales", "index.js"), namespace: "zod-locales" }
        : undefined,
    );
    pluginBuild.onLoad({ filter: /.*/, namespace: "zod-locales" }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(join(dirname(args.path), "en.js"))};`,
      resolveDir: dirname(args.path),
    }));
  },
};

/**
 * A `vm.Script` (the code cache needs one) has no `import()` on Node 20 without a flag. The
 * bundle's dynamic imports of what it leaves to Node (built-ins) become `require()` calls; the
 * run-time check below fails the build if any other is left.
 */
const dynamicImportsAsRequire = {
  name: "dynamic-imports-as-require",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^node:/ }, (args) =>
      args.kind === "dynamic-import"
        ? { path: args.path, namespace: "require-external" }
        : undefined,
    );
    pluginBuild.onLoad({ filter: /.*/, namespace: "require-external" }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
    }));
  },
};

/**
 * commander loads `node:child_process` (and with it net, dgram and their streams) at start only
 * to spawn executable subcommands, which promptstack has none of: its `spawn` is loaded on use.
 */
const lazyCommanderChildProcess = {
  name: "lazy-commander-child-process",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^node:child_process$/ }, (args) =>
      /[\\/]commander[\\/]lib[\\/]command\.js$/.test(args.importer)
        ? { path: args.path, namespace: "lazy-child-process" }
        : undefined,
    );
    pluginBuild.onLoad({ filter: /.*/, namespace: "lazy-child-process" }, () => ({
      contents: 'module.exports = { spawn: (...args) => require("child_process").spawn(...args) };',
    }));
  },
};

/**
 * Bundles a TypeScript entry (given as source text) to a temporary module and imports it or runs
 * it. `external`: packages the module imports at run time (it sits in node_modules/.cache, so
 * they resolve from this package).
 */
async function bundleTool(entrySource, outfile, external = []) {
  await build({
    absWorkingDir: packageDir,
    stdin: { contents: entrySource, resolveDir: packageDir, loader: "ts" },
    outfile,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    external,
    // Workspace packages from source, like the command: this runs before any package is built
    // (the repository's postinstall prepares the command from a fresh clone).
    conditions: ["@promptstack/source"],
    tsconfig: "tsconfig.build.json",
    logLevel: "warning",
  });
}

// The build tools written in TypeScript are bundled here first, then imported or run.
mkdirSync(join(packageDir, "node_modules", ".cache"), { recursive: true });
const toolDir = mkdtempSync(join(packageDir, "node_modules", ".cache", "promptstack-bundle-bin-"));
process.on("exit", () => rmSync(toolDir, { recursive: true, force: true }));

// The TypeScript this build runs in-process, bundled once:
// - ENTITIES_DECODE_TABLE_PLUGINS: the renderer's entities tables, as the library builds have them
//   (scripts/bundle-package-dist.ts, the same two plugins): `getHtmlDecodeTree()` builds the HTML
//   decode table on its first call instead of at start (a `render` that decodes no character
//   reference never builds it), and entities' generated table modules build their tables with one
//   loop instead of a split and a map (about 5 ms of every start before, profiled on the
//   installed command);
// - BIN_BUNDLE_WRAPPER: the function the bundle file is (src/load-bin-bundle.ts);
// - buildO200kRankTable and buildLineCountSeedText: the token counter's two files.
const buildToolsFile = join(toolDir, "build-tools.mjs");
await bundleTool(
  [
    'export { ENTITIES_DECODE_TABLE_PLUGINS } from "../../scripts/bundle-package-dist.ts";',
    'export { BIN_BUNDLE_WRAPPER } from "./src/load-bin-bundle.ts";',
    'export { buildO200kRankTable } from "../o200k/src/build-o200k-rank-table.ts";',
    'export { buildLineCountSeedText } from "../o200k/src/build-line-count-seed.ts";',
    'export { loadBuiltInProse } from "./src/tokens/load-built-in-prose.ts";',
  ].join("\n"),
  buildToolsFile,
  ["esbuild"],
);
const {
  ENTITIES_DECODE_TABLE_PLUGINS,
  BIN_BUNDLE_WRAPPER,
  buildO200kRankTable,
  buildLineCountSeedText,
  loadBuiltInProse,
} = await import(pathToFileURL(buildToolsFile).href);

rmSync(outdir, { recursive: true, force: true });
const bundleFile = join(outdir, "promptstack.cjs");
const commandBuild = await build({
  plugins: [
    englishOnlyZodLocales,
    dynamicImportsAsRequire,
    lazyCommanderChildProcess,
    ...ENTITIES_DECODE_TABLE_PLUGINS,
  ],
  absWorkingDir: packageDir,
  entryPoints: ["src/bin.ts"],
  outfile: bundleFile,
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  charset: "ascii",
  conditions: ["@promptstack/source"],
  tsconfig: "tsconfig.build.json",
  // The loader runs the bundle with the CommonJS module arguments; import.meta is the file's URL.
  define: { "import.meta.url": "__promptstackBundleUrl" },
  banner: {
    js: 'var __promptstackBundleUrl = require("node:url").pathToFileURL(__filename).href;',
  },
  // Comments may hold non-ASCII text (charset only escapes code); the cache makes parsing moot.
  minifyWhitespace: true,
  legalComments: "inline",
  logLevel: "warning",
  metafile: true,
});
for (const [file, output] of Object.entries(commandBuild.metafile.outputs)) {
  const left = output.imports.filter((entry) => entry.kind === "dynamic-import");
  if (left.length > 0) {
    throw new Error(`${file} keeps import() of ${left.map((entry) => entry.path).join(", ")}.`);
  }
}
if (readFileSync(bundleFile).some((byte) => byte > 0x7f)) {
  throw new Error(`${bundleFile} is not ASCII; the loader reads it as latin1.`);
}
// The file is the function the loader compiles as it is (src/load-bin-bundle.ts).
writeFileSync(
  bundleFile,
  `${BIN_BUNDLE_WRAPPER.start}${readFileSync(bundleFile, "latin1")}${BIN_BUNDLE_WRAPPER.end}`,
  "latin1",
);
// The loader's source is written here (no file): the metafile names it by this made-up name.
const LOADER_SOURCE = "promptstack-loader.ts";
const loaderBuild = await build({
  absWorkingDir: packageDir,
  stdin: {
    contents: [
      'import { join } from "node:path";',
      'import { BIN_BUNDLE_FILE_NAME, runBinBundle } from "./src/load-bin-bundle.ts";',
      "runBinBundle(join(__dirname, BIN_BUNDLE_FILE_NAME));",
    ].join("\n"),
    resolveDir: packageDir,
    sourcefile: LOADER_SOURCE,
    loader: "ts",
  },
  // CommonJS like the bin that requires it: a process whose entry is CommonJS never starts Node's
  // ES module loader (about 7 ms of every start).
  outfile: join(outdir, "promptstack-loader.cjs"),
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  tsconfig: "tsconfig.build.json",
  logLevel: "warning",
  metafile: options.metafile !== undefined,
});
if (options.metafile !== undefined) {
  const { [LOADER_SOURCE]: _loaderSource, ...loaderInputs } = loaderBuild.metafile.inputs;
  const inputs = { ...commandBuild.metafile.inputs, ...loaderInputs };
  writeFileSync(options.metafile, JSON.stringify({ inputs }));
}

// The rank table and, beside it, the line count seed. The counter looks for both one folder above
// its bundle (@promptstack/o200k's load-o200k-rank-table.ts, load-line-count-seed.ts).
const rankTable = buildO200kRankTable(o200kRanks);
writeFileSync(join(outdir, "..", "o200k-rank-table.bin"), rankTable);
writeFileSync(
  join(outdir, "..", "o200k-line-counts.json"),
  await buildLineCountSeedText(rankTable, loadBuiltInProse),
);

// The code cache, last: the warm-up run counts tokens over the table written above.
const cacheWriter = join(toolDir, "write-bin-code-cache.mjs");
await bundleTool(
  [
    'import { writeBinCodeCache } from "./src/write-bin-code-cache.ts";',
    "writeBinCodeCache(process.argv[2], JSON.parse(process.argv[3]));",
  ].join("\n"),
  cacheWriter,
);
const warmUp = spawnSync(
  process.execPath,
  [cacheWriter, bundleFile, JSON.stringify(WARM_UP_ARGV)],
  {
    cwd: packageDir,
    env: { ...process.env, NO_COLOR: "1" },
    stdio: ["ignore", "ignore", "inherit"],
  },
);
if (warmUp.status !== 0) {
  throw new Error(
    `The warm-up run (promptstack ${WARM_UP_ARGV.join(" ")}) exited ${warmUp.status}.`,
  );
}
