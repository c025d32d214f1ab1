import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { buildInspectMain, buildInspectPage } from "./build-inspect-page.js";
import type { InspectView } from "./inspect-view.js";

/** A running inspect server. */
export interface InspectServer {
  /** `http://127.0.0.1:<port>/` */
  readonly url: string;
  readonly port: number;
  /** Makes `view` the page and pushes it to every open page. */
  publish(view: InspectView): void;
  /** Stops accepting, ends every event stream, and resolves once the socket is closed. */
  close(): Promise<void>;
}

/** Options of `createInspectServer`. */
export interface InspectServerOptions {
  /** The first page to serve. */
  readonly view: InspectView;
  /** 0 (default) picks a free port. */
  readonly port?: number;
}

const HOST = "127.0.0.1";
const HEARTBEAT_MS = 15_000;

interface Published {
  readonly version: number;
  readonly page: string;
  readonly event: string;
}

function publishView(view: InspectView, version: number): Published {
  const update = JSON.stringify({
    version,
    html: buildInspectMain(view),
    failed: view.failure !== undefined,
  });
  return {
    version,
    page: buildInspectPage(view, { live: { version } }),
    event: `event: render\ndata: ${update}\n\n`,
  };
}

function send(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, {
    "Content-Type": type,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
  response.end(body);
}

/**
 * Serves the inspect page on 127.0.0.1: `GET /` is the page, `GET /events` a server-sent event
 * stream of `render` events, one per `publish`. Requests naming another host are refused, so a
 * web page elsewhere cannot reach the server through DNS rebinding.
 */
export async function createInspectServer(options: InspectServerOptions): Promise<InspectServer> {
  let current = publishView(options.view, 1);
  const streams = new Set<ServerResponse>();
  let allowedHosts: ReadonlySet<string> = new Set();

  const handle = (request: IncomingMessage, response: ServerResponse): void => {
    if (!allowedHosts.has(request.headers.host ?? "")) {
      send(response, 403, "text/plain; charset=utf-8", "Forbidden: unexpected Host header.\n");
      return;
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.setHeader("Allow", "GET, HEAD");
      send(response, 405, "text/plain; charset=utf-8", "Method not allowed.\n");
      return;
    }
    const url = new URL(request.url ?? "/", "http://localhost");
    if (url.pathname === "/") {
      send(response, 200, "text/html; charset=utf-8", current.page);
      return;
    }
    if (url.pathname === "/events") {
      response.writeHead(200, {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-store",
        Connection: "keep-alive",
      });
      response.write("retry: 1000\n\n");
      // A page loaded before the latest render catches up at once.
      if (url.searchParams.get("version") !== String(current.version)) {
        response.write(current.event);
      }
      streams.add(response);
      request.on("close", () => streams.delete(response));
      return;
    }
    send(response, 404, "text/plain; charset=utf-8", "Not found.\n");
  };

  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, HOST, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  allowedHosts = new Set([`${HOST}:${port}`, `localhost:${port}`]);
  const heartbeat = setInterval(() => {
    for (const stream of streams) stream.write(": keep-alive\n\n");
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    url: `http://${HOST}:${port}/`,
    port,
    publish(view) {
      current = publishView(view, current.version + 1);
      for (const stream of streams) stream.write(current.event);
    },
    close: async () => {
      clearInterval(heartbeat);
      for (const stream of streams) stream.end();
      streams.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
