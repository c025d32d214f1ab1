import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createTempDir, rejectedBy } from "@promptstack-tools/test-utils";
import { watchContainedInputs } from "@promptstack/safe-read";
import type { ContainedInputsWatcher } from "@promptstack/safe-read";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createTestIo } from "../../test/create-test-io.js";
import { CliError } from "../cli-error.js";
import { createLazyTokenCounter } from "../inputs/create-lazy-token-counter.js";
import { discoverCliAssets } from "../inputs/discover-cli-assets.js";
import { createInspectServer } from "./create-inspect-server.js";
import type { InspectServer } from "./create-inspect-server.js";
import type { InspectView } from "./inspect-view.js";
import { loadInspectView } from "./load-inspect-view.js";
import { startInspectSession } from "./start-inspect-session.js";

// The session's own logic, apart from rendering, serving and watching: the renders are views a
// test hands out when it wants (so it can change inputs while one is running), the server records
// what it is given, and the watcher is the callback the session registers.
vi.mock("./load-inspect-view.js", () => ({ loadInspectView: vi.fn<typeof loadInspectView>() }));
vi.mock("./create-inspect-server.js", () => ({
  createInspectServer: vi.fn<typeof createInspectServer>(),
}));
vi.mock("@promptstack/safe-read", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@promptstack/safe-read")>()),
  watchContainedInputs: vi.fn<typeof watchContainedInputs>(),
}));
const load = vi.mocked(loadInspectView);
const serve = vi.mocked(createInspectServer);
const watch = vi.mocked(watchContainedInputs);

afterEach(() => {
  vi.resetAllMocks();
});

function viewTitled(title: string): InspectView {
  return { title, diagnostics: [{ code: "NOTE", severity: "info", message: title }] } as never;
}

/** A server that records what it publishes and whether it was closed. */
function fakeServer(): InspectServer & { published: InspectView[]; closed: number } {
  const server = {
    url: "http://127.0.0.1:4242/",
    port: 4242,
    published: [] as InspectView[],
    closed: 0,
    publish: (view: InspectView) => void server.published.push(view),
    close: async () => void (server.closed += 1),
  };
  return server;
}

/** A watcher of nothing; `limited` says whether it stopped at the folder cap. */
function fakeWatcher(limited = false): ContainedInputsWatcher & { closed: number } {
  const watcher = {
    closed: 0,
    folders: () => ["/watched"],
    limited: () => limited,
    close: async () => void (watcher.closed += 1),
  };
  return watcher;
}

/** A render the test finishes by hand. */
function deferredView(): { promise: Promise<InspectView>; finish(view: InspectView): void } {
  let finish: (view: InspectView) => void = () => undefined;
  const promise = new Promise<InspectView>((resolve) => (finish = resolve));
  return { promise, finish };
}

const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe("startInspectSession: the port", () => {
  it("refuses a port it may not bind with a usage error naming the port", async () => {
    load.mockResolvedValue(viewTitled("first"));
    serve.mockRejectedValue(
      Object.assign(new Error("listen EACCES: permission denied 127.0.0.1:80"), { code: "EACCES" }),
    );
    const error = await rejectedBy(
      startInspectSession({ serve: true, port: 80 }, createTestIo(), createLazyTokenCounter()),
    );
    expect(CliError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: "CLI_USAGE",
      message: "Cannot serve on 127.0.0.1:80: permission denied.",
      path: "--port",
      hint: "Pick another --port, or leave it out for a free one.",
    });
    expect(serve.mock.calls).toEqual([
      [{ view: viewTitled("first"), port: 80, onError: expect.any(Function) }],
    ]);
  });

  it("passes any other failure to listen on as it is", async () => {
    load.mockResolvedValue(viewTitled("first"));
    const failure = Object.assign(new Error("listen EADDRNOTAVAIL"), { code: "EADDRNOTAVAIL" });
    serve.mockRejectedValue(failure);
    const io = createTestIo();
    expect(
      await rejectedBy(startInspectSession({ serve: true }, io, createLazyTokenCounter())),
    ).toBe(failure);
    expect(serve.mock.calls).toEqual([
      [{ view: viewTitled("first"), onError: expect.any(Function) }],
    ]);
  });

  it("reports a server error after listening on stderr, and keeps serving", async () => {
    load.mockResolvedValue(viewTitled("first"));
    const server = fakeServer();
    serve.mockResolvedValue(server);
    const io = createTestIo();
    const session = await startInspectSession({ serve: true }, io, createLazyTokenCounter());
    const onError = serve.mock.calls[0]?.[0].onError;
    onError?.(Object.assign(new Error("accept EMFILE"), { code: "EMFILE" }));
    onError?.(new Error("no code"));
    expect(io.err).toBe(
      "promptstack inspect: server error (EMFILE): accept EMFILE; still serving.\n" +
        "promptstack inspect: server error: no code; still serving.\n",
    );
    expect(server.closed).toBe(0);
    await session.close();
    expect(server.closed).toBe(1);
  });
});

