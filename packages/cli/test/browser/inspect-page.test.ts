import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createTempDir } from "@promptstack-tools/test-utils";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CacheExplanation } from "../../src/reports/build-cache-explanation.js";
import type { RenderOutput } from "../../src/output/render-output-schema.js";
import { runCli } from "../../src/run-cli.js";
import { createTestIo } from "../create-test-io.js";
import { REPO_ROOT } from "../run-cli-binary.js";
import { copyDemoWorkspace } from "../inspect/copy-demo-workspace.js";
import { browserTestPlan, launchTestBrowser } from "./launch-test-browser.js";
import type { TestBrowser } from "./launch-test-browser.js";
import { spawnInspectServer } from "./spawn-inspect-server.js";

// These tests drive Debian's chromium through playwright-core. Their wall time is printed at the
// end (a measurement for people, never asserted).
const plan = browserTestPlan();
if (!plan.run) console.warn(`Skipping the inspect browser tests: ${plan.reason}.`);

const BEFORE = "fixtures/cli/facts/telegram-direct.json";
const AFTER = "fixtures/cli/facts/telegram-direct-browser-tool.json";
const SCREENSHOT_DIR = join(REPO_ROOT, ".tmp");

async function runOk(args: readonly string[], cwd = REPO_ROOT): Promise<string> {
  const io = createTestIo({ cwd });
  expect(await runCli(args, io), io.err).toBe(0);
  return io.out;
}

interface OpenedPage {
  readonly page: Page;
  /** Console errors, uncaught exceptions and failed requests seen so far. */
  readonly problems: string[];
}

/** What page-side functions use of the page's globals (the tests typecheck without the DOM library). */
interface InPage {
  readonly document: {
    querySelector(selector: string): { readonly textContent: string | null } | null;
  };
}

// Page-side code is passed as source text: the tests typecheck without the DOM library.
async function inPage<T>(page: Page, expression: string): Promise<T> {
  return (await page.evaluate(expression)) as T;
}

function focusedBand(page: Page): Promise<string | null> {
  return inPage(page, `document.activeElement?.getAttribute("data-band") ?? null`);
}

function toNumber(text: string | null): number {
  return Number((text ?? "").replace(/,/g, ""));
}

