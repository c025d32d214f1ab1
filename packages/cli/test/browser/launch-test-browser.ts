import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import type { BrowserContext } from "playwright-core";

/**
 * Debian's chromium package by default; `PROMPTSTACK_CHROMIUM` names another installed browser
 * (the GitHub workflow points it at the runner's Chrome). The tests never download a browser.
 */
export const CHROMIUM_PATH = process.env["PROMPTSTACK_CHROMIUM"] ?? "/usr/bin/chromium";

/**
 * Whether the browser tests run, and if not, why. Without the binary they are skipped with a
 * message, except in CI (`CI` set), where a missing browser must fail the run.
 */
export function browserTestPlan(): { run: true } | { run: false; reason: string } {
  if (existsSync(CHROMIUM_PATH) || process.env["CI"] !== undefined) return { run: true };
  return {
    run: false,
    reason: `no browser at ${CHROMIUM_PATH}: install Debian's chromium (apt-get install chromium) to run the inspect page tests`,
  };
}

const LAUNCH_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** A headless Chromium with a fresh profile; `close` removes the profile. */
export interface TestBrowser {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

/** Launches the system Chromium through playwright-core with a throwaway `--user-data-dir`. */
export async function launchTestBrowser(
  colorScheme: "light" | "dark" = "light",
): Promise<TestBrowser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `The browser tests need ${CHROMIUM_PATH}; CI installs it with apt-get install chromium (see .ci/run).`,
    );
  }
  const profile = await mkdtemp(join(tmpdir(), "promptstack-chromium-"));
  // Playwright passes the profile as --user-data-dir; it refuses the flag in `args`.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: LAUNCH_ARGS,
    viewport: { width: 1280, height: 900 },
    colorScheme,
  });
  return {
    context,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
