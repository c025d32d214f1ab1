import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    // Read workspace packages from source: no build step before tests.
    conditions: ["@promptstack/source"],
  },
  test: {
    include: [
      "packages/*/src/**/*.test.ts",
      "packages/*/test/**/*.test.ts",
      "scripts/**/*.test.ts",
    ],
    benchmark: {
      include: ["packages/*/bench/**/*.bench.ts", "scripts/**/*.bench.ts"],
    },
    // CI=true makes vitest refuse to write snapshots, so a missing or stale golden fails.
    testTimeout: 30_000,
  },
});
