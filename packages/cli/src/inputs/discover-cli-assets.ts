import { existsSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { discoverCliPackageDir } from "./discover-cli-package-dir.js";
import { resolveDemoPaths } from "./resolve-demo-paths.js";
import type { DemoPaths } from "./resolve-demo-paths.js";

/** How the packaged demo workspace is shown in outputs (the repository copy keeps its path). */
export const PACKAGED_DEMO_DISPLAY_DIR = "demo";

/** The repository copy's display path: stable in every clone. */
export const REPOSITORY_DEMO_DISPLAY_DIR = "fixtures/workspaces/demo";

/** What the CLI ships besides code, and the checkout it runs from, if any. */
export interface CliAssets {
  /** `packaged`: the copies under `dist/assets/`; `repository`: the repository's fixtures. */
  readonly origin: "packaged" | "repository";
  readonly demo: DemoPaths;
  /** The synthetic Codex model catalog (placeholder instructions). */
  readonly demoCodexCatalogFile: string;
  /** Root of the promptstack checkout; absent when the CLI runs from an installed package. */
  readonly repoRoot?: string;
}

/** Where to look: the package's `dist/assets` folder and the would-be repository root. */
export interface CliAssetLocations {
  readonly packagedDir: string;
  readonly repoRoot: string;
}

/**
 * Where to look, from the module's place in the package: the `assets` folder of the tree the
 * module runs from (`dist/assets` for the built or installed package; `src/assets` never exists),
 * and two folders above the package for a checkout.
 */
export function toDefaultAssetLocations(
  moduleUrl: string = import.meta.url,
  exists: (path: string) => boolean = existsSync,
): CliAssetLocations {
  const packageDir = discoverCliPackageDir(moduleUrl, exists);
  const tree = relative(packageDir, fileURLToPath(moduleUrl)).split(sep)[0] ?? "";
  return {
    packagedDir: join(packageDir, tree, "assets"),
    // The package folder sits in the repository root's packages/ folder.
    repoRoot: join(packageDir, "..", ".."),
  };
}

/**
 * Finds the demo workspace and the synthetic Codex catalog: the packaged copies first (the
 * built package, `dist/assets/`), else the repository's fixtures (running from `src/`).
 */
export function discoverCliAssets(
  locations: CliAssetLocations = toDefaultAssetLocations(),
  exists: (path: string) => boolean = existsSync,
): CliAssets {
  const isCheckout = exists(join(locations.repoRoot, "pnpm-workspace.yaml"));
  const checkout = isCheckout ? { repoRoot: locations.repoRoot } : {};
  const packagedDemo = join(locations.packagedDir, "demo");
  if (exists(packagedDemo)) {
    return {
      origin: "packaged",
      demo: resolveDemoPaths(packagedDemo, PACKAGED_DEMO_DISPLAY_DIR),
      demoCodexCatalogFile: join(locations.packagedDir, "codex-model-catalog", "models.json"),
      ...checkout,
    };
  }
  return {
    origin: "repository",
    demo: resolveDemoPaths(
      join(locations.repoRoot, "fixtures", "workspaces", "demo"),
      REPOSITORY_DEMO_DISPLAY_DIR,
    ),
    demoCodexCatalogFile: join(
      locations.repoRoot,
      "fixtures",
      "codex-model-catalog",
      "models.json",
    ),
    ...checkout,
  };
}
