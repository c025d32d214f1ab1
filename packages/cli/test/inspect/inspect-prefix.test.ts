/**
 * `inspect --prefix-policy session` (issue 33): the renders of one run share an assembler, and
 * the page (and the line `inspect` prints) shows the pinned prefix, its last refresh and the
 * pending change notes, escaped like every other text.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createLazyTokenCounter } from "../../src/inputs/create-lazy-token-counter.js";
import { startInspectSession } from "../../src/inspect/start-inspect-session.js";
import { runCli } from "../../src/run-cli.js";
import { createTestIo } from "../create-test-io.js";
import { copyDemoWorkspace } from "./copy-demo-workspace.js";
import { getWithHost, openEventStream } from "./read-event-stream.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function factsAt(dir: string, time: string): Promise<string> {
  const facts = JSON.parse(await readFile(join(dir, "facts.json"), "utf8")) as {
    time: Record<string, string>;
  };
  const file = join(dir, `facts-${time.replace(":", "")}.json`);
  await writeFile(file, JSON.stringify({ ...facts, time: { ...facts.time, time } }));
  return file;
}

describe("inspect --prefix-policy session", () => {
  it("--watch: an edit shows as a pending change note; the pin and its refresh are on the page", async () => {
    const demo = await copyDemoWorkspace();
    const session = await startInspectSession(
      {
        workspace: demo.dir,
        config: join(demo.dir, "config.json5"),
        facts: join(demo.dir, "facts.json"),
        skillEnv: join(demo.dir, ".demo-roots", "environment.json"),
        serve: true,
        watch: true,
        prefixPolicy: "session",
      },
      createTestIo(),
      createLazyTokenCounter(),
    );
    cleanups.push(() => session.close());
    const host = new URL(session.url).host;
    const first = await getWithHost(session.url, host);
    expect(first.body).toContain('id="prefix-state" data-reason="start"');
    expect(first.body).toContain("render 1 of 1");
    expect(first.body).toContain('data-pending="0"');

    const events = await openEventStream(`${session.url}events?version=1`);
    cleanups.push(() => events.close());
    const memory = join(demo.dir, "MEMORY.md");
    await writeFile(memory, `${await readFile(memory, "utf8")}- Pinned <b>marker</b>.\n`);
    await events.until((text) => text.includes("Pinned &lt;b&gt;marker"), 10_000);

    const page = (await getWithHost(session.url, host)).body;
    expect(page).toContain('data-pending="1"');
    expect(page).toMatch(/<li>file [^<]*MEMORY\.md edited, [\d,]+ chars<\/li>/);
    expect(page).toContain("+ - Pinned &lt;b&gt;marker&lt;/b&gt;.");
    expect(page).not.toContain("<b>marker");
    // Still the first render's pin: the stable prefix kept the old MEMORY.md.
    expect(page).toContain('data-reason="start"');
    expect(page).toContain("render 1 of 2");
  });

  it("--before/--after render through one assembler: a warm turn keeps the pin, a cold one refreshes", async () => {
    const demo = await copyDemoWorkspace();
    const warm = await factsAt(demo.dir, "09:15");
    const cold = await factsAt(demo.dir, "09:45");
    const flags = demo.args.filter((_, index) => index < 4 || index > 5);
    const results: string[] = [];
    for (const after of [warm, cold]) {
      const io = createTestIo();
      const out = join(demo.dir, "page.html");
      const args = ["inspect", ...flags, "--before", join(demo.dir, "facts.json")];
      const code = await runCli(
        [...args, "--after", after, "--out", out, "--prefix-policy", "session"],
        io,
      );
      expect(code, io.err).toBe(0);
      expect(await readFile(out, "utf8")).toContain('<h2 id="prefix-heading">Session prefix</h2>');
      results.push(io.out.split("\n")[1]!);
    }
    expect(results).toEqual([
      "Prefix policy session: pinned at 2026-11-29 09:12 (facts time); last refresh: start, render 1 of 2; no pending change notes.",
      "Prefix policy session: pinned at 2026-11-29 09:45 (facts time); last refresh: cold-cache, render 2 of 2; no pending change notes.",
    ]);
  });

  it("without the flag the page has no prefix section; a bad value is a CLI_USAGE error", async () => {
    const io = createTestIo();
    const demo = await copyDemoWorkspace();
    const out = join(demo.dir, "page.html");
    expect(await runCli(["inspect", ...demo.args, "--out", out], io), io.err).toBe(0);
    expect(await readFile(out, "utf8")).not.toContain('id="prefix"');
    expect(io.out).not.toContain("Prefix policy");
    const bad = createTestIo();
    expect(await runCli(["inspect", "--prefix-policy", "pinned"], bad)).toBe(2);
    expect(bad.err).toMatch(/^promptstack: error CLI_USAGE: --prefix-policy "pinned"/);
  });
});
