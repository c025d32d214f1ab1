/**
 * Enforces the layer table of STYLE.md: package dependency edges point down only, the renderer is
 * pure, and only I/O-named modules touch the file system.
 *
 * `checkLayers` is a pure function over package manifests and source texts; `main` reads the tree.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/** Each package's layer and the workspace packages it may depend on. */
export const LAYER_TABLE: Readonly<
  Record<string, { layer: number; mayDependOn: readonly string[] }>
> = {
  "@promptstack/core": { layer: 0, mayDependOn: [] },
  "@promptstack/renderer": { layer: 1, mayDependOn: ["@promptstack/core"] },
  "@promptstack/safe-read": { layer: 1, mayDependOn: ["@promptstack/core"] },
  "@promptstack/o200k": { layer: 1, mayDependOn: ["@promptstack/core"] },
  "@promptstack/config": {
    layer: 2,
    mayDependOn: ["@promptstack/core", "@promptstack/renderer", "@promptstack/safe-read"],
  },
  "@promptstack/providers": {
    layer: 2,
    mayDependOn: ["@promptstack/core", "@promptstack/renderer"],
  },
  "@promptstack/bootstrap": {
    layer: 2,
    mayDependOn: [
      "@promptstack/core",
      "@promptstack/renderer",
      "@promptstack/safe-read",
      "@promptstack/o200k",
    ],
  },
  "@promptstack/skills": {
    layer: 2,
    mayDependOn: ["@promptstack/core", "@promptstack/renderer", "@promptstack/safe-read"],
  },
  "@promptstack/agent": {
    layer: 3,
    mayDependOn: [
      "@promptstack/core",
      "@promptstack/renderer",
      "@promptstack/o200k",
      "@promptstack/config",
      "@promptstack/bootstrap",
      "@promptstack/skills",
      "@promptstack/safe-read",
    ],
  },
  "@promptstack/harness-codex": {
    layer: 4,
    mayDependOn: [
      "@promptstack/core",
      "@promptstack/renderer",
      "@promptstack/config",
      "@promptstack/bootstrap",
      "@promptstack/skills",
      "@promptstack/agent",
      "@promptstack/providers",
      "@promptstack/safe-read",
    ],
  },
  "@promptstack/cli": {
    layer: 5,
    mayDependOn: [
      "@promptstack/core",
      "@promptstack/renderer",
      "@promptstack/o200k",
      "@promptstack/config",
      "@promptstack/bootstrap",
      "@promptstack/skills",
      "@promptstack/agent",
      "@promptstack/harness-codex",
      "@promptstack/providers",
      "@promptstack/safe-read",
    ],
  },
};

/**
 * Scope of the private, never-published workspace packages under `tools/` (snapshot tooling, test
 * helpers). A tool may import any published package; no published package may depend on a tool
 * (a devDependency is fine: tests are not shipped).
 */
export const TOOLS_SCOPE = "@promptstack-tools/";

/** The package whose sources must be pure. */
export const PURE_PACKAGE = "@promptstack/renderer";

/** Every package whose sources must be pure: the renderer and the request builders. */
export const PURE_PACKAGES: readonly string[] = [PURE_PACKAGE, "@promptstack/providers"];

/** File-name prefixes of the modules allowed to touch the file system. */
export const IO_MODULE_PREFIXES: readonly string[] = [
  "load-",
  "read-",
  "discover-",
  "write-",
  "seed-",
  "watch-",
];

const FS_MODULES = new Set(["fs", "fs/promises", "node:fs", "node:fs/promises"]);
const FORBIDDEN_GLOBALS_IN_PURE = new Set(["process", "Date", "globalThis", "require"]);
const MUTABLE_CONSTRUCTORS = new Set(["Map", "Set", "WeakMap", "WeakSet", "WeakRef"]);

export interface SourceFile {
  /** Path relative to the repo root, for messages. */
  readonly path: string;
  readonly text: string;
}

export interface PackageInput {
  readonly dir: string;
  readonly manifest: {
    readonly name?: string;
    readonly private?: boolean;
    readonly dependencies?: Record<string, string>;
    readonly devDependencies?: Record<string, string>;
    readonly peerDependencies?: Record<string, string>;
  };
  /** Non-test source files under `src/`. */
  readonly sources: readonly SourceFile[];
}

export interface LayerViolation {
  readonly rule:
    | "unknown-package"
    | "manifest-edge"
    | "import-edge"
    | "undeclared-import"
    | "impure-import"
    | "impure-global"
    | "module-state"
    | "io-module-name"
    | "unused-dependency"
    | "tool-edge"
    | "tool-published"
    | "layer-docs";
  readonly path: string;
  readonly message: string;
}

