import { isBootstrapFileAllowedForSession } from "@promptstack/bootstrap";
import type { BootstrapFileOrigin } from "@promptstack/bootstrap";
import { buildWorkspaceMemoryNote } from "./build-workspace-memory-note.js";
import { formatWorkspaceFilesNote } from "./format-workspace-files-note.js";
import type { CodexConnectionKind } from "./codex-connection-kind.js";
import { routeBootstrapFiles } from "./route-bootstrap-files.js";
import type { BootstrapSurface } from "./route-bootstrap-files.js";
import { formatUserTurnText } from "@promptstack/providers";
import { toModelText } from "@promptstack/renderer";
import type {
  ChatType,
  RenderedPrompt,
  SessionKind,
  TranscriptProjectionVersion,
  TurnInput,
} from "@promptstack/renderer";
import type { Diagnostic, ProductProfile } from "@promptstack/core";
import { CodexError } from "./codex-error.js";
import type {
  CodexApprovalPolicy,
  CodexDynamicToolSpec,
  CodexSandboxMode,
} from "./codex-protocol-types.js";
import {
  formatAgentsSnapshot,
  formatFileBlock,
  formatHeartbeatNote,
  formatLegacyCarrier,
  formatSkillsBlock,
} from "./format-codex-surface-blocks.js";
import { splitPresentationGuidance } from "./split-presentation-guidance.js";
import { stripCodexBoundaryMarkers } from "./strip-codex-boundary-markers.js";

/** What kind of turn this is. `cron-light` keeps the scheduled prompt as the exact input. */
export type CodexTurnKind = "normal" | "heartbeat" | "cron-light" | "cron";

/** One budgeted workspace file from the configured agent workspace. */
export interface CodexWorkspaceFile {
  /** Base name, e.g. `SOUL.md`. */
  readonly name: string;
  /** Display path, used in pointers and snapshot headings. */
  readonly path: string;
  readonly content: string;
  readonly missing?: boolean;
  /** `execution` for the execution folder's own AGENTS.md (Codex loads it natively). */
  readonly origin?: BootstrapFileOrigin;
}

/** Everything one Codex turn depends on. Pure data: the caller did all I/O. */
export interface CodexTurnPlanInput {
  readonly connection: CodexConnectionKind;
  readonly turnKind: CodexTurnKind;
  /**
   * The session the turn belongs to. With it, workspace files pass the same session filter as
   * the embedded harness (`isBootstrapFileAllowedForSession`): MEMORY.md reaches only the
   * owner's main session and direct chats.
   */
  readonly sessionKind?: SessionKind;
  /** The kind of chat the turn came from; a group or channel chat never receives MEMORY.md. */
  readonly chatType?: ChatType;
  readonly model: string;
  readonly effort?: string;
  /** The configured agent workspace (identity, persona and memory files live here). */
  readonly workspaceDir: string;
  /** Where Codex executes; defaults to `workspaceDir`. */
  readonly executionDir?: string;
  readonly approvalPolicy?: CodexApprovalPolicy;
  readonly sandbox?: CodexSandboxMode;
  readonly serviceName?: string;
  readonly config?: Readonly<Record<string, unknown>>;
  /** The runtime policy, rendered without the inputs Codex owns (see `toCodexRendererInput`). */
  readonly runtimePolicy: RenderedPrompt;
  readonly workspaceFiles: readonly CodexWorkspaceFile[];
  /** `memory_search` / `memory_get` are available for the agent workspace. */
  readonly memoryToolsAvailable: boolean;
  /** Formatted `<available_skills>` block; absent or empty when no skill is eligible. */
  readonly skillsPrompt?: string;
  /** The heartbeat file, when the runner found one. */
  readonly heartbeatFile?: { readonly path: string; readonly content: string };
  /** The user's request (or the exact scheduled prompt on cron turns). */
  readonly userMessage: string;
  /**
   * The assembled turn's own input: the start-up block and the heartbeat message lead the user's
   * request; the runtime-context carrier follows the per-turn facts. `cron-light` turns keep the
   * exact scheduled prompt, so they send none of it.
   */
  readonly turnInput?: TurnInput;
  readonly dynamicTools: readonly CodexDynamicToolSpec[];
  /** Cap for the AGENTS.md snapshot in thread developer instructions. Default 8000 chars. */
  readonly agentsSnapshotMaxChars?: number;
  readonly profile?: ProductProfile;
}

