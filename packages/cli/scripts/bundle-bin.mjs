// Build step of @promptstack/cli: bundles the `promptstack` command (src/bin.ts with every
// dependency, workspace packages read from source) into dist/bundle/, one chunk per lazily
// imported command. The installed command then loads a few files instead of resolving and
// linking hundreds of modules (measured in bench/startup.bench.ts). The library entry
// (dist/index.js, `runCli`) stays the plain tsc output.
//   node scripts/bundle-bin.mjs
import { fileURLToPath } from "node:url";
import { build } from "tsdown";

const packageDir = fileURLToPath(new URL("..", import.meta.url));

await build({
  cwd: packageDir,
  config: false,
  entry: { promptstack: "src/bin.ts" },
  outDir: "dist/bundle",
  format: "esm",
  platform: "node",
  target: "node20",
  dts: false,
  clean: true,
  report: false,
  logLevel: "warn",
  // Everything is bundled: dependencies are resolved at build time, not at start-up.
  deps: { alwaysBundle: [/.*/] },
  tsconfig: "tsconfig.build.json",
  inputOptions: {
    resolve: { conditionNames: ["@promptstack/source", "import", "node", "default"] },
    // gray-matter's optional JavaScript front-matter engine uses eval; skills never enable it.
    checks: { eval: false },
  },
});
