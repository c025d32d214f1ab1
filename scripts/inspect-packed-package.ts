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

/**
 * Problems with a packed package.json: workspace ranges, exact pins, source-only exports, missing
 * engines.
 */
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
      } else if (/^=?\d/.test(range)) {
        problems.push(
          `${name}: ${field}.${dep} pins "${range}"; publish a "^" range so consumers dedupe it (the lockfile keeps the exact version)`,
        );
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

/** The files a manifest's `exports` point to (`"./schema.json"` → `schema.json`). */
export function listExportedFiles(manifest: PackedManifest): string[] {
  const targets: string[] = [];
  const visit = (value: unknown): void => {
    if (typeof value === "string") targets.push(value.replace(/^\.\//, ""));
    else if (typeof value === "object" && value !== null) Object.values(value).forEach(visit);
  };
  visit(manifest.exports);
  return targets;
}

/**
 * Problems with a tarball's file list: anything a consumer does not need, and any file the
 * manifest exports but the tarball lacks.
 */
export function inspectPackedFiles(
  name: string,
  files: readonly string[],
  exported: readonly string[] = [],
): string[] {
  const problems: string[] = [];
  for (const target of exported) {
    if (!files.includes(target))
      problems.push(`${name}: exports "./${target}", which is not packed`);
  }
  for (const file of files) {
    const top = file.split("/")[0] ?? file;
    const isDist = top === "dist" || top === "bin";
    if (!isDist && !ALLOWED_TOP_LEVEL.has(file) && !exported.includes(file)) {
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

/** The `(target)` of every Markdown link and image in `markdown`, outside code. */
export function listMarkdownLinks(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] ?? "");
}

/**
 * Problems with the links of a packed README, read on the registry page or in `node_modules`:
 * a relative link must name a file in the tarball; a link into the repository
 * (`<repositoryUrl>/blob/<ref>/<path>`, when the package names one) must name a file that
 * exists there.
 */
export function inspectReadmeLinks(
  name: string,
  readme: string,
  files: readonly string[],
  repositoryUrl: string | undefined,
  existsInRepository: (path: string) => boolean,
): string[] {
  const problems: string[] = [];
  const repositoryBlob =
    repositoryUrl === undefined
      ? undefined
      : new RegExp(`^${escapeRegExp(repositoryUrl)}/blob/[^/]+/([^#?]+)`);
  for (const target of listMarkdownLinks(readme)) {
    if (target.startsWith("#") || target.startsWith("mailto:")) continue;
    if (/^https?:\/\//.test(target)) {
      const inRepository = repositoryBlob?.exec(target)?.[1];
      if (inRepository !== undefined && !existsInRepository(inRepository)) {
        problems.push(`${name}: README links to ${target}, but ${inRepository} does not exist`);
      }
      continue;
    }
    const path = target.replace(/^\.\//, "").replace(/[#?].*$/, "");
    if (!files.includes(path)) {
      problems.push(
        repositoryUrl === undefined
          ? `${name}: README links to "${target}", which is not in the package; name the repository path in text instead`
          : `${name}: README links to "${target}", which is not in the package; link to ${repositoryUrl}/blob/main/… instead`,
      );
    }
  }
  return problems;
}

/** `https://host/owner/name` from a package.json `repository` field (`git+….git` or a string). */
export function toRepositoryWebUrl(repository: unknown): string | undefined {
  const url =
    typeof repository === "string"
      ? repository
      : typeof repository === "object" && repository !== null && "url" in repository
        ? repository.url
        : undefined;
  if (typeof url !== "string") return undefined;
  return url.replace(/^git\+/, "").replace(/\.git$/, "");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
