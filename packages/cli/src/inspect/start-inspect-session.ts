import { PromptstackError } from "@promptstack/core";
import { CliError } from "../cli-error.js";
import type { CliIo } from "../cli-io.js";
import type { LazyTokenCounter } from "../inputs/create-lazy-token-counter.js";
import { discoverCliAssets } from "../inputs/discover-cli-assets.js";
import { createInspectServer } from "./create-inspect-server.js";
import type { InspectServer } from "./create-inspect-server.js";
import { createInspectPrefixSession } from "./create-inspect-prefix-session.js";
import type { InspectOptions } from "./inspect-options.js";
import type { InspectDiagnostic, InspectView } from "./inspect-view.js";
import { loadInspectView } from "./load-inspect-view.js";
import { WATCH_MAX_FOLDERS, watchContainedInputs } from "@promptstack/safe-read";
import type { ContainedInputsWatcher, WatchInputs } from "@promptstack/safe-read";
import { readConfigSectionsFiles } from "./read-config-sections-files.js";
import { resolveWatchPaths } from "./resolve-watch-paths.js";

/** A served inspect page, re-rendered on change when watching. */
export interface InspectSession {
  readonly url: string;
  /** Absolute paths watched (folders below which changes count, and single files); empty without `watch`. */
  readonly watched: readonly string[];
  /** Folders with a watch now (one each); empty without `watch`. */
  watchedFolders(): readonly string[];
  /** Stops the watcher and the server. */
  close(): Promise<void>;
}

/** Turns a failed render into the diagnostic the page shows; never throws. */
export function toInspectFailure(error: unknown): InspectDiagnostic {
  if (PromptstackError.isInstance(error)) {
    return {
      code: error.code,
      severity: "error",
      message: error.message,
      ...(error.path === undefined ? {} : { path: error.path }),
      ...(error.hint === undefined ? {} : { hint: error.hint }),
    };
  }
  return {
    code: "CLI_INTERNAL",
    severity: "error",
    message: error instanceof Error ? error.message : String(error),
    hint: "This is a bug in promptstack; please report it with the inputs that caused it.",
  };
}

function toFailedView(lastGood: InspectView, error: unknown): InspectView {
  const failure = toInspectFailure(error);
  return { ...lastGood, failure, diagnostics: [failure, ...lastGood.diagnostics] };
}

async function listen(
  view: InspectView,
  port: number | undefined,
  io: CliIo,
): Promise<InspectServer> {
  const onError = (error: Error): void => {
    const code = (error as NodeJS.ErrnoException).code;
    io.stderr(
      `promptstack inspect: server error${code === undefined ? "" : ` (${code})`}: ${error.message}; still serving.\n`,
    );
  };
  try {
    return await createInspectServer({ view, onError, ...(port === undefined ? {} : { port }) });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === "EADDRINUSE" || code === "EACCES") {
      throw new CliError(
        "CLI_USAGE",
        `Cannot serve on 127.0.0.1:${port ?? 0}: ${code === "EADDRINUSE" ? "the port is in use" : "permission denied"}.`,
        { path: "--port", hint: "Pick another --port, or leave it out for a free one." },
      );
    }
    throw error;
  }
}

/**
 * Renders once (bad input throws, as for `render`), serves the page, and with `watch` re-renders
 * whenever an input changes, pushing each render to open pages. A render that fails while
 * watching keeps the server up: the page shows the failure above the last render that worked.
 * Renders never overlap; changes during a render trigger one more.
 */
export async function startInspectSession(
  options: InspectOptions,
  io: CliIo,
  tokenCounter: LazyTokenCounter,
): Promise<InspectSession> {
  // Under `session` every render shares one assembler: the pin lives as long as the server.
  const prefixSession =
    options.prefixPolicy === "session" ? createInspectPrefixSession(options, io) : undefined;
  let lastGood: InspectView;
  let server: InspectServer;
  try {
    lastGood = await loadInspectView(options, io, tokenCounter, prefixSession);
    server = await listen(lastGood, options.port, io);
  } catch (error) {
    await prefixSession?.close();
    throw error;
  }
  const closeServer = async (): Promise<void> => {
    await server.close();
    await prefixSession?.close();
  };
  if (options.watch !== true) {
    return {
      url: server.url,
      watched: [],
      watchedFolders: () => [],
      close: closeServer,
    };
  }

  let running: Promise<void> | undefined;
  let again = false;
  const renderOnce = async (): Promise<void> => {
    try {
      lastGood = await loadInspectView(options, io, tokenCounter, prefixSession);
      server.publish(lastGood);
      io.stderr("promptstack inspect: re-rendered.\n");
    } catch (error) {
      const failed = toFailedView(lastGood, error);
      server.publish(failed);
      io.stderr(
        `promptstack inspect: render failed (${failed.failure?.code ?? "?"}); the page shows why.\n`,
      );
    }
  };
  const rerender = (): void => {
    if (running !== undefined) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await renderOnce();
      } while (again);
      running = undefined;
    })();
  };

  const demo = (io.assets ?? discoverCliAssets()).demo;
  const paths = resolveWatchPaths(options, io.cwd, demo);
  // The sections file is read again with the config: a config edit can name another one.
  const inputs = async (): Promise<WatchInputs> => {
    const sections =
      paths.configFile === undefined
        ? []
        : await readConfigSectionsFiles(paths.configFile, options.agent ?? "main");
    return { folders: paths.folders, files: [...paths.files, ...sections] };
  };
  let watcher: ContainedInputsWatcher;
  try {
    watcher = await watchContainedInputs(inputs, rerender);
  } catch (error) {
    await closeServer();
    throw error;
  }
  if (watcher.limited()) {
    io.stderr(
      `promptstack inspect: watching only the first ${WATCH_MAX_FOLDERS} folders; a change below the rest is not seen.\n`,
    );
  }
  const watched = [...paths.folders, ...(await inputs()).files].sort();
  return {
    url: server.url,
    watched,
    watchedFolders: () => watcher.folders(),
    close: async () => {
      await watcher.close();
      await running;
      await closeServer();
    },
  };
}
