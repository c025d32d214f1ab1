import { request } from "node:http";
import type { IncomingMessage } from "node:http";

/** One `GET` with an explicit Host header (fetch forbids setting it). */
export function getWithHost(
  url: string,
  host: string,
): Promise<{ status: number; body: string; type: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (response) => {
      let body = "";
      response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          body,
          type: String(response.headers["content-type"]),
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

/** An open server-sent event stream that collects what arrives. */
export interface EventStream {
  /** Everything received so far. */
  text(): string;
  /** Resolves once the received text satisfies `test`; rejects after `timeoutMs`. */
  until(test: (text: string) => boolean, timeoutMs: number): Promise<string>;
  close(): void;
}

/** Opens `url` as an event stream. */
export function openEventStream(url: string): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    let received = "";
    const waiters = new Set<() => void>();
    const req = request(url, (response: IncomingMessage) => {
      response.setEncoding("utf8").on("data", (chunk: string) => {
        received += chunk;
        for (const wake of waiters) wake();
      });
      resolve({
        text: () => received,
        until: (test, timeoutMs) =>
          new Promise((done, fail) => {
            const check = (): void => {
              if (!test(received)) return;
              clearTimeout(timer);
              waiters.delete(check);
              done(received);
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`event stream: condition not met in ${timeoutMs} ms:\n${received}`));
            }, timeoutMs);
            waiters.add(check);
            check();
          }),
        close: () => {
          req.destroy();
        },
      });
    });
    req.on("error", (error) => {
      if (received === "") reject(error);
    });
    req.end();
  });
}
