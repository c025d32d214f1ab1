import type { AgentTurn } from "@promptstack/agent";
import type { AgentSystemPromptInput, RenderedPrompt } from "@promptstack/renderer";
import type { Diagnostic } from "@promptstack/core";
import type { CodexModelPromptFixture } from "./build-codex-model-prompt-fixture.js";
import { formatCanonicalJson } from "@promptstack/core";
import { buildCodexTurn } from "@promptstack/harness-codex";
import type {
  BuildCodexTurnOptions,
  CodexModelCatalog,
  CodexTurn,
} from "@promptstack/harness-codex";

/** Snapshot folders under `fixtures/prompt-snapshots/`. */
export const PROMPT_SNAPSHOT_DIRS = ["codex-runtime-happy-path", "embedded-happy-path"] as const;

/** One snapshot scenario, already loaded and configured (no I/O left). */
export interface PromptSnapshotScenario {
  /** Kebab-case name, used in file names. */
  readonly name: string;
  readonly description: string;
  /** Fixed facts shown in the metadata table (clock, time zone, host, ...). */
  readonly metadata: Readonly<Record<string, string>>;
  /** The assembled turn (`@promptstack/agent`): what a live run of this scenario sends. */
  readonly turn: AgentTurn;
  /** The turn's renderer input (`turn.input`), re-rendered through the injectable renderer. */
  readonly rendererInput: AgentSystemPromptInput;
  /** The effective configuration the scenario ran with, shown as sorted JSON. */
  readonly effectiveConfig: unknown;
  /** The scenario's Codex options; absent for embedded-only scenarios (e.g. a sub-agent turn). */
  readonly codex?: Omit<BuildCodexTurnOptions, "threadId" | "catalog" | "catalogLabel" | "render">;
  readonly diagnostics: readonly Diagnostic[];
}

/** Everything the snapshot pipeline reads. */
export interface PromptSnapshotInputs {
  readonly codexVersion: string;
  readonly modelPrompt: CodexModelPromptFixture;
  readonly scenarios: readonly PromptSnapshotScenario[];
}

/** The injectable pieces: the renderer (so tests can prove a prompt change is caught). */
export interface PromptSnapshotOptions {
  readonly render: (input: AgentSystemPromptInput) => RenderedPrompt;
}

/** The params a scenario sends to Codex (thread id is a placeholder). */
export interface CodexScenarioParams extends CodexTurn {
  readonly name: string;
}

/** Placeholder thread id in snapshots; conformance replaces it with the real one. */
export const SNAPSHOT_THREAD_ID = "$thread";

/** Builds the Codex params and layer stack of every Codex scenario (through `buildCodexTurn`). */
export function buildCodexScenarioParams(
  inputs: PromptSnapshotInputs,
  options: PromptSnapshotOptions,
): CodexScenarioParams[] {
  const result: CodexScenarioParams[] = [];
  for (const scenario of inputs.scenarios) {
    if (scenario.codex === undefined) continue;
    const turn = buildCodexTurn(withShownFolders(scenario.turn), {
      ...scenario.codex,
      render: options.render,
      threadId: SNAPSHOT_THREAD_ID,
      catalog: toModelPromptCatalog(inputs.modelPrompt),
      catalogLabel: inputs.modelPrompt.source.file,
    });
    result.push({ name: scenario.name, ...turn });
  }
  return result;
}

/** The turn with its folders as shown: snapshot params never carry the checkout's real paths. */
function withShownFolders(turn: AgentTurn): AgentTurn {
  const { execution } = turn;
  return {
    ...turn,
    workspace: { dir: turn.workspace.shown, shown: turn.workspace.shown },
    ...(execution === undefined
      ? {}
      : { execution: { dir: execution.shown, shown: execution.shown } }),
  };
}

/** The pinned model prompt as a one-model catalog (its instructions are already resolved). */
function toModelPromptCatalog(fixture: CodexModelPromptFixture): CodexModelCatalog {
  return {
    source: fixture.source.file,
    shape: fixture.source.shape,
    models: [
      { slug: fixture.slug, baseInstructions: fixture.instructions, instructionsVariables: {} },
    ],
  };
}

