import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { request } from "node:http";
import type { IncomingMessage } from "node:http";
import { connect, createServer } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createInspectServer,
  parseInspectTarget,
} from "../../src/inspect/create-inspect-server.js";
import { createLazyTokenCounter } from "../../src/inputs/create-lazy-token-counter.js";
import { loadInspectView } from "../../src/inspect/load-inspect-view.js";
import type { InspectView } from "../../src/inspect/inspect-view.js";
import { startInspectSession, toInspectFailure } from "../../src/inspect/start-inspect-session.js";
import { CliError } from "../../src/cli-error.js";
import { runCli } from "../../src/run-cli.js";
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

  it("opens an event stream uncached and kept alive, starting with a retry hint", async () => {
    const server = await createInspectServer({ view });
    cleanups.push(() => server.close());
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const events = request(`${server.url}events?version=1`, resolve);
      events.on("error", reject);
      events.end();
    });
    cleanups.push(() => {
      response.destroy();
    });
    expect({ status: response.statusCode, ...response.headers }).toMatchObject({
      status: 200,
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      connection: "keep-alive",
    });
    const first = await new Promise<string>((resolve) =>
      response.setEncoding("utf8").once("data", resolve),
    );
    expect(first).toBe("retry: 1000\n\n");
  });

  it("sends open event streams a keep-alive comment every 15 seconds", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    cleanups.push(() => {
      vi.useRealTimers();
    });
    const server = await createInspectServer({ view });
    cleanups.push(() => server.close());
    const events = await openEventStream(`${server.url}events?version=1`);
    cleanups.push(() => events.close());
    await events.until((text) => text.includes("retry:"), 2000);
    vi.advanceTimersByTime(15_000);
    await events.until((text) => text.endsWith("\n\n: keep-alive\n\n"), 2000);
    expect(events.text()).toBe("retry: 1000\n\n: keep-alive\n\n");
    vi.advanceTimersByTime(15_000);
    await events.until((text) => text.split(": keep-alive").length === 3, 2000);
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

/** Sends `bytes` on a fresh connection and resolves to everything answered until it closes. */
function exchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port });
    let received = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve(received));
    socket.write(bytes, "latin1");
  });
}

describe("parseInspectTarget", () => {
  it.each([
    ["/", { route: "page", query: "" }],
    ["/?version=3", { route: "page", query: "version=3" }],
    ["/events", { route: "events", query: "" }],
    ["/events?version=2&x=%41", { route: "events", query: "version=2&x=%41" }],
    ["/events?", { route: "events", query: "" }],
    ["/nope", "unknown"],
    ["/events/", "unknown"],
    ["/%41", "unknown"],
    ["/a%4fb", "unknown"],
    ["//x", "malformed"],
    ["//", "malformed"],
    ["*", "malformed"],
    ["", "malformed"],
    ["http://127.0.0.1/", "malformed"],
    ["x/", "malformed"],
    ["/a b", "malformed"],
    ["/\u00e9", "malformed"],
    ["/tab\there", "malformed"],
    ["/\\x", "malformed"],
    ["/#frag", "malformed"],
    ["/?a#b", "malformed"],
    ["/%", "malformed"],
    ["/%4", "malformed"],
    ["/%zz", "malformed"],
    ["/x%4g", "malformed"],
  ])("reads %j", (target, expected) => {
    expect(parseInspectTarget(target)).toEqual(expected);
  });
});

