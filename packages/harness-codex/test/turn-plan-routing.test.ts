import { describe, expect, it } from "vitest";
import type { RenderedPrompt } from "@promptstack/renderer";
import { OPENCLAW_PRODUCT_PROFILE, buildAgentSystemPrompt } from "@promptstack/renderer";
import { resolveCodexTurnPlan } from "../src/resolve-codex-turn-plan.js";
import type { CodexTurnPlanInput, CodexWorkspaceFile } from "../src/resolve-codex-turn-plan.js";

// The whole routing decision list (file, surface, reason) and the exact surface texts of
// resolveCodexTurnPlan for a handful of turns. The routing table is what `promptstack explain`
// shows a user; a wrong reason or a lost decision is a wrong explanation.

const POLICY: RenderedPrompt = {
  text: "Stable rules.\n<!-- OPENCLAW_CACHE_BOUNDARY -->\n<!-- OPENCLAW_RUNTIME_TAIL_BEGIN -->\nRuntime: host=h\n<!-- OPENCLAW_RUNTIME_TAIL_END -->",
  sections: [],
  boundary: 14,
};

function file(name: string, content: string, extra: Partial<CodexWorkspaceFile> = {}) {
  return { name, path: `/ws/${name}`, content, ...extra };
}

const FILES: readonly CodexWorkspaceFile[] = [
  file("AGENTS.md", "agents rules\n\n"),
  file("SOUL.md", "soul  \n"),
  file("USER.md", "  user"),
  file("IDENTITY.md", "identity", { missing: true }),
  file("BOOTSTRAP.md", "first run"),
  file("MEMORY.md", "memory"),
  file("TOOLS.md", " \n\t"),
];

function input(overrides: Partial<CodexTurnPlanInput> = {}): CodexTurnPlanInput {
  return {
    connection: "managed-stdio",
    turnKind: "normal",
    model: "gpt-5.5",
    workspaceDir: "/ws",
    runtimePolicy: POLICY,
    workspaceFiles: FILES,
    memoryToolsAvailable: true,
    skillsPrompt: "  <available_skills>S</available_skills>\n",
    userMessage: "hello",
    dynamicTools: [],
    ...overrides,
  };
}

const MISSING = (name: string) => ({ file: name, surface: "omitted", reason: "missing or empty" });
const CRON = (name: string) => ({
  file: name,
  surface: "omitted",
  reason: "cron turns load AGENTS, SOUL, IDENTITY and USER only",
});
const NATIVE = {
  file: "AGENTS.md",
  surface: "codex-native",
  reason: "Codex loads the execution folder's AGENTS.md through its own discovery",
};
const PARENT = (name: string) => ({
  file: name,
  surface: "parent-request-instructions",
  reason: "managed stdio relay: parent-only, not native history",
});
const CARRIER = (name: string) => ({
  file: name,
  surface: "collaboration-carrier",
  reason: "no parent-only relay on this connection: legacy collaboration carrier",
});
const CONTEXT = (name: string) => ({
  file: name,
  surface: "turn-context",
  reason: "per-turn context ahead of the request",
});
const MEMORY_NOTE = {
  file: "MEMORY.md",
  surface: "memory-note",
  reason: "memory tools available: a pointer instead of the content",
};
const SKILLS_PARENT = {
  file: "skills",
  surface: "parent-request-instructions",
  reason: "managed stdio relay: parent-local request instructions",
};
const SKILLS_THREAD = {
  file: "skills",
  surface: "thread-developer-instructions",
  reason: "no relay: thread developer instructions, which collaboration modes cannot replace",
};

