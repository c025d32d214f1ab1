/**
 * The consumer project `pnpm release:check` writes next to the installed tarballs: an ESM script
 * that uses the packages the way an agent runtime would, a TypeScript file type-checked against the
 * installed declarations, and a small agent workspace.
 */

/** Facts of one Telegram direct turn, written as `facts.json` in the consumer project. */
export const SAMPLE_FACTS = {
  sessionKind: "direct",
  model: { id: "gpt-5.5", provider: "openai" },
  channel: { id: "telegram", chatType: "direct", capabilities: { reactions: "minimal" } },
  sender: "Ada (@ada)",
  time: { date: "2026-11-30", time: "09:15", timeZone: "Europe/Lisbon" },
  runtime: { host: "consumer-host", os: "linux", node: "v20" },
  tools: [
    { name: "exec", description: "Run a shell command.", parameters: { type: "object" } },
    { name: "read", description: "Read a file.", parameters: { type: "object" } },
    { name: "lookup_order", description: "Look up an order.", parameters: { type: "object" } },
  ],
};

/** The agent workspace of the consumer project (relative path → content). */
export const SAMPLE_WORKSPACE: Readonly<Record<string, string>> = {
  "AGENTS.md":
    "# Agent notes\n\nAnswer orders questions from the shop's customers.\n\n## Tools\n\nUse lookup_order before answering about an order.\n",
  "SOUL.md": "Calm, exact, brief.\n",
  "skills/refunds/SKILL.md":
    "---\nname: refunds\ndescription: Explain the refund policy and start a refund.\n---\n\nSteps for refunds.\n",
};

/** Runs the whole pipeline through the installed packages and prints a one-line summary. */
export const CONSUMER_ESM = `import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createPromptAssembler } from "@promptstack/agent";
import { buildConfigJsonSchema, formatJsonSchemaFile } from "@promptstack/config";
import configSchema from "@promptstack/config/schema.json" with { type: "json" };
import { buildCodexTurn, parseCodexModelCatalog } from "@promptstack/harness-codex";
import { appendAssistantReply, buildAnthropicRequest } from "@promptstack/providers";

assert.deepEqual(
  configSchema,
  JSON.parse(formatJsonSchemaFile(buildConfigJsonSchema())),
  "@promptstack/config/schema.json is the config schema",
);

const workspaceDir = fileURLToPath(new URL("./workspace", import.meta.url));
const rawFacts = JSON.parse(readFileSync(new URL("./facts.json", import.meta.url), "utf8"));

// Three calls from a workspace to a request: assembler, turn, builder.
const assembler = await createPromptAssembler({ config: { agents: { defaults: { workspace: workspaceDir } } } });
const turn = await assembler.turn(rawFacts);
const again = await assembler.turn({ ...rawFacts, sender: "Grace (@grace)" });
await assembler.close();

const { stable, volatile, text } = turn.model;
assert.ok(turn.prompt.boundary > 0, "the prompt has a cache boundary");
assert.ok(stable.includes("lookup_order before answering"), "AGENTS.md is injected above the boundary");
assert.ok(stable.includes("<name>refunds</name>"), "the skill is listed above the boundary");
assert.ok(!stable.includes("Ada (@ada)") && volatile.includes("Ada (@ada)"), "the sender stays below the boundary");
assert.ok(!text.includes("CACHE_BOUNDARY") && !text.includes("RUNTIME_TAIL"), "no marker reaches the model");
assert.equal(again.model.stable, stable, "the stable prefix is byte-identical across turns");
assert.equal(again.reads.files, 0, "an unchanged workspace is not read again");

const first = buildAnthropicRequest(turn, { userText: "Where is order 1042?", maxTokens: 1024 });
const history = appendAssistantReply(first.conversation, "It ships today.");
const second = buildAnthropicRequest(again, { conversation: history, userText: "Thanks!", maxTokens: 1024 });
assert.deepEqual(second.body.system, first.body.system, "the system blocks are byte-identical");
assert.equal(second.body.messages[0].content[0].text, first.body.messages[0].content[0].text, "history is append-only");
assert.ok(second.body.messages[2].content[0].text.includes("Grace (@grace)"), "the facts travel in the newest message");
assert.ok(!JSON.stringify(second.body).includes("CACHE_BOUNDARY"), "no marker reaches a payload");

// Codex: the same turn, one call.
const catalog = parseCodexModelCatalog(JSON.stringify({ models: [{ slug: "gpt-5.5", base_instructions: "Base." }] }), "models.json");
const codex = buildCodexTurn(turn, { connection: "managed-stdio", threadId: "thread-1", userText: "Where is order 1042?", catalog });
const codexAgain = buildCodexTurn(again, { connection: "managed-stdio", threadId: "thread-1", userText: "Thanks!", catalog, thread: codex.threadStart });
assert.deepEqual(codexAgain.threadStart, codex.threadStart, "thread params are constant");
assert.ok(!codexAgain.diagnostics.some((d) => d.code === "CODEX_THREAD_PARAMS_CHANGED"));
assert.equal(codex.threadStart.personality, "none");
assert.ok(!codex.threadStart.developerInstructions.includes("CACHE_BOUNDARY"), "no boundary marker reaches Codex");
assert.ok(JSON.stringify(codexAgain.turnStart.input).includes("Grace (@grace)"));

console.log(
  \`rendered \${text.length} chars (\${stable.length} stable), \${turn.bootstrap.files.length} bootstrap files, \` +
    \`\${turn.skills.included.length} skill(s), anthropic and codex requests built\`,
);
`;

