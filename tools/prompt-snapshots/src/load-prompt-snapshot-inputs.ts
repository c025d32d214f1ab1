import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { loadAgentTurn } from "@promptstack/agent";
import { parseRunFacts } from "@promptstack/config";
import { z } from "zod";
import type { CodexModelPromptFixture } from "./build-codex-model-prompt-fixture.js";
import type { PromptSnapshotInputs, PromptSnapshotScenario } from "./build-prompt-snapshots.js";
import { CodexError } from "@promptstack/harness-codex";

/** Where the scenario inputs live and which Codex release they describe. */
export interface LoadPromptSnapshotInputsOptions {
  readonly repoRoot: string;
  /** Default `<repoRoot>/fixtures/snapshot-scenarios`. */
  readonly scenarioDir?: string;
  /** Default `<repoRoot>/fixtures/codex-model-catalog/gpt-5.5.model-prompt.json`. */
  readonly modelPromptPath?: string;
  readonly codexVersion: string;
}

/** The fixed home every scenario path is shown under, whatever the checkout location. */
export const SNAPSHOT_VIRTUAL_HOME = "/home/agent";

const codexSchema = z.strictObject({
  connection: z.enum(["managed-stdio", "external", "desktop"]),
  turnKind: z.enum(["normal", "heartbeat", "cron-light", "cron"]),
  effort: z.string().min(1).optional(),
  approvalPolicy: z.enum(["untrusted", "on-request", "never"]),
  sandbox: z.enum(["read-only", "workspace-write", "danger-full-access"]),
  serviceName: z.string().min(1).optional(),
  executionDir: z.string().min(1).optional(),
});

const scenarioSchema = z.strictObject({
  description: z.string().min(1),
  agentId: z.string().min(1),
  promptMode: z.enum(["full", "minimal", "none"]),
  /** Beats the config's `systemPrompt.size`; absent: the config decides. */
  promptSize: z.enum(["full", "compact"]).optional(),
  runFacts: z.unknown(),
  codex: codexSchema.optional(),
  /** What the user wrote; absent on heartbeat turns, whose message is the turn's own input. */
  userMessage: z.string().min(1).optional(),
  /** Environment and binaries the skill gates see (nothing from the real machine). */
  skillEnv: z.record(z.string(), z.string()).optional(),
  bins: z.array(z.string()).optional(),
});

/**
 * Loads every scenario under `fixtures/snapshot-scenarios/` (sorted by file name) through the
 * prompt assembler of `@promptstack/agent`, the composition every runtime uses. Hermetic: the workspace lives under the fixture's
 * `home/` folder, which every returned path shows as `/home/agent`; nothing is read from the
 * real HOME, CODEX_HOME, environment or clock.
 */
export async function loadPromptSnapshotInputs(
  options: LoadPromptSnapshotInputsOptions,
): Promise<PromptSnapshotInputs> {
  const scenarioDir =
    options.scenarioDir ?? join(options.repoRoot, "fixtures", "snapshot-scenarios");
  const modelPromptPath =
    options.modelPromptPath ??
    join(options.repoRoot, "fixtures", "codex-model-catalog", "gpt-5.5.model-prompt.json");
  const home = join(scenarioDir, "home");
  const toVirtual = (value: string): string => value.split(home).join(SNAPSHOT_VIRTUAL_HOME);
  const toReal = (value: string): string =>
    value.startsWith(SNAPSHOT_VIRTUAL_HOME)
      ? home + value.slice(SNAPSHOT_VIRTUAL_HOME.length)
      : value;

  const configPath = join(scenarioDir, "config.json5");
  const modelPrompt = JSON.parse(
    await readFile(modelPromptPath, "utf8"),
  ) as CodexModelPromptFixture;

  const names = (await readdir(join(scenarioDir, "scenarios")))
    .filter((name) => name.endsWith(".json"))
    .sort();
  const scenarios: PromptSnapshotScenario[] = [];
  for (const fileName of names) {
    const path = join(scenarioDir, "scenarios", fileName);
    const parsed = scenarioSchema.safeParse(JSON.parse(await readFile(path, "utf8")));
    if (!parsed.success) {
      throw new CodexError(
        "CODEX_SNAPSHOT_INPUT_INVALID",
        `${path} is not a snapshot scenario: ${parsed.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`).join("; ")}.`,
        {
          path,
          hint: "Compare it with the other files in fixtures/snapshot-scenarios/scenarios/.",
        },
      );
    }
    const scenario = parsed.data;
    const facts = parseRunFacts(scenario.runFacts, { source: path });
    const bins = new Set(scenario.bins ?? []);
    const codex = scenario.codex;
    // The one composition: the same assembler the CLI and an agent runtime use.
    const turn = await loadAgentTurn({
      config: configPath,
      agentId: scenario.agentId,
      ...(codex?.executionDir === undefined ? {} : { executionDir: toReal(codex.executionDir) }),
      skillEnvironment: {
        platform: "linux",
        env: scenario.skillEnv ?? {},
        hasBin: (name) => bins.has(name),
      },
      displayPaths: [{ real: home, shown: SNAPSHOT_VIRTUAL_HOME }],
      homeDir: SNAPSHOT_VIRTUAL_HOME,
      promptMode: scenario.promptMode,
      ...(scenario.promptSize === undefined ? {} : { promptSize: scenario.promptSize }),
      facts,
    });
    const skillsOf = (status: "included" | "excluded"): string[] =>
      turn.skills.all
        .filter((skill) => skill.status === status)
        .map((skill) => (status === "excluded" ? `${skill.name} (${skill.gate})` : skill.name));
    scenarios.push({
      name: fileName.replace(/\.json$/, ""),
      description: scenario.description,
      metadata: {
        clock: `${facts.time.date} ${facts.time.time ?? ""}`.trim(),
        "time zone": facts.time.timeZone,
        host: `${facts.runtime.host} (${facts.runtime.os}, node ${facts.runtime.node})`,
        channel: `${facts.channel.id} ${facts.channel.chatType}`,
        "session kind": facts.sessionKind,
        "skills listed": turn.skills.included.join(", ") || "(none)",
        "skills excluded": skillsOf("excluded").join(", ") || "(none)",
      },
      turn,
      rendererInput: turn.input,
      effectiveConfig: JSON.parse(toVirtual(JSON.stringify(turn.config))) as unknown,
      ...(codex === undefined
        ? {}
        : {
            codex: {
              connection: codex.connection,
              turnKind: codex.turnKind,
              ...(codex.effort === undefined ? {} : { effort: codex.effort }),
              approvalPolicy: codex.approvalPolicy,
              sandbox: codex.sandbox,
              ...(codex.serviceName === undefined ? {} : { serviceName: codex.serviceName }),
              ...(scenario.userMessage === undefined ? {} : { userText: scenario.userMessage }),
            },
          }),
      diagnostics: turn.diagnostics,
    });
  }
  return { codexVersion: options.codexVersion, modelPrompt, scenarios };
}
