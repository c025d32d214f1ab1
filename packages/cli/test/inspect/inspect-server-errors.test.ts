import * as http from "node:http";
import type { Server } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createInspectServer } from "../../src/inspect/create-inspect-server.js";
import type { InspectView } from "../../src/inspect/inspect-view.js";
import { loadInspectView } from "../../src/inspect/load-inspect-view.js";
import { createLazyTokenCounter } from "../../src/inputs/create-lazy-token-counter.js";
import { createTestIo } from "../create-test-io.js";
import { getWithHost } from "./read-event-stream.js";

// A listening server emits `error` when it cannot accept a connection (`EMFILE`, `ENFILE`), which
// a test cannot provoke on cue: the real `createServer` runs, and the test keeps each server it
// made so it can emit that error itself.
const servers: Server[] = [];
vi.mock("node:http", async (importOriginal) => {
  const actual = await importOriginal<typeof http>();
  const createServer = (...args: Parameters<typeof http.createServer>): Server => {
    const server = actual.createServer(...args);
    servers.push(server);
    return server;
  };
  return { ...actual, createServer, default: { ...actual, createServer } };
});

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  servers.length = 0;
});

function acceptError(): NodeJS.ErrnoException {
  return Object.assign(new Error("accept EMFILE"), { code: "EMFILE", syscall: "accept" });
}

describe("createInspectServer: errors after listening", async () => {
  const view: InspectView = await loadInspectView({}, createTestIo(), createLazyTokenCounter());

  it("tells onError of each one and keeps serving", async () => {
    const seen: Error[] = [];
    const server = await createInspectServer({ view, onError: (error) => seen.push(error) });
    closers.push(() => server.close());
    expect(servers).toHaveLength(1);
    const first = acceptError();
    const second = acceptError();
    servers[0]?.emit("error", first);
    servers[0]?.emit("error", second);
    expect(seen).toEqual([first, second]);
    expect(seen[0]).toBe(first);
    const page = await getWithHost(server.url, `127.0.0.1:${server.port}`);
    expect(page.status).toBe(200);
  });

  it("ignores them without onError instead of ending the process", async () => {
    const server = await createInspectServer({ view });
    closers.push(() => server.close());
    // With no `error` listener, `emit` would throw the error here.
    expect(servers[0]?.emit("error", acceptError())).toBe(true);
    expect((await getWithHost(server.url, `127.0.0.1:${server.port}`)).status).toBe(200);
  });
});
