/**
 * Second build step of every published library package (`pnpm build`): after `tsc` has emitted
 * one `.js` file per source module into `dist/`, bundle them into `dist/index.js` and delete the
 * per-module `.js` files (the `.d.ts` files stay: the types keep their module layout).
 *
 * Why: a cold `import()` pays Node's loader for every module (resolve, stat, read, compile,
 * link), and that per-module cost, not the code, was most of the renderer's cold import (about 60
 * modules). Declared dependencies stay external, so each stays one shared copy in the installer's
 * tree ([decision 0005](../docs/decisions/0005-bundle-dist-after-tsc.md)).
 *
 * A package may inline a dependency instead ([decision 0006](../docs/decisions/0006-inline-private-dependencies.md)):
 * it lists the package in `devDependencies` and in `inlinedDependencies`, the bundle carries the
 * parts it uses with the package's license in a leading comment, and the published types must not
 * import it. Anything else a bundle would inline fails the build.
 *
 * Usage (from a package folder): `tsx ../../scripts/bundle-package-dist.ts`.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import type { Plugin } from "esbuild";

/** The fields of a package.json this step reads. */
export interface PackageManifest {
  readonly name?: string;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
  readonly optionalDependencies?: Readonly<Record<string, string>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
  /** Dev dependencies the bundle carries inside instead of importing them. */
  readonly inlinedDependencies?: readonly string[];
}

/**
 * What the bundle must import instead of inlining: every declared dependency (and its subpaths)
 * and Node's built-ins. Pure.
 */
export function listBundleExternals(manifest: PackageManifest): string[] {
  const names = new Set([
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
    ...Object.keys(manifest.optionalDependencies ?? {}),
  ]);
  return [...[...names].sort().flatMap((name) => [name, `${name}/*`]), "node:*"];
}

/**
 * Whether a file in `dist/` is a per-module output the bundle replaces: emitted JavaScript and
 * its source map, except the bundle itself. Pure.
 */
export function isReplacedByBundle(relativePath: string): boolean {
  if (relativePath === "index.js" || relativePath === "index.js.map") return false;
  return relativePath.endsWith(".js") || relativePath.endsWith(".js.map");
}

function listFiles(dir: string, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? listFiles(join(dir, entry.name), `${prefix}${entry.name}/`)
      : [`${prefix}${entry.name}`],
  );
}

/**
 * The npm package each bundled file came from, for files under a `node_modules` folder (pnpm's
 * store included), sorted and without duplicates. Pure.
 */
export function listInlinedPackages(bundledFiles: readonly string[]): string[] {
  const names = new Set<string>();
  for (const file of bundledFiles) {
    const path = file.replaceAll("\\", "/");
    const at = path.lastIndexOf("node_modules/");
    if (at === -1) continue;
    const [first, second] = path.slice(at + "node_modules/".length).split("/");
    if (first === undefined || first === "") continue;
    names.add(first.startsWith("@") && second !== undefined ? `${first}/${second}` : first);
  }
  return [...names].sort();
}

/** What is wrong with what a bundle inlined, given what the manifest declares. Pure. */
export function checkInlinedPackages(
  manifest: PackageManifest,
  inlined: readonly string[],
): string[] {
  const declared = new Set(manifest.inlinedDependencies ?? []);
  const problems: string[] = [];
  for (const name of inlined) {
    if (!declared.has(name)) {
      problems.push(
        `${name} would be bundled into dist/index.js: declare it in dependencies (imported) or in devDependencies and inlinedDependencies (bundled)`,
      );
    }
  }
  for (const name of declared) {
    if (manifest.devDependencies?.[name] === undefined) {
      problems.push(`inlinedDependencies lists ${name}, which is not in devDependencies`);
    } else if (!inlined.includes(name)) {
      problems.push(`inlinedDependencies lists ${name}, but the bundle does not use it; remove it`);
    }
  }
  return problems;
}

/** One inlined package's license, as its own files state it. */
export interface InlinedLicense {
  readonly name: string;
  readonly version: string;
  readonly license: string;
  readonly text: string;
}

/**
 * The bundle's leading legal comment: each inlined package with its version, license name and
 * full license text (their licenses ask for the notice to travel with the code). Pure.
 */
export function formatLicenseBanner(licenses: readonly InlinedLicense[]): string {
  const blocks = licenses.map(
    ({ name, version, license, text }) =>
      `${name}@${version} (${license}), bundled into this file:\n\n${text.trim()}`,
  );
  // A `*/` inside a license text would end the comment early.
  return `/*!\n${blocks.join("\n\n---\n\n").replaceAll("*/", "* /")}\n*/`;
}