/** Why a file went where it went. */
export interface CodexRoutingDecision {
  readonly file: string;
  readonly surface: BootstrapSurface;
  readonly reason: string;
}

/** The resolved, transport-ready content of one Codex turn. */
export interface CodexTurnPlan {
  readonly connection: CodexConnectionKind;
  readonly turnKind: CodexTurnKind;
  readonly model: string;
  readonly effort?: string;
  readonly cwd: string;
  readonly approvalPolicy: CodexApprovalPolicy;
  readonly sandbox: CodexSandboxMode;
  readonly serviceName?: string;
  readonly config?: Readonly<Record<string, unknown>>;
  /** Thread-level `developerInstructions` (inherited by native sub-agents). */
  readonly threadDeveloperInstructions: string;
  /**
   * Parent-only model request instructions. Only the managed stdio app-server relay can deliver
   * them; no app-server param carries them. `null` on other connections or when empty.
   */
  readonly parentRequestInstructions: string | null;
  /** `collaborationMode.settings.developer_instructions`; `null` keeps Codex's Default preset. */
  readonly collaborationDeveloperInstructions: string | null;
  readonly turnInputText: string;
  readonly dynamicTools: readonly CodexDynamicToolSpec[];
  readonly routing: readonly CodexRoutingDecision[];
  readonly diagnostics: readonly Diagnostic[];
}

/** The transcript projection applied to the user's text in the turn input. */
export const CODEX_PROJECTION_VERSION: TranscriptProjectionVersion = 4;

const CRON_OMITTED = new Set(["MEMORY.md", "BOOTSTRAP.md"]);
const DEFAULT_AGENTS_SNAPSHOT_MAX_CHARS = 8000;

/**
 * Routes the configured layers of one turn onto Codex surfaces (SPEC §4.5, §5, §7).
 * Pure; the same input always gives the same plan.
 */
export function resolveCodexTurnPlan(input: CodexTurnPlanInput): CodexTurnPlan {
  if (input.model.trim() === "") {
    throw new CodexError("CODEX_INVALID_TURN_INPUT", "The Codex turn has an empty model slug.", {
      path: "model",
      hint: "Pass the model slug, e.g. gpt-5.5.",
    });
  }
  const cwd = input.executionDir ?? input.workspaceDir;
  const diagnostics: Diagnostic[] = [];

  // Thread-level text depends only on what is constant for the thread: the stable part of the
  // runtime policy. The per-turn tail (time, channel, sender, runtime, levels) goes into the turn
  // input as runtime context, so `thread/start` and `thread/resume` never change across turns.
  const policy = toModelText(input.runtimePolicy.text, input.profile);
  const presentation = splitPresentationGuidance(
    input.runtimePolicy,
    stripCodexBoundaryMarkers(policy.volatile, input.profile),
    input.profile,
  );
  const runtimeFacts = presentation.turnContext;
  const parts: SurfaceParts = {
    thread: [stripCodexBoundaryMarkers(policy.stable, input.profile)],
    parent: [],
    collaboration: [],
    context: runtimeFacts === "" ? [] : [runtimeFacts],
    carrierFiles: [],
    routing: [],
  };

  diagnostics.push(...routeWorkspaceFiles(input, cwd !== input.workspaceDir, parts));
  routeSkillsList(input, parts);
  routeCollaborationParts(input, presentation.guidance, parts);

  // One formatter with the providers' `turn-context` layout: the same delimiters, and the user's
  // text projected (projection version 4) so it can never open, close or imitate the block.
  const light = input.turnKind === "cron-light";
  const own = light ? undefined : input.turnInput;
  const turnInput = formatUserTurnText(input.userMessage, {
    layout: "turn-context",
    volatile: light ? "" : parts.context.join("\n\n"),
    projectionVersion: CODEX_PROJECTION_VERSION,
    ...(input.profile === undefined ? {} : { profile: input.profile }),
    leading: [own?.startup ?? "", own?.heartbeat ?? ""],
    ...(own?.carrier === undefined ? {} : { carrier: own.carrier }),
  });
  diagnostics.push(...turnInput.diagnostics);
  const turnInputText = turnInput.text;

  return {
    connection: input.connection,
    turnKind: input.turnKind,
    model: input.model,
    ...(input.effort === undefined ? {} : { effort: input.effort }),
    cwd,
    approvalPolicy: input.approvalPolicy ?? "never",
    sandbox: input.sandbox ?? "workspace-write",
    ...(input.serviceName === undefined ? {} : { serviceName: input.serviceName }),
    ...(input.config === undefined ? {} : { config: input.config }),
    threadDeveloperInstructions: parts.thread.filter((part) => part !== "").join("\n\n"),
    parentRequestInstructions: parts.parent.length === 0 ? null : parts.parent.join("\n\n"),
    collaborationDeveloperInstructions:
      parts.collaboration.length === 0 ? null : parts.collaboration.join("\n\n"),
    turnInputText,
    dynamicTools: input.dynamicTools,
    routing: parts.routing,
    diagnostics,
  };
}

