import { defaultClientConditions, defaultServerConditions } from "vite";
import { configDefaults, defineConfig } from "vitest/config";

// Tests that drive a real browser (Debian's chromium through playwright-core).
const BROWSER_TESTS = "packages/*/test/browser/**/*.test.ts";

/** Setup files of every run, mutation runs included (stryker/vitest.config.ts adds its own). */
export const SETUP_FILES = [
  // `toThrow("…")` fails when the code throws undefined (vitest passes it).
  "tools/test-utils/src/strict-to-throw.ts",
];

export default defineConfig({
  // Read workspace packages from source: no build step before tests. Node-side test code is
  // resolved through the SSR pipeline, so the condition is set there too.
  resolve: { conditions: ["@promptstack/source", ...defaultClientConditions] },
  ssr: { resolve: { conditions: ["@promptstack/source", ...defaultServerConditions] } },
  test: {
    // The JSON report lets .ci/run print one closing "N passed, N failed" line.
    reporters: ["default", ["json", { outputFile: ".tmp/vitest-results.json" }]],
    // CI=true makes vitest refuse to write snapshots, so a missing or stale golden fails.
    testTimeout: 30_000,
    // Child-process suites start the CLI in beforeAll; on a loaded machine that exceeds 10 s.
    hookTimeout: 60_000,
    setupFiles: SETUP_FILES,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "packages/*/src/**/*.test.ts",
            "packages/*/test/**/*.test.ts",
            "tools/*/src/**/*.test.ts",
            "tools/*/test/**/*.test.ts",
            "scripts/**/*.test.ts",
            "stryker/**/*.test.ts",
          ],
          exclude: [...configDefaults.exclude, BROWSER_TESTS],
          benchmark: {
            include: [
              "packages/*/bench/**/*.bench.ts",
              "tools/*/bench/**/*.bench.ts",
              "scripts/**/*.bench.ts",
            ],
          },
        },
      },
      {
        // After every other test, alone: the browser's CPU use cannot slow other suites down,
        // and theirs cannot push the watch-mode test past its 2 s bound.
        extends: true,
        test: {
          name: "browser",
          include: [BROWSER_TESTS],
          // Benchmarks run once, in the unit project.
          benchmark: { include: ["packages/*/test/browser/**/*.bench.ts"] },
          sequence: { groupOrder: 1 },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
