import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { discoverCliAssets } from "./discover-cli-assets.js";
import { resolveDemoPaths } from "./resolve-demo-paths.js";

const LOCATIONS = { packagedDir: "/pkg/dist/assets", repoRoot: "/repo" };
const existing =
  (...paths: string[]) =>
  (path: string) =>
    paths.includes(path);

describe("discoverCliAssets", () => {
  it('prefers the packaged demo, shown as "demo"; a checkout is a folder with pnpm-workspace.yaml', () => {
    const packaged = {
      origin: "packaged",
      demo: resolveDemoPaths(join("/pkg/dist/assets", "demo"), "demo"),
      demoCodexCatalogFile: join("/pkg/dist/assets", "codex-model-catalog", "models.json"),
    };
    expect(discoverCliAssets(LOCATIONS, existing("/pkg/dist/assets/demo", "/repo"))).toEqual(
      packaged,
    );
    expect(
      discoverCliAssets(
        LOCATIONS,
        existing("/pkg/dist/assets/demo", "/repo", "/repo/pnpm-workspace.yaml"),
      ),
    ).toEqual({ ...packaged, repoRoot: "/repo" });
  });

  it("falls back to the repository's fixtures, shown under their repository path", () => {
    expect(discoverCliAssets(LOCATIONS, existing("/repo/pnpm-workspace.yaml"))).toEqual({
      origin: "repository",
      demo: resolveDemoPaths(
        join("/repo", "fixtures", "workspaces", "demo"),
        "fixtures/workspaces/demo",
      ),
      demoCodexCatalogFile: join("/repo", "fixtures", "codex-model-catalog", "models.json"),
      repoRoot: "/repo",
    });
  });
});