/** Checks every package against the layer table; returns all violations (empty = clean). */
export function checkLayers(packages: readonly PackageInput[]): LayerViolation[] {
  const violations: LayerViolation[] = [];
  for (const pkg of packages) {
    const name = pkg.manifest.name ?? "";
    const entry = LAYER_TABLE[name];
    const manifestPath = join(pkg.dir, "package.json");
    if (name.startsWith(TOOLS_SCOPE)) {
      if (pkg.manifest.private !== true) {
        violations.push({
          rule: "tool-published",
          path: manifestPath,
          message: `${name} is repo-only tooling: set "private": true in its package.json so it is never published`,
        });
      }
      continue;
    }
    if (entry === undefined) {
      violations.push({
        rule: "unknown-package",
        path: manifestPath,
        message: `package "${name}" is not in the layer table; add it to LAYER_TABLE in scripts/check-layers.ts and STYLE.md`,
      });
      continue;
    }
    const declared = new Set<string>();
    for (const field of ["dependencies", "devDependencies", "peerDependencies"] as const) {
      for (const dep of Object.keys(pkg.manifest[field] ?? {})) {
        if (dep.startsWith(TOOLS_SCOPE) && field !== "devDependencies") {
          violations.push({
            rule: "tool-edge",
            path: manifestPath,
            message: `${name} is published and must not depend on the repo-only ${dep} (${field}); only its tests may use it (devDependencies)`,
          });
        }
        if (!dep.startsWith("@promptstack/")) continue;
        declared.add(dep);
        if (!entry.mayDependOn.includes(dep)) {
          violations.push({
            rule: "manifest-edge",
            path: manifestPath,
            message: `${name} (layer ${entry.layer}) must not depend on ${dep} (${describeLayer(dep)}); edges point down only`,
          });
        }
      }
    }
    for (const source of pkg.sources) {
      violations.push(...checkSource(name, entry.mayDependOn, declared, source));
    }
    // A declared dependency is an imported one: a leftover edge misleads readers and installs.
    const imported = new Set(pkg.sources.flatMap((source) => findWorkspaceImports(source.text)));
    for (const dep of Object.keys(pkg.manifest.dependencies ?? {})) {
      if (!dep.startsWith("@promptstack/") || imported.has(dep)) continue;
      violations.push({
        rule: "unused-dependency",
        path: manifestPath,
        message: `${name} declares ${dep} in dependencies but no file under src/ imports it; remove it (or move it to devDependencies when only tests use it)`,
      });
    }
  }
  return violations;
}