/**
 * Relative imports of `source` (a `.d.ts` file's text), as `.d.ts` paths next to `fromFile`, and
 * the bare specifiers it imports. Pure.
 */
export function listDeclarationImports(
  source: string,
  fromFile: string,
): { readonly relative: string[]; readonly bare: string[] } {
  const relative: string[] = [];
  const bare: string[] = [];
  for (const match of source.matchAll(
    /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm,
  )) {
    const specifier = match[1]!;
    if (specifier.startsWith(".")) {
      relative.push(normalize(join(dirname(fromFile), specifier.replace(/\.js$/, ".d.ts"))));
    } else {
      bare.push(specifier);
    }
  }
  return { relative, bare };
}

/**
 * The inlined packages the public types (every `.d.ts` reachable from `dist/index.d.ts`) still
 * import, as `file: package` lines: a consumer would need a package it never installs.
 */
function findInlinedTypeImports(dist: string, inlined: readonly string[]): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const pending = ["index.d.ts"];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file) || !existsSync(join(dist, file))) continue;
    seen.add(file);
    const { relative, bare } = listDeclarationImports(readFileSync(join(dist, file), "utf8"), file);
    pending.push(...relative);
    for (const specifier of bare) {
      const name = inlined.find(
        (inline) => specifier === inline || specifier.startsWith(`${inline}/`),
      );
      if (name !== undefined) found.push(`${file}: ${name}`);
    }
  }
  return found;
}

function readInlinedLicense(packageDir: string, name: string): InlinedLicense {
  const dir = join(packageDir, "node_modules", name);
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
    version?: string;
    license?: string;
  };
  const licenseFile = readdirSync(dir).find((file) => /^licen[cs]e(\.(md|txt))?$/i.test(file));
  if (licenseFile === undefined) {
    throw new Error(`bundle: ${name} has no LICENSE file to carry into the bundle`);
  }
  return {
    name,
    version: manifest.version ?? "unknown",
    license: manifest.license ?? "see text",
    text: readFileSync(join(dir, licenseFile), "utf8"),
  };
}

/**
 * The source of a module that exports each of `tables` (Uint16Arrays) as a constant built from a
 * string of the same code units with one loop. Throws on an export that is not a Uint16Array, so
 * a library update that changes the module's shape fails the build instead of changing it.
 */
export function formatDecodeTableModule(tables: Readonly<Record<string, unknown>>): string {
  const lines = [
    "function fromCodeUnits(units) {",
    "  const table = new Uint16Array(units.length);",
    "  for (let index = 0; index < units.length; index++) table[index] = units.charCodeAt(index);",
    "  return table;",
    "}",
  ];
  for (const [name, table] of Object.entries(tables)) {
    if (!(table instanceof Uint16Array)) {
      throw new Error(`decode-table module: export ${name} is not a Uint16Array`);
    }
    let units = "";
    for (const unit of table) units += String.fromCharCode(unit);
    // JSON.stringify escapes lone surrogates, so the literal holds every code unit exactly.
    lines.push(`export const ${name} = /* #__PURE__ */ fromCodeUnits(${JSON.stringify(units)});`);
  }
  return lines.join("\n") + "\n";
}

/**
 * The source of a module that exports `getterName()`, which builds `table` (a Uint16Array) from a
 * string of the same code units on its first call and returns that one table from then on. The
 * string literal sits inside the function, so an import only pre-parses it. Throws on a table
 * that is not a Uint16Array. Pure (returns source text).
 *
 * The memo is a constant computed on first use, like the renderer's `lazyConstant`: built at
 * most once, from constant data, the same whatever any caller passes.
 */
export function formatLazyDecodeTableModule(getterName: string, table: unknown): string {
  if (!(table instanceof Uint16Array)) {
    throw new Error(`lazy decode-table module: ${getterName} needs a Uint16Array`);
  }
  let units = "";
  for (const unit of table) units += String.fromCharCode(unit);
  return (
    [
      "let built;",
      `export function ${getterName}() {`,
      "  if (built !== undefined) return built;",
      // JSON.stringify escapes lone surrogates, so the literal holds every code unit exactly.
      `  const units = ${JSON.stringify(units)};`,
      "  const table = new Uint16Array(units.length);",
      "  for (let index = 0; index < units.length; index++) table[index] = units.charCodeAt(index);",
      "  built = table;",
      "  return table;",
      "}",
    ].join("\n") + "\n"
  );
}