/**
 * Builds every snapshot file: path relative to `fixtures/prompt-snapshots/` → exact bytes.
 * Pure: the same inputs and renderer always give the same bytes.
 */
export function buildPromptSnapshots(
  inputs: PromptSnapshotInputs,
  options: PromptSnapshotOptions & {
    /** The token counter of the layer tables, e.g. from `loadO200kTokenCounter()` (`@promptstack/o200k`). */
    readonly countTokens: (text: string) => number;
  },
): Map<string, string> {
  const count = options.countTokens;
  const files = new Map<string, string>();
  const codexByName = new Map(
    buildCodexScenarioParams(inputs, options).map((params) => [params.name, params]),
  );
  for (const scenario of [...inputs.scenarios].sort((a, b) => a.name.localeCompare(b.name))) {
    const codex = codexByName.get(scenario.name);
    if (codex !== undefined) {
      files.set(
        `codex-runtime-happy-path/${scenario.name}.md`,
        formatCodexSnapshot(scenario, codex, inputs, count),
      );
      files.set(
        `codex-runtime-happy-path/codex-dynamic-tools.${scenario.name}.json`,
        formatCanonicalJson(codex.threadStart.dynamicTools, { indent: 2 }),
      );
    }
    files.set(
      `embedded-happy-path/${scenario.name}.md`,
      formatEmbeddedSnapshot(scenario, options.render(scenario.rendererInput), count),
    );
  }
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function formatCodexSnapshot(
  scenario: PromptSnapshotScenario,
  codex: CodexScenarioParams,
  inputs: PromptSnapshotInputs,
  count: (text: string) => number,
): string {
  const toolNames = codex.threadStart.dynamicTools.map((tool) => tool.name);
  const toolsFile = `codex-dynamic-tools.${scenario.name}.json`;
  const threadStartShown = {
    ...codex.threadStart,
    dynamicTools: { $ref: toolsFile, names: toolNames },
  };
  const model = inputs.modelPrompt;
  const metadata: Record<string, string> = {
    scenario: scenario.name,
    connection: codex.plan.connection,
    "turn kind": codex.plan.turnKind,
    "codex version": inputs.codexVersion,
    model: codex.plan.model,
    "model prompt source": [
      model.source.file,
      model.source.shape,
      model.source.clientVersion === undefined ? "" : `client ${model.source.clientVersion}`,
      model.source.fetchedAt === undefined ? "" : `fetched ${model.source.fetchedAt}`,
    ]
      .filter((part) => part !== "")
      .join(", "),
    cwd: codex.plan.cwd,
    ...scenario.metadata,
  };
  const routing = codex.plan.routing.map(
    (decision) => `| ${decision.file} | ${decision.surface} | ${escapeCell(decision.reason)} |`,
  );
  const diagnostics = [...scenario.diagnostics, ...codex.plan.diagnostics];
  const layerRows = codex.layers.map(
    (layer, index) =>
      `| ${index + 1} | ${layer.role} | ${escapeCell(layer.source)} | ${layer.text.length} | ${count(layer.text)} |`,
  );
  const total = codex.layers.reduce((sum, layer) => sum + count(layer.text), 0);
  return joinBlocks([
    `# Codex runtime snapshot: ${scenario.name}`,
    "## Scope",
    [
      scenario.description,
      "This shows the app-server params promptstack sends and the model-bound layers they become.",
      "It is not a raw request capture: Codex adds runtime-owned context (its AGENTS.md discovery, environment context, memories, app and plugin instructions, the Default collaboration preset when `developer_instructions` is null).",
      `Dynamic tool specs are shown by name; the full specs are in \`${toolsFile}\`.`,
      `Thread ids are the placeholder \`${SNAPSHOT_THREAD_ID}\`.`,
    ].join("\n"),
    "## Scenario Metadata",
    formatTable(["key", "value"], Object.entries(metadata)),
    "### Routing",
    ["| file | surface | reason |", "| --- | --- | --- |", ...routing].join("\n"),
    "### Diagnostics",
    formatDiagnostics(diagnostics),
    "## Effective Config",
    fence("json", formatCanonicalJson(scenario.effectiveConfig, { indent: 2 }).trimEnd()),
    "## Thread Start Params",
    fence("json", formatCanonicalJson(threadStartShown, { indent: 2 }).trimEnd()),
    "## Thread Resume Params",
    fence("json", formatCanonicalJson(codex.threadResume, { indent: 2 }).trimEnd()),
    "## Turn Start Params",
    fence("json", formatCanonicalJson(codex.turnStart, { indent: 2 }).trimEnd()),
    "## Reconstructed Model-Bound Prompt Layers",
    [
      "| # | role | source | chars | tokens (o200k_base) |",
      "| --- | --- | --- | --- | --- |",
      ...layerRows,
      `| | | total | ${codex.layers.reduce((sum, layer) => sum + layer.text.length, 0)} | ${total} |`,
    ].join("\n"),
    ...codex.layers.flatMap((layer, index) => [
      `### ${index + 1}. ${layer.role}: ${layer.source}`,
      fence("text", layer.text),
    ]),
    "## Dynamic Tool Names",
    toolNames.length === 0 ? "(none)" : toolNames.map((name) => `- ${name}`).join("\n"),
  ]);
}

function formatEmbeddedSnapshot(
  scenario: PromptSnapshotScenario,
  rendered: RenderedPrompt,
  count: (text: string) => number,
): string {
  const rows = rendered.sections.map(
    (section, index) =>
      `| ${index + 1} | ${section.id} | ${escapeCell(section.heading === "" ? "(none)" : section.heading)} | ${section.cache} | ${section.text.length} | ${count(section.text)} |`,
  );
  const metadata: Record<string, string> = {
    scenario: scenario.name,
    "prompt mode": scenario.rendererInput.mode ?? "full",
    "session kind": scenario.rendererInput.sessionKind ?? "(unset)",
    ...scenario.metadata,
    "total chars": String(rendered.text.length),
    "total tokens (o200k_base)": String(count(rendered.text)),
    "boundary offset": String(rendered.boundary),
  };
  return joinBlocks([
    `# Embedded system prompt snapshot: ${scenario.name}`,
    "## Scope",
    [
      scenario.description,
      "The embedded harness's full system prompt for this turn, exactly as rendered (cache-boundary marker included).",
    ].join("\n"),
    "## Scenario Metadata",
    formatTable(["key", "value"], Object.entries(metadata)),
    "## Effective Config",
    fence("json", formatCanonicalJson(scenario.effectiveConfig, { indent: 2 }).trimEnd()),
    "## Sections",
    [
      "| # | id | heading | cache | chars | tokens (o200k_base) |",
      "| --- | --- | --- | --- | --- | --- |",
      ...rows,
    ].join("\n"),
    "## System Prompt",
    fence("text", rendered.text),
  ]);
}

function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [
    `| ${header.join(" | ")} |`,
    `| ${header.map(() => "---").join(" | ")} |`,
    ...rows.map((row) => `| ${row.map(escapeCell).join(" | ")} |`),
  ].join("\n");
}

function formatDiagnostics(diagnostics: readonly Diagnostic[]): string {
  if (diagnostics.length === 0) return "(none)";
  return diagnostics
    .map(
      (d) => `- ${d.severity} ${d.code}: ${d.message}${d.path === undefined ? "" : ` (${d.path})`}`,
    )
    .join("\n");
}

function escapeCell(value: string): string {
  return value.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

function fence(language: string, text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const ticks = "`".repeat(Math.max(3, longest + 1));
  return `${ticks}${language}\n${text}\n${ticks}`;
}

function joinBlocks(blocks: readonly string[]): string {
  return `${blocks.join("\n\n")}\n`;
}