/**
 * Type-checked with \`tsc --noEmit\` against the installed declarations. The composition goes
 * through the assembler, as in the ESM consumer; the other packages' types are checked on what
 * the assembled turn carries, so no second composition is written here.
 */
export const CONSUMER_TS = `import type { AgentTurn, PromptAssembler } from "@promptstack/agent";
import { AgentError, createPromptAssembler, loadAgentTurn } from "@promptstack/agent";
import type { AgentSystemPromptInput, RenderedPrompt } from "@promptstack/renderer";
import { RendererError, toModelText } from "@promptstack/renderer";
import type { PromptstackConfig, ResolvedAgentPromptConfig, RunFacts } from "@promptstack/config";
import { ConfigError, parseConfig } from "@promptstack/config";
import type { LoadedBootstrapFiles } from "@promptstack/bootstrap";
import type { FormattedSkillsPrompt } from "@promptstack/skills";
import type { CodexTurn } from "@promptstack/harness-codex";
import type { BuiltRequest, PromptTurn } from "@promptstack/providers";
import { runCli } from "@promptstack/cli";

declare const facts: RunFacts;
const config: PromptstackConfig = parseConfig({}).config;
const assembler: Promise<PromptAssembler> = createPromptAssembler({ config, workspaceDir: "/tmp" });
const oneShot: Promise<AgentTurn> = loadAgentTurn({ workspaceDir: "/tmp", facts });
declare const turn: AgentTurn;
const input: AgentSystemPromptInput = turn.input;
const prompt: RenderedPrompt = turn.prompt;
const boundary: number = prompt.boundary;
const stable: string = toModelText(prompt).stable;
const resolved: ResolvedAgentPromptConfig = turn.config;
const truncated: LoadedBootstrapFiles["truncated"] = turn.bootstrap.truncated;
const format: FormattedSkillsPrompt["format"] = turn.skills.format;
const promptTurn: PromptTurn = turn;
declare const codex: CodexTurn;
const model: string = codex.threadStart.model;
declare const built: BuiltRequest<unknown>;
const history: number = built.conversation.messages.length;
const isError = (e: unknown): boolean =>
  RendererError.isInstance(e) || ConfigError.isInstance(e) || AgentError.isInstance(e);
void [assembler, oneShot, input, boundary, stable, resolved, truncated, format, model, isError, runCli, promptTurn, history];
`;
