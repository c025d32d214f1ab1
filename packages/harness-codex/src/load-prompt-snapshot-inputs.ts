import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { loadBootstrapFiles } from "@promptstack/bootstrap";
import {
  parseConfig,
  parseConfigText,
  parseRunFacts,
  resolveAgentSystemPromptConfig,
  toAgentSystemPromptInput,
} from "@promptstack/config";
import type { AgentSystemPromptInput, Diagnostic, PromptMode } from "@promptstack/renderer";
import { discoverSkills, filterEligibleSkills, formatSkillsForPrompt } from "@promptstack/skills";
import { z } from "zod";
import type { CodexModelPromptFixture } from "./build-codex-model-prompt-fixture.js";
import type { PromptSnapshotInputs, PromptSnapshotScenario } from "./build-prompt-snapshots.js";
import { CodexError } from "./codex-error.js";
import { toCodexDynamicTools } from "./to-codex-dynamic-tools.js";

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
  runFacts: z.unknown(),
  codex: codexSchema.optional(),
  userMessage: z.string().min(1),
  /** Environment and binaries the skill gates see (nothing from the real machine). */
  skillEnv: z.record(z.string(), z.string()).optional(),
  bins: z.array(z.string()).optional(),
});

/**
 * Loads every scenario under `fixtures/snapshot-scenarios/` (sorted by file name) through the
 * real config, bootstrap and skills packages. Hermetic: the workspace lives under the fixture's
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
  const parsedConfig = parseConfig(
    parseConfigText(await readFile(configPath, "utf8"), configPath),
    {
      source: configPath,
    },
  );
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
    const promptMode: PromptMode = scenario.promptMode;
    const resolved = resolveAgentSystemPromptConfig(parsedConfig.config, {
      agentId: scenario.agentId,
      sessionKind: facts.sessionKind,
      promptMode,
    });
    const workspaceVirtual = resolved.workspace ?? `${SNAPSHOT_VIRTUAL_HOME}/workspace`;
    const workspaceDir = toReal(workspaceVirtual);
    const executionDir =
      scenario.codex?.executionDir === undefined ? undefined : toReal(scenario.codex.executionDir);
    const bootstrap = await loadBootstrapFiles({
      workspaceDir,
      ...(executionDir === undefined ? {} : { executionDir }),
      sessionKind: facts.sessionKind,
      chatType: facts.channel.chatType,
      budgets: {
        maxChars: resolved.budgets.bootstrapMaxChars,
        totalMaxChars: resolved.budgets.bootstrapTotalMaxChars,
      },
    });
    const discovered = await discoverSkills([
      { tier: "workspace", dir: join(workspaceDir, "skills") },
    ]);
    const bins = new Set(scenario.bins ?? []);
    const eligible = filterEligibleSkills(discovered.skills, {
      platform: "linux",
      env: scenario.skillEnv ?? {},
      config: parsedConfig.config,
      hasBin: (name) => bins.has(name),
      enabledPlugins: resolved.enabledPlugins,
      ...(resolved.skillsAllowlist === undefined ? {} : { allowlist: resolved.skillsAllowlist }),
      entries: resolved.skillEntries,
    });
    const skills = formatSkillsForPrompt(
      eligible.eligible.map((skill) => ({
        name: skill.name,
        description: skill.description,
        path: toVirtual(skill.path),
      })),
      {
        maxChars: resolved.budgets.maxSkillsPromptChars,
        maxSkills: resolved.budgets.maxSkillsInPrompt,
        homeDir: SNAPSHOT_VIRTUAL_HOME,
      },
    );
    const rendererInput: AgentSystemPromptInput = {
      ...toAgentSystemPromptInput(facts, resolved),
      mode: promptMode,
      workspaceDir: executionDir === undefined ? workspaceVirtual : toVirtual(executionDir),
      contextFiles: bootstrap.contextFiles.map((file) => ({
        path: toVirtual(file.path),
        content: file.content,
      })),
      bootstrapTruncated: bootstrap.truncated,
      bootstrapPending: bootstrap.bootstrapPending,
      ...(skills.text === "" ? {} : { skillsPrompt: skills.text }),
    };
    let heartbeatFile: { path: string; content: string } | undefined;
    if (scenario.codex?.turnKind === "heartbeat") {
      const heartbeatPath = join(workspaceDir, "HEARTBEAT.md");
      heartbeatFile = {
        path: toVirtual(heartbeatPath),
        content: await readFile(heartbeatPath, "utf8").catch(() => ""),
      };
    }
    const toolNames = new Set(facts.tools.map((tool) => tool.name));
    const codex = scenario.codex;
    const diagnostics: Diagnostic[] = [
      ...parsedConfig.diagnostics,
      ...bootstrap.diagnostics,
      ...discovered.diagnostics,
    ].map((diagnostic) => JSON.parse(toVirtual(JSON.stringify(diagnostic))) as Diagnostic);
    scenarios.push({
      name: fileName.replace(/\.json$/, ""),
      description: scenario.description,
      metadata: {
        clock: `${facts.time.date} ${facts.time.time ?? ""}`.trim(),
        "time zone": facts.time.timeZone,
        host: `${facts.runtime.host} (${facts.runtime.os}, node ${facts.runtime.node})`,
        channel: `${facts.channel.id} ${facts.channel.chatType}`,
        "session kind": facts.sessionKind,
        "skills listed": skills.included.join(", ") || "(none)",
        "skills excluded":
          eligible.excluded.map((entry) => `${entry.skill.name} (${entry.gate})`).join(", ") ||
          "(none)",
      },
      rendererInput,
      effectiveConfig: JSON.parse(toVirtual(JSON.stringify(resolved))) as unknown,
      ...(codex === undefined
        ? {}
        : {
            codex: {
              connection: codex.connection,
              turnKind: codex.turnKind,
              sessionKind: facts.sessionKind,
              chatType: facts.channel.chatType,
              model: facts.model.id,
              ...(codex.effort === undefined ? {} : { effort: codex.effort }),
              workspaceDir: workspaceVirtual,
              ...(codex.executionDir === undefined ? {} : { executionDir: codex.executionDir }),
              approvalPolicy: codex.approvalPolicy,
              sandbox: codex.sandbox,
              ...(codex.serviceName === undefined ? {} : { serviceName: codex.serviceName }),
              workspaceFiles: bootstrap.files
                .filter((file) => file.origin === "workspace")
                .map((file) => ({
                  name: file.name,
                  path: toVirtual(file.path),
                  content: file.content,
                  missing: file.status === "missing",
                  origin: file.origin,
                })),
              memoryToolsAvailable: toolNames.has("memory_search") && toolNames.has("memory_get"),
              ...(skills.text === "" ? {} : { skillsPrompt: skills.text }),
              ...(heartbeatFile === undefined ? {} : { heartbeatFile }),
              userMessage: scenario.userMessage,
              dynamicTools: toCodexDynamicTools(facts.tools),
            },
          }),
      diagnostics,
    });
  }
  return { codexVersion: options.codexVersion, modelPrompt, scenarios };
}