describe("startInspectSession with watch", () => {
  it("never renders twice at once: changes during a render make exactly one more", async () => {
    const server = fakeServer();
    serve.mockResolvedValue(server);
    const watcher = fakeWatcher();
    watch.mockResolvedValue(watcher);
    const second = deferredView();
    const third = deferredView();
    load
      .mockResolvedValueOnce(viewTitled("first"))
      .mockReturnValueOnce(second.promise)
      .mockReturnValueOnce(third.promise);
    const io = createTestIo();
    const session = await startInspectSession(
      { serve: true, watch: true },
      io,
      createLazyTokenCounter(),
    );
    const onChange = watch.mock.calls[0]![1];

    onChange(["MEMORY.md"]);
    onChange(["MEMORY.md"]);
    onChange(["AGENTS.md"]);
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
    second.finish(viewTitled("second"));
    await flush();
    expect(load).toHaveBeenCalledTimes(3);
    third.finish(viewTitled("third"));
    await flush();
    expect(load).toHaveBeenCalledTimes(3);
    expect(server.published).toEqual([viewTitled("second"), viewTitled("third")]);
    expect(io.err).toBe("promptstack inspect: re-rendered.\npromptstack inspect: re-rendered.\n");

    // A change after the last render settled starts a new one.
    load.mockResolvedValueOnce(viewTitled("fourth"));
    onChange(["MEMORY.md"]);
    await session.close();
    expect(server.published.at(-1)).toEqual(viewTitled("fourth"));
    expect([watcher.closed, server.closed]).toEqual([1, 1]);
  });

  it("shows a failed render over the last good one and says so", async () => {
    const server = fakeServer();
    serve.mockResolvedValue(server);
    watch.mockResolvedValue(fakeWatcher());
    load
      .mockResolvedValueOnce(viewTitled("first"))
      .mockRejectedValueOnce(new CliError("CLI_CONFIG_INVALID", "Config is broken."));
    const io = createTestIo();
    const session = await startInspectSession(
      { serve: true, watch: true },
      io,
      createLazyTokenCounter(),
    );
    watch.mock.calls[0]![1](["config.json5"]);
    await session.close();
    const failure = { code: "CLI_CONFIG_INVALID", severity: "error", message: "Config is broken." };
    expect(server.published).toEqual([
      {
        ...viewTitled("first"),
        failure,
        diagnostics: [failure, ...viewTitled("first").diagnostics],
      },
    ]);
    expect(io.err).toBe(
      "promptstack inspect: render failed (CLI_CONFIG_INVALID); the page shows why.\n",
    );
  });

  it("watches the workspace and the facts, and no sections file, without a config", async () => {
    serve.mockResolvedValue(fakeServer());
    watch.mockResolvedValue(fakeWatcher());
    load.mockResolvedValue(viewTitled("first"));
    const workspace = createTempDir("promptstack-inspect-session-");
    const session = await startInspectSession(
      { serve: true, watch: true, workspace },
      createTestIo(),
      createLazyTokenCounter(),
    );
    const inputs = { folders: [workspace], files: [discoverCliAssets().demo.factsFile] };
    expect(session.watched).toEqual([workspace, discoverCliAssets().demo.factsFile].sort());
    expect(await watch.mock.calls[0]![0]()).toEqual(inputs);
    expect(session.watchedFolders()).toEqual(["/watched"]);
    await session.close();
  });

  it("watches the sections files the config names for the agent, main by default", async () => {
    serve.mockResolvedValue(fakeServer());
    watch.mockResolvedValue(fakeWatcher());
    load.mockResolvedValue(viewTitled("first"));
    const workspace = createTempDir("promptstack-inspect-session-");
    const config = join(workspace, "config.json5");
    await writeFile(
      config,
      JSON.stringify({
        agents: {
          entries: {
            main: { sections: { file: "main.md" } },
            helper: { sections: { file: "helper.md" } },
          },
        },
      }),
    );
    const factsFile = discoverCliAssets().demo.factsFile;
    for (const [agent, sections] of [
      [undefined, "main.md"],
      ["helper", "helper.md"],
    ] as const) {
      const session = await startInspectSession(
        { serve: true, watch: true, workspace, config, ...(agent === undefined ? {} : { agent }) },
        createTestIo(),
        createLazyTokenCounter(),
      );
      expect(session.watched).toEqual(
        [workspace, config, factsFile, join(workspace, sections)].sort(),
      );
      await session.close();
    }
  });

  it("says when the watcher stopped at its folder cap", async () => {
    serve.mockResolvedValue(fakeServer());
    watch.mockResolvedValue(fakeWatcher(true));
    load.mockResolvedValue(viewTitled("first"));
    const io = createTestIo();
    const session = await startInspectSession(
      { serve: true, watch: true, workspace: createTempDir("promptstack-inspect-session-") },
      io,
      createLazyTokenCounter(),
    );
    await session.close();
    expect(io.err).toBe(
      "promptstack inspect: watching only the first 2000 folders; a change below the rest is not seen.\n",
    );
  });

  it("closes the server when the watcher cannot start", async () => {
    const server = fakeServer();
    serve.mockResolvedValue(server);
    load.mockResolvedValue(viewTitled("first"));
    const failure = new Error("EMFILE: too many open files, watch");
    watch.mockRejectedValue(failure);
    const workspace = createTempDir("promptstack-inspect-session-");
    expect(
      await rejectedBy(
        startInspectSession(
          { serve: true, watch: true, workspace },
          createTestIo(),
          createLazyTokenCounter(),
        ),
      ),
    ).toBe(failure);
    expect(server.closed).toBe(1);
  });
});
