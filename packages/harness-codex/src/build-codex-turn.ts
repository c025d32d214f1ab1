import type { AgentTurn } from "@promptstack/agent";
import { buildAgentSystemPrompt } from "@promptstack/renderer";
import type { AgentSystemPromptInput, RenderedPrompt } from "@promptstack/renderer";
import type { Diagnostic } from "@promptstack/core";
import { buildCodexPromptLayers } from "./build-codex-prompt-layers.js";
import type { CodexPromptLayer } from "./build-codex-prompt-layers.js";
import { buildCodexThreadResumeParams } from "./build-codex-thread-resume-params.js";
import { buildCodexThreadStartParams } from "./build-codex-thread-start-params.js";
import { buildCodexTurnStartParams } from "./build-codex-turn-start-params.js";
import type { CodexConnectionKind } from "./codex-connection-kind.js";
import type {
  CodexApprovalPolicy,
  CodexSandboxMode,
  CodexThreadResumeParams,
  CodexThreadStartParams,
  CodexTurnStartParams,
} from "./codex-protocol-types.js";
import { formatCanonicalJson } from "@promptstack/core";
import type { CodexModelCatalog } from "./parse-codex-model-catalog.js";
import { resolveCodexModelInstructions } from "./resolve-codex-model-instructions.js";
import { resolveCodexReasoningEffort } from "./resolve-codex-reasoning-effort.js";
import { resolveCodexTurnPlan } from "./resolve-codex-turn-plan.js";
import type {
  CodexTurnKind,
  CodexTurnPlan,
  CodexWorkspaceFile,
} from "./resolve-codex-turn-plan.js";
import { toCodexDynamicTools } from "./to-codex-dynamic-tools.js";
import { toCodexRendererInput } from "./to-codex-renderer-input.js";

/** Options of `buildCodexTurn`: the connection and the thread; everything else is the turn's. */
export interface BuildCodexTurnOptions {
  readonly connection: CodexConnectionKind;
  /** The app-server thread the turn runs on (`thread/resume`, `turn/start`). */
  readonly threadId: string;
  /**
   * What the user wrote (or the exact scheduled prompt on cron turns). Default: the turn's
   * (`turn.turnInput.userText`), else "" (a heartbeat turn's message is its turn input).
   */
  readonly userText?: string;
  /** The Codex model catalog; the turn's model (`turn.modelId`) selects its base instructions. */
  readonly catalog: CodexModelCatalog;
  /** How the catalog is named in the layer stack. Default: the catalog file's name. */
  readonly catalogLabel?: string;
  /** Default: from the session kind (`heartbeat`, `cron`, else `normal`). */
  readonly turnKind?: CodexTurnKind;
  /** Default: the catalog's nearest effort to the facts' thinking level. */
  readonly effort?: string;
  readonly approvalPolicy?: CodexApprovalPolicy;
  readonly sandbox?: CodexSandboxMode;
  readonly serviceName?: string;
  readonly config?: Readonly<Record<string, unknown>>;
  /**
   * The `thread/start` params the thread was started with. When this turn's thread-level params
   * differ (the configuration changed), `CODEX_THREAD_PARAMS_CHANGED` says to start a new thread;
   * the turn still runs on the old one.
   */
  readonly thread?: CodexThreadStartParams;
  /** Default `buildAgentSystemPrompt`; injectable so tests can prove a prompt change shows. */
  readonly render?: (input: AgentSystemPromptInput) => RenderedPrompt;
}

