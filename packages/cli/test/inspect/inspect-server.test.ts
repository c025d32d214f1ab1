import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createInspectServer } from "../../src/inspect/create-inspect-server.js";
import { createLazyTokenCounter } from "../../src/inputs/create-lazy-token-counter.js";
import { loadInspectView } from "../../src/inspect/load-inspect-view.js";
import type { InspectView } from "../../src/inspect/inspect-view.js";
import { startInspectSession } from "../../src/inspect/start-inspect-session.js";
import { createTestIo } from "../create-test-io.js";
import { copyDemoWorkspace } from "./copy-demo-workspace.js";
import { getWithHost, openEventStream } from "./read-event-stream.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function withTitle(view: InspectView, title: string): InspectView {
  return {
    ...view,
    title,
    sections: view.sections.map((s) => ({ ...s, text: `${title} ${s.id}` })),
  };
}

describe("createInspectServer", async () => {
  const view = await loadInspectView({}, createTestIo(), createLazyTokenCounter());

  it("serves the live page on 127.0.0.1 and refuses other Host headers", async () => {
    const server = await createInspectServer({ view });
    cleanups.push(() => server.close());
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/`);
    const page = await getWithHost(server.url, `127.0.0.1:${server.port}`);
    expect(page.status).toBe(200);
    expect(page.type).toBe("text/html; charset=utf-8");
    expect(page.body).toContain('<body data-live="1" data-version="1">');
    expect((await getWithHost(server.url, `localhost:${server.port}`)).status).toBe(200);
    expect((await getWithHost(server.url, `attacker.example:${server.port}`)).status).toBe(403);
    expect((await getWithHost(`${server.url}nope`, `127.0.0.1:${server.port}`)).status).toBe(404);
  });

  it("pushes each published view as a render event, and catches up a late subscriber", async () => {
    const server = await createInspectServer({ view });
    cleanups.push(() => server.close());
    const current = await openEventStream(`${server.url}events?version=1`);
    cleanups.push(() => current.close());
    await current.until((text) => text.includes("retry:"), 2000);
    expect(current.text()).not.toContain("event: render");

    server.publish(withTitle(view, "second-render"));
    const pushed = await current.until((text) => text.includes("second-render identity"), 2000);
    const data = /event: render\ndata: (.*)\n\n/.exec(pushed)?.[1];
    expect(JSON.parse(data ?? "{}")).toMatchObject({ version: 2, failed: false });

    const late = await openEventStream(`${server.url}events?version=1`);
    cleanups.push(() => late.close());
    await late.until((text) => text.includes("second-render identity"), 2000);
    const page = await getWithHost(server.url, `127.0.0.1:${server.port}`);
    expect(page.body).toContain('data-version="2"');
  });
});

describe("startInspectSession with watch", () => {
  it("re-renders on a workspace edit, shows a broken config on the page, and recovers", async () => {
    const demo = await copyDemoWorkspace();
    const io = createTestIo();
    const session = await startInspectSession(
      {
        workspace: demo.dir,
        config: join(demo.dir, "config.json5"),
        facts: join(demo.dir, "facts.json"),
        skillEnv: join(demo.dir, ".demo-roots", "environment.json"),
        serve: true,
        watch: true,
      },
      io,
      createLazyTokenCounter(),
    );
    cleanups.push(() => session.close());
    expect(session.watched).toContain(demo.dir);
    const events = await openEventStream(`${session.url}events?version=1`);
    cleanups.push(() => events.close());

    const memory = join(demo.dir, "MEMORY.md");
    await writeFile(memory, `${await readFile(memory, "utf8")}\n- Session marker: blue heron.\n`);
    await events.until((text) => text.includes("Session marker: blue heron."), 10_000);

    const config = join(demo.dir, "config.json5");
    const good = await readFile(config, "utf8");
    await writeFile(config, "{ agents: ");
    const broken = await events.until((text) => text.includes('"failed":true'), 10_000);
    expect(broken).toContain("CLI_CONFIG_INVALID");
    // The page still answers and shows the failure over the last good render.
    const page = await getWithHost(session.url, new URL(session.url).host);
    expect(page.body).toContain('role="alert"');
    expect(page.body).toContain("Session marker: blue heron.");

    const before = events.text().length;
    await writeFile(config, good);
    await events.until((text) => text.slice(before).includes('"failed":false'), 10_000);
    expect(io.err).toContain("render failed (CLI_CONFIG_INVALID)");
  });
});