describe("createInspectServer refusals (in process)", async () => {
  const view = await loadInspectView({}, createTestIo(), createLazyTokenCounter());

  async function start() {
    const server = await createInspectServer({ view });
    cleanups.push(() => server.close());
    const host = `127.0.0.1:${server.port}`;
    const ask = (head: string, body = ""): Promise<string> =>
      exchange(server.port, `${head}\r\nHost: ${host}\r\nConnection: close\r\n\r\n${body}`);
    return { server, ask };
  }

  /** The status line, the headers that matter here, and the body of one answer. */
  function answer(text: string) {
    const split = text.indexOf("\r\n\r\n");
    const lines = text.slice(0, split).split("\r\n");
    let body = text.slice(split + 4);
    const header = (name: string): string | undefined =>
      lines
        .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
        ?.slice(name.length + 1)
        .trim();
    if (header("Transfer-Encoding") === "chunked") {
      let rest = body;
      body = "";
      for (;;) {
        const size = Number.parseInt(rest, 16);
        if (!(size > 0)) break;
        const start = rest.indexOf("\r\n") + 2;
        body += rest.slice(start, start + size);
        rest = rest.slice(start + size + 2);
      }
    }
    return {
      status: lines[0],
      type: header("Content-Type"),
      allow: header("Allow"),
      connection: header("Connection"),
      cache: header("Cache-Control"),
      sniff: header("X-Content-Type-Options"),
      body,
    };
  }

  it("answers each refusal with its 4xx, a plain-text reason, and a closed connection", async () => {
    const { ask } = await start();
    const refusal = (status: string, body: string) => ({
      status,
      type: "text/plain; charset=utf-8",
      connection: "close",
      cache: "no-store",
      sniff: "nosniff",
      body,
    });
    expect(answer(await ask("GET //x HTTP/1.1"))).toMatchObject(
      refusal("HTTP/1.1 400 Bad Request", "Bad request: the path is not a plain /path.\n"),
    );
    const post = answer(await ask("POST / HTTP/1.1"));
    expect(post).toMatchObject(refusal("HTTP/1.1 405 Method Not Allowed", "Method not allowed.\n"));
    expect(post.allow).toBe("GET, HEAD");
    const withBody = refusal("HTTP/1.1 400 Bad Request", "Bad request: a GET carries no body.\n");
    expect(answer(await ask("GET / HTTP/1.1\r\nContent-Length: 5", "hello"))).toMatchObject(
      withBody,
    );
    expect(
      answer(await ask("GET / HTTP/1.1\r\nTransfer-Encoding: chunked", "5\r\nhello\r\n0\r\n\r\n")),
    ).toMatchObject(withBody);
    expect(answer(await ask("GET /nope HTTP/1.1"))).toMatchObject(
      refusal("HTTP/1.1 404 Not Found", "Not found.\n"),
    );
  });

  it("refuses another Host header, and a request without one, with a 403", async () => {
    const { server } = await start();
    const forbidden = {
      status: "HTTP/1.1 403 Forbidden",
      type: "text/plain; charset=utf-8",
      connection: "close",
      body: "Forbidden: unexpected Host header.\n",
    };
    const other = `GET / HTTP/1.1\r\nHost: attacker.example:${server.port}\r\n\r\n`;
    expect(answer(await exchange(server.port, other))).toMatchObject(forbidden);
    expect(answer(await exchange(server.port, "GET / HTTP/1.0\r\n\r\n"))).toMatchObject(forbidden);
  });

  it("answers a client that never finishes its request head with a 408", async () => {
    const { server } = await start();
    // Node checks the head's deadline (INSPECT_HEADERS_TIMEOUT_MS) once a second.
    const slow = await exchange(
      server.port,
      `GET / HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n`,
    );
    expect(slow).toBe(
      "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n",
    );
  });

  it("keeps a served connection open for the next request, and closes it after a refusal", async () => {
    const { server } = await start();
    const get = (target: string, close: boolean): string =>
      `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n${close ? "Connection: close\r\n" : ""}\r\n`;
    const statuses = (text: string): string[] => text.match(/HTTP\/1\.1 \d{3}/g) ?? [];
    const served = await exchange(server.port, get("/", false) + get("/nope", true));
    expect(statuses(served)).toEqual(["HTTP/1.1 200", "HTTP/1.1 404"]);
    const refused = await exchange(server.port, get("//x", false) + get("/", true));
    expect(statuses(refused)).toEqual(["HTTP/1.1 400"]);
  });

  it("serves a GET with an empty body, and answers HEAD with the type and no body", async () => {
    const { ask } = await start();
    const page = answer(await ask("GET / HTTP/1.1\r\nContent-Length: 0"));
    expect(page).toMatchObject({
      status: "HTTP/1.1 200 OK",
      type: "text/html; charset=utf-8",
      cache: "no-store",
      sniff: "nosniff",
    });
    expect(page.body).toContain("Prompt map");
    expect(answer(await ask("HEAD / HTTP/1.1"))).toMatchObject({
      status: "HTTP/1.1 200 OK",
      type: "text/html; charset=utf-8",
      body: "",
    });
    expect(answer(await ask("HEAD /events HTTP/1.1"))).toMatchObject({
      status: "HTTP/1.1 200 OK",
      type: "text/event-stream; charset=utf-8",
      body: "",
    });
  });

  it("answers what the parser refuses (a head too large 431, garbage 400) and keeps serving", async () => {
    const { server, ask } = await start();
    const huge = await ask(`GET / HTTP/1.1\r\nX-Huge: ${"h".repeat(20_000)}`);
    expect(huge).toBe(
      "HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\nContent-Length: 0\r\n\r\n",
    );
    const garbage = await exchange(server.port, "NOT HTTP AT ALL\r\n\r\n");
    expect(garbage).toBe(
      "HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n",
    );
    expect(answer(await ask("GET / HTTP/1.1")).status).toBe("HTTP/1.1 200 OK");
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

// A request to a closed server: refused, or a kept-alive socket found closed.
const CLOSED = expect.stringMatching(/^ECONN(REFUSED|RESET)$/);

/** Waits until `test` holds, checking every 20 ms; fails after `timeoutMs`. */
async function waitFor(test: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const start = Date.now();
  while (!test()) {
    if (Date.now() - start > timeoutMs) throw new Error(`not seen in ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Runs `promptstack inspect --serve ...args` in this process until it serves, and returns a stop
 * that calls the listener it added for `signal`, as Ctrl-C (SIGINT) or `kill` (SIGTERM) would.
 */
async function serveInProcess(args: readonly string[]) {
  const before = {
    SIGINT: process.listeners("SIGINT"),
    SIGTERM: process.listeners("SIGTERM"),
  };
  const io = createTestIo();
  const exit = runCli(["inspect", "--serve", ...args], io);
  let ended = false;
  void exit.finally(() => (ended = true));
  await waitFor(() => ended || io.out.includes("Press Ctrl-C to stop."), 20_000, "the ready line");
  const added = (signal: "SIGINT" | "SIGTERM") =>
    process.listeners(signal).filter((listener) => !before[signal].includes(listener));
  const stop = async (signal: "SIGINT" | "SIGTERM"): Promise<number> => {
    const listeners = added(signal);
    expect(listeners).toHaveLength(1);
    (listeners[0] as (signal: NodeJS.Signals) => void)(signal);
    return exit;
  };
  cleanups.push(async () => {
    if (!ended) await stop("SIGINT");
  });
  return { io, exit, added, stop, url: /^Serving (\S+)\n/.exec(io.out)?.[1] ?? "" };
}

describe("promptstack inspect --serve (in process)", () => {
  it("serves until Ctrl-C, then closes the server, drops its signal handlers and exits 0", async () => {
    const served = await serveInProcess([]);
    expect(served.io.out).toBe(`Serving ${served.url}\nPress Ctrl-C to stop.\n`);
    const host = new URL(served.url).host;
    expect((await getWithHost(served.url, host)).body).toContain("Prompt map");
    expect(served.added("SIGINT")).toHaveLength(1);
    expect(served.added("SIGTERM")).toHaveLength(1);
    expect(await served.stop("SIGINT")).toBe(0);
    expect(served.added("SIGINT")).toEqual([]);
    expect(served.added("SIGTERM")).toEqual([]);
    await expect(getWithHost(served.url, host)).rejects.toMatchObject({ code: CLOSED });
  });

  it("with --watch says how many inputs it watches, and stops on SIGTERM too", async () => {
    const demo = await copyDemoWorkspace();
    const served = await serveInProcess(["--watch", ...demo.args]);
    const watching = /\nWatching (\d+) inputs; the page updates on change\.\nPress Ctrl-C/.exec(
      served.io.out,
    );
    expect(Number(watching?.[1])).toBeGreaterThan(0);
    expect(await served.stop("SIGTERM")).toBe(0);
    expect(served.added("SIGINT")).toEqual([]);
    await expect(getWithHost(served.url, new URL(served.url).host)).rejects.toMatchObject({
      code: CLOSED,
    });
  });

  it("refuses a --port in use with a usage error naming the port", async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise<void>((resolve) => busy.close(() => resolve())));
    const port = (busy.address() as { port: number }).port;
    const io = createTestIo();
    expect(await runCli(["inspect", "--serve", "--port", String(port)], io)).toBe(2);
    expect(io.err).toBe(
      `promptstack: error CLI_USAGE: Cannot serve on 127.0.0.1:${port}: the port is in use.\n  where: --port\n  fix: Pick another --port, or leave it out for a free one.\n`,
    );
    expect(io.out).toBe("");
  });
});

describe("startInspectSession without watch", () => {
  it("serves the page and watches nothing", async () => {
    const session = await startInspectSession(
      { serve: true },
      createTestIo(),
      createLazyTokenCounter(),
    );
    cleanups.push(() => session.close());
    expect(session.watched).toEqual([]);
    expect(session.watchedFolders()).toEqual([]);
    const page = await getWithHost(session.url, new URL(session.url).host);
    expect(page.status).toBe(200);
  });
});

describe("toInspectFailure", () => {
  it("keeps a promptstack error's code, message, path and hint", () => {
    const error = new CliError("CLI_CONFIG_INVALID", "Config is broken.", {
      path: "config.json5",
      hint: "Fix it.",
    });
    expect(toInspectFailure(error)).toStrictEqual({
      code: "CLI_CONFIG_INVALID",
      severity: "error",
      message: "Config is broken.",
      path: "config.json5",
      hint: "Fix it.",
    });
    expect(toInspectFailure(new CliError("CLI_USAGE", "Bad flag."))).toStrictEqual({
      code: "CLI_USAGE",
      severity: "error",
      message: "Bad flag.",
    });
  });

  it("reports anything else as an internal error, asking for a bug report", () => {
    const hint = "This is a bug in promptstack; please report it with the inputs that caused it.";
    expect(toInspectFailure(new TypeError("x is not a function"))).toStrictEqual({
      code: "CLI_INTERNAL",
      severity: "error",
      message: "x is not a function",
      hint,
    });
    expect(toInspectFailure("a thrown string")).toStrictEqual({
      code: "CLI_INTERNAL",
      severity: "error",
      message: "a thrown string",
      hint,
    });
  });
});
