/**
 * Second build step of every published library package (`pnpm build`): after `tsc` has emitted
 * one `.js` file per source module into `dist/`, bundle them into `dist/index.js` and delete the
 * per-module `.js` files (the `.d.ts` files stay: the types keep their module layout).
 *
 * Why: a cold `import()` pays Node's loader for every module (resolve, stat, read, compile,
 * link), and that per-module cost, not the code, was most of the renderer's cold import (about 60
 * modules). Dependencies stay external, so each stays one shared copy in the installer's tree.
 *
 * Usage (from a package folder): `tsx ../../scripts/bundle-package-dist.ts`.
 */
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

/** The fields of a package.json this step reads. */
export interface PackageManifest {
  readonly name?: string;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
  readonly optionalDependencies?: Readonly<Record<string, string>>;
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

/** Bundles `<packageDir>/dist/index.js` in place and removes the files it replaces. */
export async function bundlePackageDist(packageDir: string): Promise<void> {
  const manifest = JSON.parse(
    readFileSync(join(packageDir, "package.json"), "utf8"),
  ) as PackageManifest;
  const dist = join(packageDir, "dist");
  await build({
    entryPoints: [join(dist, "index.js")],
    outfile: join(dist, "index.js"),
    allowOverwrite: true,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    external: listBundleExternals(manifest),
    // Chains tsc's maps, so stack traces still point at the TypeScript sources.
    sourcemap: true,
    sourcesContent: true,
    legalComments: "inline",
    logLevel: "warning",
  });
  for (const file of listFiles(dist)) {
    if (isReplacedByBundle(file)) rmSync(join(dist, file));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await bundlePackageDist(process.cwd());
}
