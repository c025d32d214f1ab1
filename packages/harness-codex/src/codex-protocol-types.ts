/**
 * The subset of the Codex app-server v2 protocol (pinned @openai/codex 0.171.0) that the adapter
 * builds. Field names follow the generated JSON Schemas in `fixtures/codex-protocol/0.171.0/`.
 */

/** `AskForApproval` (string form). */
export type CodexApprovalPolicy = "untrusted" | "on-request" | "never";

/** `SandboxMode` on thread start/resume. */
export type CodexSandboxMode = "read-only" | "workspace-write" | "danger-full-access";

/** `SandboxPolicy` on turn start. */
export type CodexSandboxPolicy =
  | { readonly type: "dangerFullAccess" }
  | { readonly type: "readOnly"; readonly networkAccess: boolean }
  | {
      readonly type: "workspaceWrite";
      readonly writableRoots: readonly string[];
      readonly networkAccess: boolean;
    };

/** `FunctionDynamicToolSpec`: a client-executed tool Codex exposes to the model. */
export interface CodexDynamicToolSpec {
  readonly type: "function";
  readonly name: string;
  readonly description: string;
  readonly inputSchema: unknown;
  readonly deferLoading?: boolean;
}

/** `ThreadStartParams` (the fields promptstack sets). */
export interface CodexThreadStartParams {
  readonly model: string;
  readonly cwd: string;
  readonly approvalPolicy: CodexApprovalPolicy;
  readonly sandbox: CodexSandboxMode;
  readonly personality: "none";
  readonly serviceName?: string;
  readonly config?: Readonly<Record<string, unknown>>;
  readonly developerInstructions: string;
  readonly dynamicTools: readonly CodexDynamicToolSpec[];
}

/** `ThreadResumeParams` (the fields promptstack sets). */
export interface CodexThreadResumeParams {
  readonly threadId: string;
  readonly model: string;
  readonly cwd: string;
  readonly approvalPolicy: CodexApprovalPolicy;
  readonly sandbox: CodexSandboxMode;
  readonly personality: "none";
  readonly config?: Readonly<Record<string, unknown>>;
  readonly developerInstructions: string;
}

/** `TextUserInput`. */
export interface CodexTextUserInput {
  readonly type: "text";
  readonly text: string;
  readonly text_elements: readonly never[];
}

/** `CollaborationMode`; `settings.developer_instructions: null` selects Codex's built-in preset. */
export interface CodexCollaborationMode {
  readonly mode: "default";
  readonly settings: {
    readonly model: string;
    readonly reasoning_effort: string | null;
    readonly developer_instructions: string | null;
  };
}

/** `TurnStartParams` (the fields promptstack sets). */
export interface CodexTurnStartParams {
  readonly threadId: string;
  readonly input: readonly CodexTextUserInput[];
  readonly cwd: string;
  readonly approvalPolicy: CodexApprovalPolicy;
  readonly sandboxPolicy: CodexSandboxPolicy;
  readonly model: string;
  readonly effort?: string;
  readonly collaborationMode: CodexCollaborationMode;
}