/** The texts collected for each Codex surface while a turn is planned, and why each went there. */
interface SurfaceParts {
  /** Thread developer instructions. */
  readonly thread: string[];
  /** Parent-only request instructions (managed stdio relay). */
  readonly parent: string[];
  /** Collaboration-mode developer instructions. */
  readonly collaboration: string[];
  /** The turn input's per-turn context block. */
  readonly context: string[];
  /** Files for the legacy collaboration carrier, formatted together after the loop. */
  readonly carrierFiles: CodexWorkspaceFile[];
  readonly routing: CodexRoutingDecision[];
}

/** Routes the sendable workspace files onto their surfaces; returns the router's diagnostics. */
function routeWorkspaceFiles(
  input: CodexTurnPlanInput,
  separateExecution: boolean,
  parts: SurfaceParts,
): readonly Diagnostic[] {
  const present = input.workspaceFiles.filter((file) => isFileSent(input, file, parts.routing));
  const routed = routeBootstrapFiles(
    present.map((file) => ({ ...file, origin: file.origin ?? "workspace" })),
    {
      harness: "codex",
      connection: input.connection,
      memoryToolsAvailable: input.memoryToolsAvailable,
      executionDirDiffers: separateExecution,
    },
  );
  const filesNote = formatWorkspaceFilesNote(routed.routes.map(({ file }) => file.name));
  if (filesNote !== undefined) parts.thread.push(filesNote);
  for (const { file, surface } of routed.routes) {
    parts.routing.push({ file: file.name, surface, reason: SURFACE_REASONS[surface] });
    switch (surface) {
      case "thread-developer-instructions":
        parts.thread.push(
          formatAgentsSnapshot(
            file,
            input.agentsSnapshotMaxChars ?? DEFAULT_AGENTS_SNAPSHOT_MAX_CHARS,
          ),
        );
        break;
      case "parent-request-instructions":
        parts.parent.push(formatFileBlock(file));
        break;
      case "collaboration-carrier":
        parts.carrierFiles.push(file);
        break;
      case "memory-note":
        parts.context.push(`## Workspace memory\n${buildWorkspaceMemoryNote()}`);
        break;
      case "turn-context":
      case "system-prompt-project-context": // embedded-only; never returned for harness "codex"
        parts.context.push(formatFileBlock(file));
        break;
      case "codex-native":
        break;
    }
  }
  return routed.diagnostics;
}

/**
 * Whether a workspace file is sent at all: not when missing or empty, not on cron turns for
 * MEMORY.md and BOOTSTRAP.md, not when the session filter refuses it (each refusal is routed
 * as `omitted`).
 */
