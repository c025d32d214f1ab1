import type { AgentTurn } from "@promptstack/agent";
import { CodexError, buildCodexTurn, findCodexMarkerLookAlikes } from "@promptstack/harness-codex";
import type { CodexConnectionKind } from "@promptstack/harness-codex";
import { CliError } from "../cli-error.js";
import type { CliIo } from "../cli-io.js";
import { loadCodexModelCatalog } from "./load-codex-model-catalog.js";
import type { RenderRun } from "./render-run.js";

/** What `loadCodexRun` needs beyond the embedded render. */
export interface CodexRunInputs {
  /** The assembled turn of the embedded render. */
  readonly turn: AgentTurn;
  readonly connection: CodexConnectionKind;
  /** `--catalog`, relative to `io.cwd`. */
  readonly catalog?: string;
  /** The synthetic catalog used when no real one is found. */
  readonly demoCatalogFile: string;
  /** The facts file as shown to the user, to name it when a fact breaks the Codex layers. */
  readonly factsFile?: string;
  /** `--config` as given, to name it when a config value breaks the Codex layers. */
  readonly configFile?: string;
  /** `--light-context`: a light cron turn, as the facts' `lightContext` would ask. */
  readonly lightContext?: boolean;
}

/** Stands in for the user's message: facts describe the run, not the message. */
export const CODEX_PLACEHOLDER_USER_MESSAGE = "(the user's message for this turn)";

/**
 * Placeholder thread id: the CLI shows params, it does not talk to Codex. The prompt snapshots use
 * the same one (`SNAPSHOT_THREAD_ID`); test/snapshot-parity.test.ts compares the two outputs.
 */
export const CODEX_PLACEHOLDER_THREAD_ID = "$thread";

function toCatalogLabel(source: string, origin: "flag" | "lookup" | "demo"): string {
  const file = source.split(/[\\/]/).pop() ?? "models.json";
  return origin === "demo" ? `demo ${file}, placeholder` : file;
}

const MARKER_SHAPES = "(`<!-- …BOUNDARY -->` or `<!-- …RUNTIME_TAIL… -->`)";

/** `CLI_FACTS_INVALID` or `CLI_CONFIG_INVALID` naming the input fields that spell a marker. */
function markerInFields(
  code: "CLI_FACTS_INVALID" | "CLI_CONFIG_INVALID",
  where: string,
  file: string | undefined,
  fields: readonly string[],
  cause: unknown,
): CliError {
  const [noun, verb] = fields.length === 1 ? ["field", "spells"] : ["fields", "spell"];
  return new CliError(
    code,
    `${where}: ${noun} ${fields.join(", ")} ${verb} a renderer marker ${MARKER_SHAPES}, which the Codex harness cannot carry.`,
    {
      ...(file === undefined ? {} : { path: file }),
      hint: `Reword ${fields[0]} so it does not read as an HTML comment marker (e.g. drop the \`<!--\`).`,
      cause,
    },
  );
}

/**
 * Builds the Codex turn; a `CODEX_BOUNDARY_LEAK` caused by an input value that spells a renderer
 * marker becomes an error naming the input and each field: `CLI_FACTS_INVALID` for a fact (a
 * tool description), else `CLI_CONFIG_INVALID` for a resolved config value (a TTS hint). Any
 * other leak stays the Codex error.
 */
function buildCodexTurnNamingInputs<T>(inputs: CodexRunInputs, build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (!CodexError.isInstance(error) || error.code !== "CODEX_BOUNDARY_LEAK") throw error;
    const { factsFile, configFile, turn } = inputs;
    const factFields = findCodexMarkerLookAlikes(turn.facts);
    if (factFields.length > 0) {
      const where = factsFile === undefined ? "The facts" : `Facts file ${factsFile}`;
      throw markerInFields("CLI_FACTS_INVALID", where, factsFile, factFields, error);
    }
    const configFields = findCodexMarkerLookAlikes(turn.config);
    if (configFields.length > 0) {
      const where = `${configFile === undefined ? "The config" : `Config file ${configFile}`} (resolved for agent ${turn.agentId})`;
      throw markerInFields("CLI_CONFIG_INVALID", where, configFile, configFields, error);
    }
    throw error;
  }
}

/**
 * Adds the Codex app-server params and the reconstructed layer stack to an embedded render run:
 * the assembled turn goes through `buildCodexTurn`, as a runtime's would.
 */
export async function loadCodexRun(
  run: RenderRun,
  inputs: CodexRunInputs,
  io: CliIo,
): Promise<RenderRun> {
  const loaded = await loadCodexModelCatalog(
    {
      demoCatalogFile: inputs.demoCatalogFile,
      ...(inputs.catalog === undefined ? {} : { catalog: inputs.catalog }),
    },
    io,
  );
  const { catalog } = loaded;
  const { turn: agentTurn } = inputs;
  if (inputs.lightContext === true && agentTurn.facts.sessionKind !== "cron") {
    throw new CliError(
      "CLI_USAGE",
      `--light-context applies only to cron turns; the facts' sessionKind is "${agentTurn.facts.sessionKind}".`,
      {
        path: "--light-context",
        hint: 'Pass facts with sessionKind "cron" (--facts), or leave --light-context out.',
      },
    );
  }
  const turn = buildCodexTurnNamingInputs(inputs, () =>
    buildCodexTurn(agentTurn, {
      connection: inputs.connection,
      threadId: CODEX_PLACEHOLDER_THREAD_ID,
      userText: CODEX_PLACEHOLDER_USER_MESSAGE,
      ...(inputs.lightContext === true ? { turnKind: "cron-light" as const } : {}),
      catalog,
      catalogLabel: toCatalogLabel(catalog.source, loaded.origin),
    }),
  );
  return {
    ...run,
    diagnostics: [...run.diagnostics, ...loaded.diagnostics, ...turn.diagnostics],
    codex: {
      threadStart: { ...turn.threadStart },
      threadResume: { ...turn.threadResume },
      turnStart: { ...turn.turnStart },
      layers: turn.layers,
    },
  };
}