/** One Codex turn: its plan, the app-server params and the reconstructed layer stack. */
export interface CodexTurn {
  readonly plan: CodexTurnPlan;
  /** Constant for a thread whose configuration did not change. */
  readonly threadStart: CodexThreadStartParams;
  readonly threadResume: CodexThreadResumeParams;
  readonly turnStart: CodexTurnStartParams;
  /** The model-bound layers, folders shown as the turn shows them. */
  readonly layers: readonly CodexPromptLayer[];
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Builds one Codex turn from the assembled turn: renders the runtime policy without the inputs
 * Codex owns, routes the workspace files, skills and heartbeat file, and returns the thread
 * start/resume and turn start params with the model-bound layer stack. Thread-level params carry
 * only what is constant for the thread; every per-turn fact goes into the turn input, inside the
 * turn's product profile's delimiters. Pure: the turn and the catalog hold everything.
 */
export function buildCodexTurn(turn: AgentTurn, options: BuildCodexTurnOptions): CodexTurn {
  const render = options.render ?? buildAgentSystemPrompt;
  const { facts } = turn;
  const model = resolveCodexModelInstructions(options.catalog, {
    slug: turn.modelId,
    personality: "none",
  });
  const supported = options.catalog.models.find(
    (entry) => entry.slug === model.slug,
  )?.supportedReasoningEfforts;
  const effort = options.effort ?? resolveCodexReasoningEffort(facts.thinkingLevel, supported);
  const toolNames = new Set(turn.tools.map((tool) => tool.name));
  const plan = resolveCodexTurnPlan({
    connection: options.connection,
    turnKind: options.turnKind ?? toCodexTurnKind(turn),
    sessionKind: facts.sessionKind,
    chatType: facts.channel.chatType,
    model: turn.modelId,
    ...(effort === undefined ? {} : { effort }),
    // The params carry absolute folders; the layers show them as the turn does.
    workspaceDir: turn.workspace.dir,
    ...(turn.execution === undefined ? {} : { executionDir: turn.execution.dir }),
    ...(options.approvalPolicy === undefined ? {} : { approvalPolicy: options.approvalPolicy }),
    ...(options.sandbox === undefined ? {} : { sandbox: options.sandbox }),
    ...(options.serviceName === undefined ? {} : { serviceName: options.serviceName }),
    ...(options.config === undefined ? {} : { config: options.config }),
    runtimePolicy: render(toCodexRendererInput(turn.input)),
    workspaceFiles: toCodexWorkspaceFiles(turn),
    memoryToolsAvailable: toolNames.has("memory_search") && toolNames.has("memory_get"),
    // The renderer input's list: kept on a run without `read`, which Codex does not need.
    ...(turn.input.skillsPrompt === undefined || turn.input.skillsPrompt === ""
      ? {}
      : { skillsPrompt: turn.input.skillsPrompt }),
    ...(turn.heartbeatFile === undefined ? {} : { heartbeatFile: turn.heartbeatFile }),
    userMessage: options.userText ?? turn.turnInput.userText ?? "",
    turnInput: turn.turnInput,
    dynamicTools: toCodexDynamicTools(turn.tools),
    profile: turn.profile,
  });
  const thread = { threadId: options.threadId };
  const threadStart = buildCodexThreadStartParams(plan);
  const diagnostics: Diagnostic[] = [...plan.diagnostics];
  if (
    options.thread !== undefined &&
    formatCanonicalJson(options.thread, { indent: 2 }) !==
      formatCanonicalJson(threadStart, { indent: 2 })
  ) {
    diagnostics.push({
      code: "CODEX_THREAD_PARAMS_CHANGED",
      severity: "warning",
      message:
        "this turn's thread-level params (stable policy, tools, model, folders) differ from the thread's; the turn still runs on the old thread",
      hint: "Start a new thread to apply the changed configuration.",
    });
  }
  const label =
    options.catalogLabel ?? options.catalog.source.split(/[\\/]/).pop() ?? options.catalog.source;
  const shownCwd = turn.execution?.shown ?? turn.workspace.shown;
  return {
    plan,
    threadStart,
    threadResume: buildCodexThreadResumeParams(plan, thread),
    turnStart: buildCodexTurnStartParams(plan, thread),
    layers: buildCodexPromptLayers(
      { ...plan, cwd: shownCwd },
      { source: `codex model prompt ${model.slug} (${label})`, instructions: model.instructions },
    ),
    diagnostics,
  };
}

function toCodexTurnKind(turn: AgentTurn): CodexTurnKind {
  if (turn.facts.sessionKind === "heartbeat") return "heartbeat";
  if (turn.facts.sessionKind === "cron") {
    return turn.facts.lightContext === true ? "cron-light" : "cron";
  }
  return "normal";
}

/** The injected workspace files, with their origin so the execution folder's AGENTS.md stays native. */
function toCodexWorkspaceFiles(turn: AgentTurn): CodexWorkspaceFile[] {
  return turn.bootstrap.files.flatMap((file) =>
    file.injectedText === undefined
      ? []
      : [
          {
            name: file.name,
            path: file.path,
            content: file.injectedText,
            origin: file.origin,
            missing: file.status === "missing",
          },
        ],
  );
}
