import { build } from "esbuild";
const out = process.argv[2];
import { dirname, join } from "node:path";
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


const r = await build({
  absWorkingDir: "/work/wt/cli-start2/packages/cli",
  entryPoints: ["/tmp/cs2/proto/entry.ts"], outfile: out, bundle: true, format: "cjs", platform: "node", target: "node20",
  conditions: ["@promptstack/source"], tsconfig: "tsconfig.build.json", external: ["gpt-tokenizer/encoding/*"],
  define: { "import.meta.url": "__promptstackModuleUrl" },
  banner: { js: 'var __promptstackModuleUrl = require("node:url").pathToFileURL(__filename).href;' },
  logLevel: "warning", metafile: true, plugins: [englishOnlyZodLocales],
});
console.log(Object.keys(r.metafile.outputs).map(k => k + " " + r.metafile.outputs[k].bytes));