const WORKSPACE_SPECIFIER =
  /(?:\bfrom|\bimport\s*\(?)\s*["'](@promptstack\/[a-z0-9-]+)(?:\/[^"']*)?["']/g;

/** The workspace packages a source file imports or re-exports (static or dynamic). */
function findWorkspaceImports(text: string): string[] {
  return [...text.matchAll(WORKSPACE_SPECIFIER)].map((match) => match[1] as string);
}

function describeLayer(name: string): string {
  const entry = LAYER_TABLE[name];
  return entry === undefined ? "not a known package" : `layer ${entry.layer}`;
}

function checkSource(
  packageName: string,
  mayDependOn: readonly string[],
  declared: ReadonlySet<string>,
  source: SourceFile,
): LayerViolation[] {
  const violations: LayerViolation[] = [];
  const file = ts.createSourceFile(source.path, source.text, ts.ScriptTarget.Latest, true);
  const pure = PURE_PACKAGES.includes(packageName);
  const at = (node: ts.Node): string => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    return `${source.path}:${line + 1}`;
  };

  const checkSpecifier = (specifier: string, node: ts.Node): void => {
    if (specifier.startsWith(TOOLS_SCOPE)) {
      violations.push({
        rule: "tool-edge",
        path: at(node),
        message: `${packageName} is published and must not import the repo-only ${specifier}; move what it needs into a published package`,
      });
      return;
    }
    if (specifier.startsWith("@promptstack/")) {
      const target = specifier.split("/").slice(0, 2).join("/");
      if (target === packageName) return;
      if (!mayDependOn.includes(target)) {
        violations.push({
          rule: "import-edge",
          path: at(node),
          message: `${packageName} imports ${target} (${describeLayer(target)}); edges point down only`,
        });
      } else if (!declared.has(target)) {
        violations.push({
          rule: "undeclared-import",
          path: at(node),
          message: `${packageName} imports ${target} without declaring it in package.json dependencies`,
        });
      }
      return;
    }
    if (pure && (specifier.startsWith("node:") || isBareBuiltin(specifier))) {
      violations.push({
        rule: "impure-import",
        path: at(node),
        message: `${packageName === PURE_PACKAGE ? "the renderer" : packageName} must stay pure: remove the import of "${specifier}"`,
      });
    }
    if (FS_MODULES.has(specifier) && !isIoModule(source.path)) {
      violations.push({
        rule: "io-module-name",
        path: at(node),
        message: `only modules named ${IO_MODULE_PREFIXES.map((p) => `${p}*`).join(", ")} may touch the file system; move the I/O into one or rename the module`,
      });
    }
  };

  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      checkSpecifier(node.moduleSpecifier.text, node);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      checkSpecifier(node.arguments[0].text, node);
    } else if (pure && ts.isIdentifier(node) && FORBIDDEN_GLOBALS_IN_PURE.has(node.text)) {
      if (isValueReference(node)) {
        violations.push({
          rule: "impure-global",
          path: at(node),
          message: `${packageName === PURE_PACKAGE ? "the renderer" : packageName} must stay pure: "${node.text}" reads ambient state; pass the value in as input`,
        });
      }
    } else if (
      pure &&
      ts.isPropertyAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "Math" &&
      node.name.text === "random"
    ) {
      violations.push({
        rule: "impure-global",
        path: at(node),
        message: "the renderer must stay pure and deterministic: Math.random is not allowed",
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);

  if (pure) {
    for (const statement of file.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      const isConst = (statement.declarationList.flags & ts.NodeFlags.Const) !== 0;
      for (const declaration of statement.declarationList.declarations) {
        const name = declaration.name.getText(file);
        if (!isConst) {
          violations.push({
            rule: "module-state",
            path: at(declaration),
            message: `the renderer must not keep module-level mutable state: "${name}" is a top-level let/var`,
          });
        } else if (
          declaration.initializer !== undefined &&
          createsMutableCollection(declaration.initializer)
        ) {
          violations.push({
            rule: "module-state",
            path: at(declaration),
            message: `the renderer must not keep module-level mutable state: "${name}" is a top-level Map/Set/cache; build it inside the function or freeze it`,
          });
        }
      }
    }
  }
  return violations;
}

function createsMutableCollection(node: ts.Expression): boolean {
  return (
    ts.isNewExpression(node) &&
    ts.isIdentifier(node.expression) &&
    MUTABLE_CONSTRUCTORS.has(node.expression.text)
  );
}

/** True when the identifier is read as a value (not a property name, type name or declaration). */
function isValueReference(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false;
  if (ts.isPropertyAssignment(parent) && parent.name === node) return false;
  if (ts.isPropertySignature(parent) || ts.isPropertyDeclaration(parent)) return false;
  if (ts.isMethodDeclaration(parent) || ts.isMethodSignature(parent)) return false;
  if (ts.isTypeReferenceNode(parent) || ts.isQualifiedName(parent)) return false;
  if (ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent)) return false;
  if (ts.isParameter(parent) && parent.name === node) return false;
  if (ts.isVariableDeclaration(parent) && parent.name === node) return false;
  if (ts.isBindingElement(parent)) return false;
  if (ts.isLiteralTypeNode(parent) || ts.isTypeQueryNode(parent)) return false;
  return true;
}

const BUILTINS = new Set([
  "assert",
  "buffer",
  "child_process",
  "crypto",
  "events",
  "fs",
  "fs/promises",
  "http",
  "https",
  "net",
  "os",
  "path",
  "process",
  "stream",
  "timers",
  "url",
  "util",
  "worker_threads",
  "zlib",
]);

function isBareBuiltin(specifier: string): boolean {
  return BUILTINS.has(specifier);
}

function isIoModule(path: string): boolean {
  const name = basename(path);
  return IO_MODULE_PREFIXES.some((prefix) => name.startsWith(prefix));
}

function isSourceFile(name: string): boolean {
  return name.endsWith(".ts") && !name.endsWith(".test.ts") && !name.endsWith(".d.ts");
}

function listSources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listSources(full));
    else if (entry.isFile() && isSourceFile(entry.name)) out.push(full);
  }
  return out;
}

