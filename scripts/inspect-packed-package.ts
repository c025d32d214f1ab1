/** Pure checks of a packed package: its manifest and its file list. */

/** Files a tarball may contain besides `dist/**`. */
const ALLOWED_TOP_LEVEL = new Set(["package.json", "README.md", "CHANGELOG.md", "LICENSE"]);

export interface PackedManifest {
  readonly name?: string;
  readonly exports?: unknown;
  readonly engines?: { readonly node?: string };
  readonly dependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
  readonly bin?: unknown;
  readonly [key: string]: unknown;
}

/** Problems with a packed package.json: workspace ranges, source-only exports, missing engines. */
export function inspectPackedManifest(manifest: PackedManifest): string[] {
  const problems: string[] = [];
  const name = manifest.name ?? "(unnamed)";
  for (const field of ["dependencies", "peerDependencies"] as const) {
    for (const [dep, range] of Object.entries(manifest[field] ?? {})) {
      if (range.startsWith("workspace:")) {
        problems.push(
          `${name}: ${field}.${dep} is still "${range}"; pack must turn it into a semver range`,
        );
      } else if (dep.startsWith("@promptstack/") && !/^[\^~]?\d+\.\d+\.\d+/.test(range)) {
        problems.push(`${name}: ${field}.${dep} has range "${range}", expected a semver range`);
      }
    }
  }
  if (JSON.stringify(manifest.exports ?? null).includes("@promptstack/source")) {
    problems.push(
      `${name}: exports still carry the workspace-only "@promptstack/source" condition`,
    );
  }
  if (manifest.engines?.node === undefined) {
    problems.push(`${name}: engines.node is not set`);
  }
  return problems;
}

/** Problems with a tarball's file list: anything a consumer does not need. */
export function inspectPackedFiles(name: string, files: readonly string[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const top = file.split("/")[0] ?? file;
    const isDist = top === "dist" || top === "bin";
    if (!isDist && !ALLOWED_TOP_LEVEL.has(file)) {
      problems.push(`${name}: ships "${file}", which consumers do not need`);
    } else if (/\.test\.|\.bench\.|(^|\/)fixtures\//.test(file)) {
      problems.push(`${name}: ships test or fixture file "${file}"`);
    }
  }
  if (!files.includes("dist/index.js") || !files.includes("dist/index.d.ts")) {
    problems.push(`${name}: dist/index.js or dist/index.d.ts is missing; did the build run?`);
  }
  return problems;
}