describe("resolveCodexTurnPlan routing decisions", () => {
  it.each<[string, Partial<CodexTurnPlanInput>, readonly object[]]>([
    [
      "a direct chat on the managed relay",
      { sessionKind: "direct", chatType: "direct" },
      [
        MISSING("IDENTITY.md"),
        MISSING("TOOLS.md"),
        NATIVE,
        PARENT("SOUL.md"),
        PARENT("USER.md"),
        CONTEXT("BOOTSTRAP.md"),
        MEMORY_NOTE,
        SKILLS_PARENT,
      ],
    ],
    [
      "a group chat on an external connection",
      { connection: "external", sessionKind: "group", chatType: "group" },
      [
        MISSING("IDENTITY.md"),
        {
          file: "MEMORY.md",
          surface: "omitted",
          reason: "not for a group session in a group chat",
        },
        MISSING("TOOLS.md"),
        NATIVE,
        CARRIER("SOUL.md"),
        CARRIER("USER.md"),
        CONTEXT("BOOTSTRAP.md"),
        SKILLS_THREAD,
      ],
    ],
    [
      "a sub-agent session without a chat type, no memory tools, no skills",
      {
        connection: "desktop",
        sessionKind: "subagent",
        memoryToolsAvailable: false,
        skillsPrompt: " \n",
      },
      [
        { file: "SOUL.md", surface: "omitted", reason: "not for a subagent session" },
        { file: "USER.md", surface: "omitted", reason: "not for a subagent session" },
        MISSING("IDENTITY.md"),
        { file: "BOOTSTRAP.md", surface: "omitted", reason: "not for a subagent session" },
        { file: "MEMORY.md", surface: "omitted", reason: "not for a subagent session" },
        MISSING("TOOLS.md"),
        NATIVE,
      ],
    ],
    [
      "a full cron turn without a session, memory in the context, execution elsewhere",
      {
        turnKind: "cron",
        memoryToolsAvailable: false,
        executionDir: "/repo",
        skillsPrompt: undefined as never,
      },
      [
        MISSING("IDENTITY.md"),
        CRON("BOOTSTRAP.md"),
        CRON("MEMORY.md"),
        MISSING("TOOLS.md"),
        {
          file: "AGENTS.md",
          surface: "thread-developer-instructions",
          reason: "execution folder differs: bounded snapshot that native sub-agents inherit",
        },
        PARENT("SOUL.md"),
        PARENT("USER.md"),
      ],
    ],
    [
      "a light cron turn",
      { turnKind: "cron-light", connection: "external" },
      [
        MISSING("IDENTITY.md"),
        CRON("BOOTSTRAP.md"),
        CRON("MEMORY.md"),
        MISSING("TOOLS.md"),
        NATIVE,
        CARRIER("SOUL.md"),
        CARRIER("USER.md"),
        {
          file: "skills",
          surface: "omitted",
          reason: "light cron turns keep the exact scheduled prompt and no skills list",
        },
      ],
    ],
    [
      "a heartbeat turn with a non-empty heartbeat file",
      {
        turnKind: "heartbeat",
        workspaceFiles: [],
        skillsPrompt: "",
        heartbeatFile: { path: "C:\\ws\\sub/HEARTBEAT.md", content: "- check" },
      },
      [
        {
          file: "HEARTBEAT.md",
          surface: "collaboration-carrier",
          reason: "heartbeat turn and the heartbeat file is not empty",
        },
      ],
    ],
    [
      "a heartbeat turn with an empty heartbeat file",
      {
        turnKind: "heartbeat",
        workspaceFiles: [],
        skillsPrompt: "",
        heartbeatFile: { path: "/ws/HB.md", content: "\n \n" },
      },
      [{ file: "HB.md", surface: "omitted", reason: "heartbeat file is empty" }],
    ],
    [
      "a normal turn ignores the heartbeat file",
      {
        workspaceFiles: [],
        skillsPrompt: "",
        heartbeatFile: { path: "/ws/HB.md", content: "- check" },
      },
      [],
    ],
  ])("%s", (_name, overrides, routing) => {
    expect(resolveCodexTurnPlan(input(overrides)).routing).toStrictEqual(routing);
  });

  it("keeps AGENTS.md of the execution folder native even when the folders differ", () => {
    const plan = resolveCodexTurnPlan(
      input({
        executionDir: "/repo",
        workspaceFiles: [file("AGENTS.md", "exec rules", { origin: "execution" })],
      }),
    );
    expect(plan.routing).toStrictEqual([NATIVE, SKILLS_PARENT]);
    expect(plan.threadDeveloperInstructions).not.toContain("exec rules");
  });

  it("routes presentation guidance to the collaboration carrier after the files", () => {
    const runtimePolicy = buildAgentSystemPrompt({ volatile: { presentationTools: ["canvas"] } });
    const plan = resolveCodexTurnPlan(input({ connection: "external", runtimePolicy }));
    expect(plan.routing).toStrictEqual([
      MISSING("IDENTITY.md"),
      MISSING("TOOLS.md"),
      NATIVE,
      CARRIER("SOUL.md"),
      CARRIER("USER.md"),
      CONTEXT("BOOTSTRAP.md"),
      MEMORY_NOTE,
      SKILLS_THREAD,
      {
        file: "UI Presentation",
        surface: "collaboration-carrier",
        reason: "presentation guidance is for the developer role, per turn",
      },
    ]);
  });
});