describe.skipIf(!plan.run)("the inspect page in Chromium", () => {
  let browser: TestBrowser;
  let outDir: string;
  let rendered: RenderOutput;
  let startedAt: number;

  async function open(url: string): Promise<OpenedPage> {
    const page = await browser.context.newPage();
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("requestfailed", (request) => problems.push(`request failed: ${request.url()}`));
    await page.goto(url);
    return { page, problems };
  }

  async function writePage(args: readonly string[], name: string): Promise<string> {
    const file = join(outDir, name);
    await runOk(["inspect", ...args, "--out", file]);
    return pathToFileURL(file).href;
  }

  beforeAll(async () => {
    startedAt = Date.now();
    outDir = await mkdtemp(join(tmpdir(), "promptstack-inspect-pages-"));
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    rendered = JSON.parse(await runOk(["render", "--json"])) as RenderOutput;
    browser = await launchTestBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    console.info(`inspect browser tests took ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  });

  it("loads the demo page from file:// with no console error; bands and totals equal render --json", async () => {
    const { page, problems } = await open(await writePage([], "demo.html"));
    const bands = await page
      .locator("[data-band]")
      .evaluateAll((elements) =>
        elements.map((element) => [
          element.getAttribute("data-section-id"),
          element.getAttribute("data-cache"),
          Number(element.getAttribute("data-tokens")),
        ]),
      );
    expect(bands).toEqual(
      rendered.sections.map((section) => [section.id, section.cache, section.tokens]),
    );
    expect(toNumber(await page.locator('[data-total="tokens"]').textContent())).toBe(
      rendered.totals.tokens,
    );
    expect(toNumber(await page.locator('[data-total="stable-tokens"]').textContent())).toBe(
      rendered.totals.stableTokens,
    );
    expect(toNumber(await page.locator('[data-total="sections"]').textContent())).toBe(
      rendered.sections.length,
    );
    // Real structure: one h1, section headings, tables with header cells.
    expect(await page.locator("h1").count()).toBe(1);
    expect(await page.getByRole("heading", { level: 2, name: "Prompt map" }).count()).toBe(1);
    expect(await page.locator("#sections-table th[scope=col]").count()).toBeGreaterThan(0);
    // For people (docs/inspect-demo.png is a copy): the whole map with one section open.
    await page.setViewportSize({ width: 1280, height: 1640 });
    await page.locator('[data-section-id="skills"]').click();
    await inPage(page, "window.scrollTo(0, 0)");
    await page.screenshot({ path: join(SCREENSHOT_DIR, "inspect-demo.png") });
    expect(problems).toEqual([]);
  });

  it("draws the cache boundary between the last stable band and the first volatile band", async () => {
    const { page } = await open(await writePage([], "boundary.html"));
    const box = async (selector: string) => {
      const found = await page.locator(selector).boundingBox();
      if (found === null) throw new Error(`${selector} is not visible`);
      return found;
    };
    const stable = rendered.sections.filter((section) => section.cache === "stable");
    const volatile = rendered.sections.filter((section) => section.cache === "volatile");
    const lastStable = await box(`[data-section-id="${stable.at(-1)?.id}"]`);
    const boundary = await box("#cache-boundary");
    const firstVolatile = await box(`[data-section-id="${volatile[0]?.id}"]`);
    expect(boundary.y).toBeGreaterThanOrEqual(lastStable.y + lastStable.height);
    expect(firstVolatile.y).toBeGreaterThanOrEqual(boundary.y + boundary.height);
    // And in the document: no band of the other side crosses it.
    const sides = await inPage<{ above: string[]; below: string[] }>(
      page,
      `(() => {
        const children = [...document.getElementById("map").children];
        const at = children.findIndex((child) => child.id === "cache-boundary");
        const cacheOf = (list) =>
          list.filter((child) => child.hasAttribute("data-band")).map((band) => band.getAttribute("data-cache"));
        return { above: cacheOf(children.slice(0, at)), below: cacheOf(children.slice(at + 1)) };
      })()`,
    );
    expect(sides.above).toEqual(stable.map(() => "stable"));
    expect(sides.below).toEqual(volatile.map(() => "volatile"));
  });

  it("shows a section's text on click, Enter and Space", async () => {
    const { page, problems } = await open(await writePage([], "select.html"));
    const visibleText = () => page.locator(".section-text:not([hidden]) pre").textContent();
    expect(await page.locator(".section-text:not([hidden])").count()).toBe(0);

    await page.locator('[data-section-id="safety"]').click();
    expect(await visibleText()).toMatch(/^## Safety\n/);
    expect(await page.locator('[data-section-id="safety"]').getAttribute("aria-pressed")).toBe(
      "true",
    );

    await page.locator('[data-section-id="messaging"]').focus();
    await page.keyboard.press("Enter");
    expect(await visibleText()).toMatch(/^## Messaging\n/);

    await page.locator('[data-section-id="runtime"]').focus();
    await page.keyboard.press("Space");
    // The runtime section sits inside the runtime-tail markers; the reader shows it as rendered.
    expect(await visibleText()).toContain("## Runtime\nRuntime: host=");
    expect(await page.locator(".section-text:not([hidden])").count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it("lets the keyboard reach every band: Tab walks them in order, arrows move between them", async () => {
    const { page } = await open(await writePage([], "keyboard.html"));
    const count = await page.locator("[data-band]").count();
    const reached: number[] = [];
    for (let step = 0; step < count + 10 && reached.length < count; step += 1) {
      await page.keyboard.press("Tab");
      const band = await focusedBand(page);
      if (band !== null) reached.push(Number(band));
    }
    expect(reached).toEqual(Array.from({ length: count }, (_, index) => index));

    await page.locator('[data-band="0"]').focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    expect(await focusedBand(page)).toBe("2");
    await page.keyboard.press("End");
    expect(await focusedBand(page)).toBe(String(count - 1));
  });

  it("names the same first differing section as explain-cache, and outlines its band", async () => {
    const explanation = JSON.parse(
      await runOk(["explain-cache", "--before", BEFORE, "--after", AFTER, "--json"]),
    ) as CacheExplanation;
    const { page, problems } = await open(
      await writePage(["--before", BEFORE, "--after", AFTER], "diff.html"),
    );
    const sectionId = explanation.firstDifference?.sectionId;
    expect(sectionId).toBeDefined();
    expect(await page.locator("#first-difference").getAttribute("data-section-id")).toBe(sectionId);
    expect(await page.locator("#first-difference").textContent()).toContain(
      explanation.firstDifference?.heading,
    );
    expect(
      await page
        .locator(".band-diff")
        .evaluateAll((bands) => bands.map((band) => band.getAttribute("data-section-id"))),
    ).toEqual([sectionId]);
    expect(
      toNumber(await page.locator("#reusable-prefix-tokens").getAttribute("data-tokens")),
    ).toBe(explanation.sharedPrefix.tokens);
    await page.locator("#cache-diff").scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOT_DIR, "inspect-diff.png") });
    expect(problems).toEqual([]);
  });

  it("shows hostile workspace text as text: no injected element, no script runs", async () => {
    // The folder name lands in the title, the paths and the Workspace section.
    const parent = createTempDir("promptstack-inspect-hostile-");
    const workspace = join(parent, `ws"><img src=x onerror="window.__pwned=3">`);
    await mkdir(workspace);
    const hostile =
      '</pre></article><script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"><style>body{display:none}</style>';
    await writeFile(join(workspace, "AGENTS.md"), `# Rules\n\n${hostile}\n`);
    const { page, problems } = await open(
      await writePage(["--workspace", workspace], "hostile.html"),
    );
    await page.locator('[data-section-id="workspace_files"]').click();
    expect(await page.locator(".section-text:not([hidden]) pre").textContent()).toContain(hostile);
    expect(await page.locator("h1").textContent()).toContain('onerror="window.__pwned=3"');
    expect(
      await inPage(
        page,
        `({
          pwned: window.__pwned ?? null,
          scripts: document.scripts.length,
          images: document.images.length,
          styles: document.querySelectorAll("style").length,
        })`,
      ),
    ).toEqual({ pwned: null, scripts: 1, images: 0, styles: 1 });
    expect(problems).toEqual([]);
  });

  it("--serve --watch: an edit to MEMORY.md reaches the open page within 2 s; a broken config shows on the page", async () => {
    const demo = await copyDemoWorkspace();
    const server = await spawnInspectServer(["--watch", ...demo.args]);
    try {
      const { page, problems } = await open(server.url);
      await page.waitForFunction(
        () =>
          (globalThis as unknown as InPage).document
            .querySelector("#live-status")
            ?.textContent?.startsWith("Live") === true,
        undefined,
        { timeout: 10_000 },
      );
      await page.locator('[data-section-id="workspace_files"]').click();

      const marker = `Watch marker ${Date.now()}: the heron is back.`;
      const memory = join(demo.dir, "MEMORY.md");
      await writeFile(memory, `${await readFile(memory, "utf8")}\n- ${marker}\n`);
      const savedAt = Date.now();
      await page.waitForFunction(
        (text) =>
          (globalThis as unknown as InPage).document
            .querySelector(".section-text:not([hidden]) pre")
            ?.textContent?.includes(text) === true,
        marker,
        { timeout: 2000, polling: 50 },
      );
      console.info(`inspect --watch: edit visible after ${Date.now() - savedAt} ms`);
      // The reader kept the selected section across the update.
      expect(
        await page.locator('[data-section-id="workspace_files"]').getAttribute("aria-pressed"),
      ).toBe("true");

      const config = join(demo.dir, "config.json5");
      const good = await readFile(config, "utf8");
      await writeFile(config, "{ agents: { defaults: ");
      await page.locator("#failure").waitFor({ timeout: 10_000 });
      expect(await page.locator("#failure").textContent()).toContain("CLI_CONFIG_INVALID");
      expect(await page.locator("#app").textContent()).toContain(marker);

      await writeFile(config, good);
      await page.locator("#failure").waitFor({ state: "detached", timeout: 10_000 });
      await page.screenshot({ path: join(SCREENSHOT_DIR, "inspect-watch.png") });
      expect(problems).toEqual([]);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
