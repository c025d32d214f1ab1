/**
 * The inspect page's HTML, whole, as golden files: every heading, label, sentence, attribute and
 * where the inline style and script go (each is checked once, whole, and stands in the goldens as
 * a placeholder, so a style change does not touch every golden). The browser test
 * (`test/browser/`) checks how the page behaves; these pin what it says. Inputs are hand-written views (`view.json`, plus `options.json` for a
 * served page); update the goldens with `pnpm vitest run -u` and review the diff.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { listFixtureFolders } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { buildInspectPage } from "../../src/inspect/build-inspect-page.js";
import type { InspectPageOptions } from "../../src/inspect/build-inspect-page.js";
import { INSPECT_PAGE_SCRIPT, INSPECT_PAGE_STYLE } from "../../src/inspect/inspect-page-assets.js";
import type { InspectView } from "../../src/inspect/inspect-view.js";

const FIXTURES = join(import.meta.dirname, "../../../../fixtures/cli/inspect-page");

const CASES = [
  // A served page whose last render failed over a good one: every part of the page at once.
  "every-part-served-live",
  // A written page when no render has worked yet: no sections, no files, no skills.
  "first-render-failed",
  // Two identical turns under a session prefix pinned at an unknown time, without a boundary.
  "identical-turns-session-prefix",
];

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, "utf8")) as T;
}

const STYLE = `<style>${INSPECT_PAGE_STYLE}</style>`;
const SCRIPT = `<script>${INSPECT_PAGE_SCRIPT}</script>`;

function buildCase(name: string): string {
  const dir = join(FIXTURES, name);
  const optionsPath = join(dir, "options.json");
  const options = existsSync(optionsPath) ? readJson<InspectPageOptions>(optionsPath) : {};
  return buildInspectPage(readJson<InspectView>(join(dir, "view.json")), options);
}

/** The page with its style sheet and script, each present exactly once, as placeholders. */
function withAssetPlaceholders(page: string): string {
  expect(page.split(STYLE)).toHaveLength(2);
  expect(page.split(SCRIPT)).toHaveLength(2);
  return page
    .replace(STYLE, "<style>/* INSPECT_PAGE_STYLE */</style>")
    .replace(SCRIPT, "<script>/* INSPECT_PAGE_SCRIPT */</script>");
}

describe("inspect page golden files", () => {
  it("covers every fixture folder", () => {
    expect(listFixtureFolders(FIXTURES)).toEqual([...CASES].sort());
  });

  for (const name of CASES) {
    it(`lays out ${name}`, async () => {
      await expect(withAssetPlaceholders(buildCase(name))).toMatchFileSnapshot(
        join(FIXTURES, name, "expected.html"),
      );
    });
  }

  it("carries a style sheet for both colour schemes (the script is pinned by its hash in the CSP)", () => {
    expect(INSPECT_PAGE_STYLE).toContain("color-scheme: light dark;");
    expect(INSPECT_PAGE_STYLE).toContain("@media (prefers-color-scheme: dark) {");
  });

  it("detects a one-word change in the page", () => {
    const golden = readFileSync(join(FIXTURES, "first-render-failed", "expected.html"), "utf8");
    const page = withAssetPlaceholders(buildCase("first-render-failed"));
    expect(page).toBe(golden);
    expect(page.replace("No render has worked yet", "No render worked yet") === golden).toBe(false);
  });
});
