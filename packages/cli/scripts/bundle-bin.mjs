// Build step of @promptstack/cli: bundles the `promptstack` command (src/bin.ts with every
// dependency, workspace packages read from source) into dist/bundle/, one chunk per lazily
// imported command. The installed command then loads a few files instead of resolving and
// linking hundreds of modules (measured in bench/startup.bench.ts). The library entry
// (dist/index.js, `runCli`) stays the plain tsc output. esbuild is the one bundler of the repo
// (scripts/bundle-package-dist.ts bundles the libraries with it too).
//   node scripts/bundle-bin.mjs                          into dist/bundle
//   node scripts/bundle-bin.mjs --outdir DIR --metafile F  elsewhere, recording the inputs in F
//                                                         (the repository's scripts/promptstack.mjs)
import { rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { build } from "esbuild";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const { values: options } = parseArgs({
  options: { outdir: { type: "string" }, metafile: { type: "string" } },
});
const outdir =
  options.outdir === undefined
    ? fileURLToPath(new URL("../dist/bundle", import.meta.url))
    : resolve(options.outdir);

rmSync(outdir, { recursive: true, force: true });
const result = await build({
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
  // gray-matter's optional JavaScript front-matter engine uses eval; skills never enable it.
  logOverride: { "direct-eval": "silent" },
  legalComments: "inline",
  logLevel: "warning",
  metafile: options.metafile !== undefined,
});
if (options.metafile !== undefined) {
  writeFileSync(options.metafile, JSON.stringify(result.metafile));
}