/**
 * The renderer asks for entities' HTML decode tree through `getHtmlDecodeTree()`
 * (`packages/renderer/src/get-html-decode-tree.ts`) instead of importing the table. In the bundle
 * that module becomes `formatLazyDecodeTableModule`'s, built from the table the library itself
 * exports: the table (about 15,000 units) is then built on the first decode, not on every cold
 * import (it was about half of what the renderer's bundle evaluated at import, 2 of 3.9 ms), and
 * entities' own table module, no longer imported, drops out of the bundle
 * ([decision 0006](../docs/decisions/0006-inline-private-dependencies.md)).
 */
const lazyHtmlDecodeTree: Plugin = {
  name: "lazy-html-decode-tree",
  setup(pluginBuild) {
    // The built module (a library bundle) or its source (the CLI's bin, bundled from sources).
    const filter = /[\\/](?:dist[\\/]get-html-decode-tree\.js|src[\\/]get-html-decode-tree\.ts)$/;
    pluginBuild.onLoad({ filter }, async (args) => {
      const entry = await pluginBuild.resolve("entities/decode", {
        kind: "import-statement",
        resolveDir: dirname(args.path),
      });
      if (entry.errors.length > 0 || entry.path === "") {
        throw new Error(`lazy-html-decode-tree: cannot resolve entities/decode from ${args.path}`);
      }
      const decode = (await import(pathToFileURL(entry.path).href)) as Record<string, unknown>;
      return {
        contents: formatLazyDecodeTableModule("getHtmlDecodeTree", decode.htmlDecodeTree),
        loader: "js",
      };
    });
  },
};

/**
 * entities' generated decode tables build a Uint16Array at import from a string split into
 * one-character strings and mapped to code units: about 4.4 ms of the renderer's cold import for
 * the HTML table, against 0.6 ms for one loop over the same string. When a bundle inlines
 * entities, this plugin replaces those two modules with ones generated from the tables the
 * library itself exports (`formatDecodeTableModule`), so the data is the library's, unchanged.
 */
const fastEntitiesDecodeTables: Plugin = {
  name: "fast-entities-decode-tables",
  setup(pluginBuild) {
    pluginBuild.onLoad(
      { filter: /[\\/]entities[\\/]dist[\\/]esm[\\/]generated[\\/]decode-data-(?:html|xml)\.js$/ },
      async (args) => {
        const tables = (await import(pathToFileURL(args.path).href)) as Record<string, unknown>;
        return { contents: formatDecodeTableModule(tables), loader: "js" };
      },
    );
  },
};

/**
 * The plugins that keep entities' decode tables cheap at start: every bundle that inlines the
 * renderer uses them (the library bundles here, the CLI's bin in packages/cli/scripts/bundle-bin.mjs).
 */
export const ENTITIES_DECODE_TABLE_PLUGINS: readonly Plugin[] = Object.freeze([
  lazyHtmlDecodeTree,
  fastEntitiesDecodeTables,
]);

/** Bundles `<packageDir>/dist/index.js` in place and removes the files it replaces. */
export async function bundlePackageDist(packageDir: string): Promise<void> {
  const manifest = JSON.parse(
    readFileSync(join(packageDir, "package.json"), "utf8"),
  ) as PackageManifest;
  const dist = join(packageDir, "dist");
  const licenses = (manifest.inlinedDependencies ?? []).map((name) =>
    readInlinedLicense(packageDir, name),
  );
  const result = await build({
    entryPoints: [join(dist, "index.js")],
    outfile: join(dist, "index.js"),
    allowOverwrite: true,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    external: listBundleExternals(manifest),
    plugins: [...ENTITIES_DECODE_TABLE_PLUGINS],
    // An inlined package's ES module build when it has one (json5's `module`), not its CommonJS.
    mainFields: ["module", "main"],
    // Chains tsc's maps, so stack traces still point at the TypeScript sources.
    sourcemap: true,
    sourcesContent: true,
    legalComments: "inline",
    ...(licenses.length === 0 ? {} : { banner: { js: formatLicenseBanner(licenses) } }),
    metafile: true,
    logLevel: "warning",
  });
  const inlined = listInlinedPackages(Object.keys(result.metafile.inputs));
  const problems = [
    ...checkInlinedPackages(manifest, inlined),
    ...findInlinedTypeImports(dist, inlined).map(
      (where) => `the published types import an inlined package (${where}); keep it out of them`,
    ),
  ];
  if (problems.length > 0) {
    throw new Error(`bundle of ${manifest.name ?? packageDir}:\n  ${problems.join("\n  ")}`);
  }
  for (const file of listFiles(dist)) {
    if (isReplacedByBundle(file)) rmSync(join(dist, file));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await bundlePackageDist(process.cwd());
}
