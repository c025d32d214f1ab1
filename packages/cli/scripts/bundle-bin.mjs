// Build step of @promptstack/cli: bundles the `promptstack` command (src/bin.ts with every
// dependency, workspace packages read from source) into dist/bundle/, one chunk per lazily
// imported command. The installed command then loads a few files instead of resolving and
// linking hundreds of modules (measured in bench/startup.bench.ts). The library entry
// (dist/index.js, `runCli`) stays the plain tsc output. esbuild is the one bundler of the repo
// (scripts/bundle-package-dist.ts bundles the libraries with it too).
//   node scripts/bundle-bin.mjs
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const outdir = fileURLToPath(new URL("../dist/bundle", import.meta.url));

rmSync(outdir, { recursive: true, force: true });
await build({
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
});
