import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
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
  /**
   * Told of a server error after listening, such as `EMFILE` when a connection cannot be
   * accepted; the server keeps serving. Without it such errors are ignored.
   */
  readonly onError?: (error: Error) => void;
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
    // After a refused request the connection is not reused: an unread body must not be parsed
    // as the next request.
    ...(status >= 400 ? { Connection: "close" } : {}),
  });
  response.end(body);
}

/** The most connections the server holds at once (event streams included); more are refused. */
export const INSPECT_MAX_CONNECTIONS = 128;
/** A client must send its whole request head within this time, and the whole request within
 * `INSPECT_REQUEST_TIMEOUT_MS`; a slower one is answered 408 and disconnected. */
export const INSPECT_HEADERS_TIMEOUT_MS = 5_000;
export const INSPECT_REQUEST_TIMEOUT_MS = 10_000;

/** The page's two routes; anything else is 404 (a well-formed path) or 400 (a malformed one). */
type InspectRoute = "page" | "events";

/**
 * Reads a request target without `new URL` (which throws on `//`, `//[`, `//%` and resolves
 * `//x` or `http://other/..` as another host): only origin-form, `/` then printable ASCII, is
 * accepted; an absolute-form URL, `*`, a leading `//`, a backslash, a `#` or a broken `%` escape
 * is malformed. Returns the route and the raw query, or `"malformed"` / `"unknown"`.
 */
export function parseInspectTarget(
  target: string,
): { readonly route: InspectRoute; readonly query: string } | "malformed" | "unknown" {
  if (!/^\/(?!\/)[\x21-\x7e]*$/.test(target) || /[\\#]|%(?![0-9A-Fa-f]{2})/.test(target)) {
    return "malformed";
  }
  const queryAt = target.indexOf("?");
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  const query = queryAt === -1 ? "" : target.slice(queryAt + 1);
  if (path === "/") return { route: "page", query };
  if (path === "/events") return { route: "events", query };
  return "unknown";
}

const TEXT = "text/plain; charset=utf-8";

/**
 * Serves the inspect page on 127.0.0.1: `GET /` is the page, `GET /events` a server-sent event
 * stream of `render` events, one per `publish`. Requests naming another host are refused, so a
 * web page elsewhere cannot reach the server through DNS rebinding. Every other request gets a
 * 4xx and never ends the server: a malformed target or a request with a body 400, another
 * method 405, an unknown path 404, a head too large 431 and a client too slow 408 (Node's parser
 * answers those two through `clientError`); connections are capped at `INSPECT_MAX_CONNECTIONS`.
 */
export async function createInspectServer(options: InspectServerOptions): Promise<InspectServer> {
  let current = publishView(options.view, 1);
  const streams = new Set<ServerResponse>();
  let allowedHosts: ReadonlySet<string> = new Set();

  const route = (request: IncomingMessage, response: ServerResponse): void => {
    const target = acceptInspectRequest(request, response, allowedHosts);
    if (target === undefined) return;
    if (target.route === "page" || request.method === "HEAD") {
      send(
        response,
        200,
        target.route === "page" ? "text/html; charset=utf-8" : "text/event-stream; charset=utf-8",
        target.route === "page" ? current.page : "",
      );
      return;
    }
    openEventStream(response, target.query, current, streams);
  };

  const handle = (request: IncomingMessage, response: ServerResponse): void => {
    response.on("error", () => undefined);
    request.on("error", () => undefined);
    try {
      route(request, response);
    } catch {
      // Not reachable by any request the tests know; answered rather than left to kill the server.
      if (!response.headersSent) send(response, 400, TEXT, "Bad request.\n");
      else response.destroy();
    }
  };

  const server = createBoundedServer(handle);
  await listen(server, options.port ?? 0);
  // A failed accept is emitted as `error`; with no listener it would end the process.
  server.on("error", (error) => options.onError?.(error));
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

/**
 * Answers a request the server refuses (another host 403, a malformed target 400, another method
 * 405, a body 400, an unknown path 404) and returns undefined; returns the route of any other.
 */
function acceptInspectRequest(
  request: IncomingMessage,
  response: ServerResponse,
  allowedHosts: ReadonlySet<string>,
): { readonly route: InspectRoute; readonly query: string } | undefined {
  if (!allowedHosts.has(request.headers.host ?? "")) {
    send(response, 403, TEXT, "Forbidden: unexpected Host header.\n");
    return undefined;
  }
  const target = parseInspectTarget(request.url ?? "");
  if (target === "malformed") {
    send(response, 400, TEXT, "Bad request: the path is not a plain /path.\n");
    return undefined;
  }
  if (request.method !== "GET" && request.method !== "HEAD") {
    response.setHeader("Allow", "GET, HEAD");
    send(response, 405, TEXT, "Method not allowed.\n");
    return undefined;
  }
  const length = request.headers["content-length"];
  if (
    request.headers["transfer-encoding"] !== undefined ||
    (length !== undefined && length !== "0")
  ) {
    send(response, 400, TEXT, "Bad request: a GET carries no body.\n");
    return undefined;
  }
  if (target === "unknown") {
    send(response, 404, TEXT, "Not found.\n");
    return undefined;
  }
  return target;
}

/** Starts a `GET /events` stream: sends the latest render when the page is behind, then keeps it. */
function openEventStream(
  response: ServerResponse,
  query: string,
  current: Published,
  streams: Set<ServerResponse>,
): void {
  response.writeHead(200, {
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-store",
    Connection: "keep-alive",
  });
  response.write("retry: 1000\n\n");
  // A page loaded before the latest render catches up at once.
  if (new URLSearchParams(query).get("version") !== String(current.version)) {
    response.write(current.event);
  }
  streams.add(response);
  response.on("close", () => streams.delete(response));
}

/** An HTTP server with the inspect limits: timeouts, head size, connection cap, parser errors. */
function createBoundedServer(
  handle: (request: IncomingMessage, response: ServerResponse) => void,
): Server {
  const server = createServer(
    {
      headersTimeout: INSPECT_HEADERS_TIMEOUT_MS,
      requestTimeout: INSPECT_REQUEST_TIMEOUT_MS,
      // How often Node checks the two timeouts above (default 30 s).
      connectionsCheckingInterval: 1_000,
      maxHeaderSize: 16_384,
    },
    handle,
  );
  server.maxConnections = INSPECT_MAX_CONNECTIONS;
  server.maxHeadersCount = 100;
  server.on("clientError", answerClientError);
  return server;
}

/** Answers what Node's parser refused (431 head too large, 408 too slow, else 400), then closes. */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code !== "ECONNRESET" && socket.writable) {
    const status =
      error.code === "HPE_HEADER_OVERFLOW"
        ? "431 Request Header Fields Too Large"
        : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
          ? "408 Request Timeout"
          : "400 Bad Request";
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  } else {
    socket.destroy();
  }
}

/** Listens on `HOST`:`port`; rejects when the port cannot be bound. */
function listen(server: Server, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, HOST, () => {
      server.off("error", reject);
      resolve();
    });
  });
}
