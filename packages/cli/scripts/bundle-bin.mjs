// Build step of @promptstack/cli: bundles the `promptstack` command (src/bin.ts with every
// dependency, workspace packages read from source) into dist/bundle/, one chunk per lazily
// imported command. The installed command then loads a few files instead of resolving and
// linking hundreds of modules (measured in bench/startup.bench.ts). The library entry
// (dist/index.js, `runCli`) stays the plain tsc output. esbuild is the one bundler of the repo
// (scripts/bundle-package-dist.ts bundles the libraries with it too).
// It also writes o200k-rank-table.bin next to the bundle folder (dist/), the token counter's rank
// table, generated from gpt-tokenizer's o200k_base ranks by src/tokens/build-o200k-rank-table.ts
// (docs/decisions/0007).
//   node scripts/bundle-bin.mjs           into dist/bundle
//   node scripts/bundle-bin.mjs --outdir DIR --metafile F
//                                         into DIR (the table beside it), recording the inputs
//                                         in F (for the repository's scripts/promptstack.mjs)
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
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

/**
 * zod's namespace export carries every locale (`z.locales`, about 300 KB of the bundle, parsed on
 * every start); the CLI only uses the English messages zod registers by default. Inside zod, the
 * locales index resolves to a module that re-exports English alone.
 */
const englishOnlyZodLocales = {
  name: "english-only-zod-locales",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](classic|core)$/.test(args.resolveDir)
        ? { path: join(args.resolveDir, "..", "locales", "index.js"), namespace: "zod-locales" }
        : undefined,
    );
    pluginBuild.onLoad({ filter: /.*/, namespace: "zod-locales" }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(join(dirname(args.path), "en.js"))};`,
      resolveDir: dirname(args.path),
    }));
  },
};

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  plugins: [englishOnlyZodLocales],
  // gpt-tokenizer's encodings (3.4 MB of rank literals) are only the fallback counter when the
  // rank table below is missing; the installed dependency serves that import.
  external: ["gpt-tokenizer/encoding/*"],
  absWorkingDir: packageDir,
  entryPoints: { promptstack: "src/bin.ts" },
  outdir,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  conditions: ["@promptstack/source"],
  tsconfig: "tsconfig.build.json",
  // Bundled CommonJS dependencies call require() for Node built-ins; ESM has no require.
  banner: {
    js: 'import { createRequire as __promptstackCreateRequire } from "node:module";\nconst require = __promptstackCreateRequire(import.meta.url);',
  },
  legalComments: "inline",
  logLevel: "warning",
  metafile: options.metafile !== undefined,
});
if (options.metafile !== undefined) {
  writeFileSync(options.metafile, JSON.stringify(result.metafile));
}

// The table builder is TypeScript: bundle it to a temporary module, run it, write its bytes.
const builderDir = mkdtempSync(join(tmpdir(), "promptstack-rank-table-"));
try {
  const builderFile = join(builderDir, "build-o200k-rank-table.mjs");
  await build({
    absWorkingDir: packageDir,
    entryPoints: ["src/tokens/build-o200k-rank-table.ts"],
    outfile: builderFile,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    logLevel: "warning",
  });
  const { buildO200kRankTable } = await import(pathToFileURL(builderFile).href);
  // The counter looks for the table one folder above its bundle (src/tokens/load-o200k-rank-table.ts).
  writeFileSync(join(outdir, "..", "o200k-rank-table.bin"), buildO200kRankTable(o200kRanks));
} finally {
  rmSync(builderDir, { recursive: true, force: true });
}