function isFileSent(
  input: CodexTurnPlanInput,
  file: CodexWorkspaceFile,
  routing: CodexRoutingDecision[],
): boolean {
  const cron = input.turnKind === "cron" || input.turnKind === "cron-light";
  if (file.missing === true || file.content.trim() === "") {
    routing.push({ file: file.name, surface: "omitted", reason: "missing or empty" });
    return false;
  }
  if (cron && CRON_OMITTED.has(file.name)) {
    routing.push({
      file: file.name,
      surface: "omitted",
      reason: "cron turns load AGENTS, SOUL, IDENTITY and USER only",
    });
    return false;
  }
  if (
    input.sessionKind !== undefined &&
    !isBootstrapFileAllowedForSession(file.name, input.sessionKind, input.chatType)
  ) {
    routing.push({
      file: file.name,
      surface: "omitted",
      reason: `not for a ${input.sessionKind} session${input.chatType === undefined ? "" : ` in a ${input.chatType} chat`}`,
    });
    return false;
  }
  return true;
}

/** Places the skills list: parent-only on the managed relay, else thread-level; none on light cron. */
function routeSkillsList(input: CodexTurnPlanInput, parts: SurfaceParts): void {
  const skills = input.skillsPrompt?.trim() ?? "";
  if (skills === "") return;
  if (input.turnKind === "cron-light") {
    parts.routing.push({
      file: "skills",
      surface: "omitted",
      reason: "light cron turns keep the exact scheduled prompt and no skills list",
    });
  } else if (input.connection === "managed-stdio") {
    parts.parent.push(formatSkillsBlock(skills));
    parts.routing.push({
      file: "skills",
      surface: "parent-request-instructions",
      reason: "managed stdio relay: parent-local request instructions",
    });
  } else {
    parts.thread.push(formatSkillsBlock(skills));
    parts.routing.push({
      file: "skills",
      surface: "thread-developer-instructions",
      reason: "no relay: thread developer instructions, which collaboration modes cannot replace",
    });
  }
}

/**
 * Fills the collaboration carrier in order: presentation guidance (not on light cron turns), the
 * legacy carrier's files, and the heartbeat note on heartbeat turns with a non-empty file.
 */
function routeCollaborationParts(
  input: CodexTurnPlanInput,
  guidance: string | undefined,
  parts: SurfaceParts,
): void {
  if (guidance !== undefined && input.turnKind !== "cron-light") {
    parts.collaboration.push(guidance);
    parts.routing.push({
      file: "UI Presentation",
      surface: "collaboration-carrier",
      reason: "presentation guidance is for the developer role, per turn",
    });
  }
  if (parts.carrierFiles.length > 0) {
    parts.collaboration.push(formatLegacyCarrier(parts.carrierFiles));
  }
  if (input.turnKind === "heartbeat" && input.heartbeatFile !== undefined) {
    // The configured file (`heartbeat.file`), named as the turn shows it.
    const file = input.heartbeatFile.path.split(/[\\/]/).pop() ?? input.heartbeatFile.path;
    if (input.heartbeatFile.content.trim() !== "") {
      parts.collaboration.push(formatHeartbeatNote(input.heartbeatFile.path));
      parts.routing.push({
        file,
        surface: "collaboration-carrier",
        reason: "heartbeat turn and the heartbeat file is not empty",
      });
    } else {
      parts.routing.push({ file, surface: "omitted", reason: "heartbeat file is empty" });
    }
  }
}

const SURFACE_REASONS: Readonly<Record<BootstrapSurface, string>> = {
  "system-prompt-project-context": "embedded harness: the Project Context section",
  "codex-native": "Codex loads the execution folder's AGENTS.md through its own discovery",
  "thread-developer-instructions":
    "execution folder differs: bounded snapshot that native sub-agents inherit",
  "parent-request-instructions": "managed stdio relay: parent-only, not native history",
  "collaboration-carrier": "no parent-only relay on this connection: legacy collaboration carrier",
  "memory-note": "memory tools available: a pointer instead of the content",
  "turn-context": "per-turn context ahead of the request",
  omitted: "not sent",
};