/** Reads every `packages/*` and `tools/*` manifest and its `src/` sources below `root`. */
export function readWorkspacePackages(root: string): PackageInput[] {
  return ["packages", "tools"]
    .map((folder) => join(root, folder))
    .filter((dir) => statSync(dir, { throwIfNoEntry: false })?.isDirectory())
    .flatMap((dir) =>
      readdirSync(dir)
        .sort()
        .map((name) => join(dir, name)),
    )
    .filter((dir) => statSync(join(dir, "package.json"), { throwIfNoEntry: false })?.isFile())
    .map((dir) => {
      const srcDir = join(dir, "src");
      const sources = statSync(srcDir, { throwIfNoEntry: false })?.isDirectory()
        ? listSources(srcDir).map((path) => ({
            path: relative(root, path),
            text: readFileSync(path, "utf8"),
          }))
        : [];
      return {
        dir: relative(root, dir),
        manifest: JSON.parse(
          readFileSync(join(dir, "package.json"), "utf8"),
        ) as PackageInput["manifest"],
        sources,
      };
    });
}

/** Markers around the generated layer table in docs/architecture.md. */
export const LAYER_DOC_MARKERS = {
  begin: "<!-- layer-table: generated from LAYER_TABLE in scripts/check-layers.ts -->",
  end: "<!-- layer-table end -->",
} as const;

/** The layer table as Markdown: the one table this check enforces, lowest layer first. */
export function formatLayerTableMarkdown(table: typeof LAYER_TABLE = LAYER_TABLE): string {
  const rows = Object.entries(table)
    .sort(([a, x], [b, y]) => x.layer - y.layer || (a < b ? -1 : a > b ? 1 : 0))
    .map(
      ([name, entry]) =>
        `| L${entry.layer} | \`${name}\` | ${entry.mayDependOn.length === 0 ? "nothing of ours" : entry.mayDependOn.map((dep) => `\`${dep.replace("@promptstack/", "")}\``).join(", ")} |`,
    );
  return ["| layer | package | may depend on |", "| --- | --- | --- |", ...rows].join("\n");
}

/** Table text with its alignment padding removed, so prettier's column widths do not count. */
function normalizeTable(text: string): string {
  return text
    .trim()
    .split("\n")
    .map((line) => line.replace(/ +/g, " ").replace(/-{3,}/g, "---"))
    .join("\n");
}

/**
 * Whether the doc's block between the layer-table markers is the generated table (alignment
 * padding aside); undefined when the doc has no markers.
 */
export function isLayerTableCurrent(doc: string): boolean | undefined {
  const begin = doc.indexOf(LAYER_DOC_MARKERS.begin);
  const end = doc.indexOf(LAYER_DOC_MARKERS.end);
  if (begin === -1 || end < begin) return undefined;
  const block = doc.slice(begin + LAYER_DOC_MARKERS.begin.length, end);
  return normalizeTable(block) === normalizeTable(formatLayerTableMarkdown());
}

/** `doc` with the block between the layer-table markers replaced by the generated table. */
export function replaceLayerTableBlock(doc: string): string {
  const begin = doc.indexOf(LAYER_DOC_MARKERS.begin);
  const end = doc.indexOf(LAYER_DOC_MARKERS.end);
  return `${doc.slice(0, begin + LAYER_DOC_MARKERS.begin.length)}\n\n${formatLayerTableMarkdown()}\n\n${doc.slice(end)}`;
}

/** The architecture doc's copy of the layer table, checked (or rewritten with `--write-docs`). */
function checkLayerDocs(root: string, write: boolean): LayerViolation[] {
  const path = join(root, "docs", "architecture.md");
  const doc = readFileSync(path, "utf8");
  const current = isLayerTableCurrent(doc);
  if (current === undefined) {
    return [
      { rule: "layer-docs", path, message: "has no generated layer table (markers missing)" },
    ];
  }
  if (current) return [];
  if (write) {
    writeFileSync(path, replaceLayerTableBlock(doc));
    return [];
  }
  return [
    {
      rule: "layer-docs",
      path,
      message: "its layer table differs from LAYER_TABLE; run `pnpm check:layers --write-docs`",
    },
  ];
}

function main(): void {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const packages = readWorkspacePackages(root);
  const violations = [
    ...checkLayers(packages),
    ...checkLayerDocs(root, process.argv.includes("--write-docs")),
  ];
  const files = packages.reduce((n, p) => n + p.sources.length, 0);
  if (violations.length === 0) {
    console.log(`check-layers: ${packages.length} packages, ${files} source files, no violations`);
    return;
  }
  for (const v of violations) console.error(`${v.path}: [${v.rule}] ${v.message}`);
  console.error(`check-layers: ${violations.length} violation(s)`);
  process.exitCode = 1;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  main();
}
