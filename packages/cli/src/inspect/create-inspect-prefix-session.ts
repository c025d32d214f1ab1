import type { PromptAssembler } from "@promptstack/agent";
import type { CliIo } from "../cli-io.js";
import type { CliAssets } from "../inputs/discover-cli-assets.js";
import { loadRenderRunWith, openRenderAssembler } from "../inputs/load-render-run.js";
import type { RenderRun } from "../inputs/render-run.js";
import type { InspectOptions } from "./inspect-options.js";
import type { InspectPrefix } from "./inspect-view.js";

/**
 * The renders of one `inspect --prefix-policy session` run through one assembler, so the pinned
 * prefix lives across them: the first render pins it, `--after` (or each re-render while
 * watching) shows what changed since as pending change notes, until a refresh point.
 */
export interface InspectPrefixSession {
  /** Renders one turn; `facts` beats `options.facts`. */
  render(facts?: string): Promise<RenderRun>;
  /** The pin's state after the last render (undefined before the first). */
  state(): InspectPrefix | undefined;
  close(): Promise<void>;
}

/** Opens the session's assembler on first use; `close` releases it. */
export function createInspectPrefixSession(
  options: InspectOptions,
  io: CliIo,
): InspectPrefixSession {
  let opened: Promise<{ assembler: PromptAssembler; assets: CliAssets }> | undefined;
  let renders = 0;
  let lastRefresh: InspectPrefix["lastRefresh"] | undefined;
  let current: InspectPrefix | undefined;
  return {
    async render(facts) {
      opened ??= openRenderAssembler(options, io, { prefixPolicy: "session" });
      const { assembler, assets } = await opened;
      const run = await loadRenderRunWith(
        assembler,
        assets,
        facts === undefined ? options : { ...options, facts },
        io,
      );
      renders += 1;
      const { prefix } = run;
      if (prefix.refreshed !== undefined) {
        lastRefresh = { reason: prefix.refreshed.reason, render: renders };
      }
      current = {
        policy: "session",
        pinnedAt: prefix.pinnedAt === undefined ? null : new Date(prefix.pinnedAt).toISOString(),
        renders,
        lastRefresh: lastRefresh ?? { reason: "start", render: renders },
        pendingChanges: prefix.pendingChanges.map((change) => ({ ...change })),
        note: run.prompt.sections.find((section) => section.id === "workspace_changes")?.text ?? "",
      };
      return run;
    },
    state: () => current,
    async close() {
      if (opened === undefined) return;
      const { assembler } = await opened;
      await assembler.close();
    },
  };
}