describe("resolveCodexTurnPlan surface texts", () => {
  it("a direct chat on the managed relay", () => {
    const plan = resolveCodexTurnPlan(input({ sessionKind: "direct", chatType: "direct" }));
    expect({ ...plan, routing: undefined }).toMatchInlineSnapshot(`
      {
        "approvalPolicy": "never",
        "collaborationDeveloperInstructions": null,
        "connection": "managed-stdio",
        "cwd": "/ws",
        "diagnostics": [],
        "dynamicTools": [],
        "model": "gpt-5.5",
        "parentRequestInstructions": "## SOUL.md
      soul

      ## USER.md
        user

      ## Skills
      Read a skill's SKILL.md at its location before using it.
      <available_skills>S</available_skills>",
        "routing": undefined,
        "sandbox": "workspace-write",
        "threadDeveloperInstructions": "Stable rules.

      ## Workspace Files
      AGENTS.md holds the workspace's rules; SOUL.md is the persona to follow; USER.md holds the user's preferences; MEMORY.md holds durable facts.
      Tool notes in AGENTS.md never make a tool available; only tool definitions do.",
        "turnInputText": "<<<BEGIN_OPENCLAW_INTERNAL_CONTEXT>>>
      Runtime: host=h

      ## BOOTSTRAP.md
      first run

      ## Workspace memory
      Workspace memory lives in MEMORY.md and memory/*.md; it is not pasted here.
      Use memory_search to find relevant notes and memory_get to read one.
      Check memory before answering questions about past work, decisions or preferences.
      <<<END_OPENCLAW_INTERNAL_CONTEXT>>>

      hello",
        "turnKind": "normal",
      }
    `);
  });

  it("an external heartbeat turn executing elsewhere, with every optional field", () => {
    const plan = resolveCodexTurnPlan(
      input({
        connection: "external",
        turnKind: "heartbeat",
        executionDir: "/repo",
        agentsSnapshotMaxChars: 6,
        memoryToolsAvailable: false,
        heartbeatFile: { path: "/ws/HEARTBEAT.md", content: "- check" },
        effort: "high",
        approvalPolicy: "on-request",
        sandbox: "read-only",
        serviceName: "svc",
        config: { a: 1 },
        turnInput: { startup: "STARTUP", heartbeat: "HEARTBEAT-MSG", carrier: "CARRIER" },
      }),
    );
    expect({ ...plan, routing: undefined }).toMatchInlineSnapshot(`
      {
        "approvalPolicy": "on-request",
        "collaborationDeveloperInstructions": "## Persona
      This connection has no parent-only channel: these files also reach native history.
      ## SOUL.md
      soul
      ## USER.md
        user

      ## Heartbeat
      This is a scheduled heartbeat turn.
      Read /ws/HEARTBEAT.md and do what it asks.
      If nothing needs attention, say so briefly.",
        "config": {
          "a": 1,
        },
        "connection": "external",
        "cwd": "/repo",
        "diagnostics": [
          {
            "code": "BOOTSTRAP_COLLABORATION_CARRIER",
            "hint": "Use the managed stdio app-server to send persona files as parent-only request instructions.",
            "message": "On the external connection, SOUL.md, USER.md travel on the legacy collaboration carrier; they may be missing from turns that do not carry it, and native sub-agents may see them.",
            "severity": "warning",
          },
        ],
        "dynamicTools": [],
        "effort": "high",
        "model": "gpt-5.5",
        "parentRequestInstructions": null,
        "routing": undefined,
        "sandbox": "read-only",
        "serviceName": "svc",
        "threadDeveloperInstructions": "Stable rules.

      ## Workspace Files
      AGENTS.md holds the workspace's rules; SOUL.md is the persona to follow; USER.md holds the user's preferences; MEMORY.md holds durable facts.
      Tool notes in AGENTS.md never make a tool available; only tool definitions do.

      ## Workspace AGENTS.md (snapshot of /ws/AGENTS.md)
      agents
      [snapshot truncated at 6 of 12 chars; read /ws/AGENTS.md for the rest]

      ## Skills
      Read a skill's SKILL.md at its location before using it.
      <available_skills>S</available_skills>",
        "turnInputText": "<<<BEGIN_OPENCLAW_INTERNAL_CONTEXT>>>
      Runtime: host=h

      ## BOOTSTRAP.md
      first run

      ## MEMORY.md
      memory
      <<<END_OPENCLAW_INTERNAL_CONTEXT>>>

      CARRIER

      STARTUP

      HEARTBEAT-MSG

      hello",
        "turnKind": "heartbeat",
      }
    `);
  });

  it("puts presentation guidance first on the collaboration carrier", () => {
    const runtimePolicy = buildAgentSystemPrompt({ volatile: { presentationTools: ["canvas"] } });
    const plan = resolveCodexTurnPlan(input({ connection: "external", runtimePolicy }));
    const carrier = plan.collaborationDeveloperInstructions ?? "";
    expect(carrier.startsWith("## UI Presentation\nPresentation tools (`canvas`)")).toBe(true);
    expect(carrier.split("\n\n## Persona\n")).toHaveLength(2);
    expect(
      carrier.endsWith(
        "\n\n## Persona\nThis connection has no parent-only channel: these files also reach native history.\n## SOUL.md\nsoul\n## USER.md\n  user",
      ),
    ).toBe(true);
  });

  it("a light cron turn keeps the exact prompt and sends no context", () => {
    const plan = resolveCodexTurnPlan(
      input({
        turnKind: "cron-light",
        turnInput: { startup: "STARTUP", heartbeat: "HB", carrier: "CARRIER" },
      }),
    );
    expect({ ...plan, routing: undefined }).toMatchInlineSnapshot(`
      {
        "approvalPolicy": "never",
        "collaborationDeveloperInstructions": null,
        "connection": "managed-stdio",
        "cwd": "/ws",
        "diagnostics": [],
        "dynamicTools": [],
        "model": "gpt-5.5",
        "parentRequestInstructions": "## SOUL.md
      soul

      ## USER.md
        user",
        "routing": undefined,
        "sandbox": "workspace-write",
        "threadDeveloperInstructions": "Stable rules.

      ## Workspace Files
      AGENTS.md holds the workspace's rules; SOUL.md is the persona to follow; USER.md holds the user's preferences.
      Tool notes in AGENTS.md never make a tool available; only tool definitions do.",
        "turnInputText": "hello",
        "turnKind": "cron-light",
      }
    `);
  });

  it("no files, no skills, no runtime tail: empty surfaces", () => {
    const plan = resolveCodexTurnPlan(
      input({
        workspaceFiles: [],
        skillsPrompt: "",
        runtimePolicy: { text: "Only stable.", sections: [], boundary: 12 },
      }),
    );
    expect({ ...plan, routing: undefined }).toMatchInlineSnapshot(`
      {
        "approvalPolicy": "never",
        "collaborationDeveloperInstructions": null,
        "connection": "managed-stdio",
        "cwd": "/ws",
        "diagnostics": [],
        "dynamicTools": [],
        "model": "gpt-5.5",
        "parentRequestInstructions": null,
        "routing": undefined,
        "sandbox": "workspace-write",
        "threadDeveloperInstructions": "Only stable.",
        "turnInputText": "hello",
        "turnKind": "normal",
      }
    `);
  });

  it("an empty stable policy adds no blank part to the thread; no tail adds none to the context", () => {
    const plan = resolveCodexTurnPlan(
      input({
        skillsPrompt: "",
        workspaceFiles: [file("BOOTSTRAP.md", "first run"), file("USER.md", "user")],
        runtimePolicy: { ...POLICY, text: POLICY.text.replace("Stable rules.", "  "), boundary: 3 },
      }),
    );
    expect(plan.threadDeveloperInstructions).toBe(
      "## Workspace Files\nUSER.md holds the user's preferences.",
    );
    expect(plan.turnInputText).toBe(
      "<<<BEGIN_OPENCLAW_INTERNAL_CONTEXT>>>\nRuntime: host=h\n\n## BOOTSTRAP.md\nfirst run\n<<<END_OPENCLAW_INTERNAL_CONTEXT>>>\n\nhello",
    );
    const noTail = resolveCodexTurnPlan(
      input({
        skillsPrompt: "",
        workspaceFiles: [file("BOOTSTRAP.md", "first run")],
        runtimePolicy: { text: "Stable.", sections: [], boundary: 7 },
      }),
    );
    expect(noTail.turnInputText).toBe(
      "<<<BEGIN_OPENCLAW_INTERNAL_CONTEXT>>>\n## BOOTSTRAP.md\nfirst run\n<<<END_OPENCLAW_INTERNAL_CONTEXT>>>\n\nhello",
    );
  });

  it("wraps the turn context in the profile's own delimiters", () => {
    const profile = { ...OPENCLAW_PRODUCT_PROFILE, delimiterWord: "ACME" };
    const plan = resolveCodexTurnPlan(
      input({
        workspaceFiles: [file("BOOTSTRAP.md", "first run")],
        skillsPrompt: "",
        runtimePolicy: { text: "Stable.", sections: [], boundary: -1 },
        profile,
      }),
    );
    expect(plan.turnInputText).toBe(
      "<<<BEGIN_ACME_INTERNAL_CONTEXT>>>\n## BOOTSTRAP.md\nfirst run\n<<<END_ACME_INTERNAL_CONTEXT>>>\n\nhello",
    );
  });

  it("refuses an empty model slug with a typed error", () => {
    expect(() => resolveCodexTurnPlan(input({ model: " \t" }))).toThrow(
      expect.objectContaining({
        name: "CodexError",
        code: "CODEX_INVALID_TURN_INPUT",
        message: "The Codex turn has an empty model slug.",
        path: "model",
        hint: "Pass the model slug, e.g. gpt-5.5.",
      }),
    );
  });
});
