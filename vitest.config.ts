import { defaultClientConditions, defaultServerConditions } from "vite";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // Read workspace packages from source: no build step before tests. Node-side test code is
  // resolved through the SSR pipeline, so the condition is set there too.
  resolve: { conditions: ["@promptstack/source", ...defaultClientConditions] },
  ssr: { resolve: { conditions: ["@promptstack/source", ...defaultServerConditions] } },
  test: {
    include: [
      "packages/*/src/**/*.test.ts",
      "packages/*/test/**/*.test.ts",
      "scripts/**/*.test.ts",
    ],
    benchmark: {
      include: ["packages/*/bench/**/*.bench.ts", "scripts/**/*.bench.ts"],
    },
    // The JSON report lets .ci/run print one closing "N passed, N failed" line.
    reporters: ["default", ["json", { outputFile: ".tmp/vitest-results.json" }]],
    // CI=true makes vitest refuse to write snapshots, so a missing or stale golden fails.
    testTimeout: 30_000,
    // Hooks spawn the CLI binary and copy fixtures; on a loaded machine 10 s (the default) is short.
    hookTimeout: 30_000,
  },
});
