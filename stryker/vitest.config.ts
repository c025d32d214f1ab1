import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";
import rootConfig, { SETUP_FILES } from "../vitest.config.js";
import { FastestFirstSequencer } from "./fastest-first-sequencer.js";

// The vitest configuration Stryker runs (`pnpm test:mutation`): the root one's module resolution,
// and only the tests of the package under mutation (named by scripts/mutation-test.ts in
// PROMPTSTACK_MUTATION_PACKAGE), so a package's score is what its own tests catch.
const packageName = process.env["PROMPTSTACK_MUTATION_PACKAGE"];
if (packageName === undefined || !/^[a-z0-9-]+$/.test(packageName)) {
  throw new Error("stryker/vitest.config.ts: set PROMPTSTACK_MUTATION_PACKAGE to a package name");
}

export default defineConfig({
  root: fileURLToPath(new URL("..", import.meta.url)),
  resolve: rootConfig.resolve ?? {},
  ssr: rootConfig.ssr ?? {},
  test: {
    include: [
      `packages/${packageName}/src/**/*.test.ts`,
      `packages/${packageName}/test/**/*.test.ts`,
    ],
    exclude: [...configDefaults.exclude, "packages/*/test/browser/**"],
    setupFiles: [...SETUP_FILES, "stryker/fast-check-time-limit.ts"],
    sequence: { sequencer: FastestFirstSequencer },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
