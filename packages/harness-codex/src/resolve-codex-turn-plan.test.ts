import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createCodexSchemaAjv } from "@promptstack-tools/test-utils";
import { buildAgentSystemPrompt } from "@promptstack/renderer";
import type { RenderedPrompt } from "@promptstack/renderer";
import { buildCodexPromptLayers } from "./build-codex-prompt-layers.js";
import { buildCodexThreadResumeParams } from "./build-codex-thread-resume-params.js";
import { buildCodexThreadStartParams } from "./build-codex-thread-start-params.js";
import { buildCodexTurnStartParams } from "./build-codex-turn-start-params.js";
import { resolveCodexTurnPlan } from "./resolve-codex-turn-plan.js";
import { CODEX_CONNECTION_KINDS } from "./codex-connection-kind.js";
import type {
  CodexTurnKind,
  CodexTurnPlanInput,
  CodexWorkspaceFile,
} from "./resolve-codex-turn-plan.js";

const CONNECTIONS = CODEX_CONNECTION_KINDS;
const TURN_KINDS: readonly CodexTurnKind[] = ["normal", "heartbeat", "cron-light", "cron"];

const POLICY: RenderedPrompt = {
  text: "You are a test agent.\n## Tooling\nUse tools.\n<!-- OPENCLAW_CACHE_BOUNDARY -->\n## Messaging\nReply here.\n<!-- OPENCLAW_RUNTIME_TAIL_BEGIN -->\nRuntime: host=h\n<!-- OPENCLAW_RUNTIME_TAIL_END -->",
  sections: [],
  boundary: 40,
};

function file(name: string, content: string): CodexWorkspaceFile {
  return { name, path: `/ws/${name}`, content };
}

const FILES: readonly CodexWorkspaceFile[] = [
  file("AGENTS.md", "AGENTS-BODY rules"),
  file("SOUL.md", "SOUL-BODY calm"),
  file("IDENTITY.md", "IDENTITY-BODY Ada"),
  file("USER.md", "USER-BODY Sam"),
  file("BOOTSTRAP.md", "BOOTSTRAP-BODY first run"),
  file("MEMORY.md", "MEMORY-BODY likes tea"),
];

function input(overrides: Partial<CodexTurnPlanInput> = {}): CodexTurnPlanInput {
  return {
    connection: "managed-stdio",
    turnKind: "normal",
    model: "gpt-5.5",
    effort: "medium",
    workspaceDir: "/ws",
    runtimePolicy: POLICY,
    workspaceFiles: FILES,
    memoryToolsAvailable: true,
    skillsPrompt: "<available_skills>\n  <skill>SKILLS-BODY</skill>\n</available_skills>",
    heartbeatFile: { path: "/ws/HEARTBEAT.md", content: "- check inbox" },
    userMessage: "USER-REQUEST hello",
    dynamicTools: [
      {
        type: "function",
        name: "message",
        description: "Send a message.",
        inputSchema: { type: "object" },
      },
    ],
    ...overrides,
  };
}

function allParams(plan: ReturnType<typeof resolveCodexTurnPlan>) {
  return {
    start: buildCodexThreadStartParams(plan),
    resume: buildCodexThreadResumeParams(plan, { threadId: "t-1" }),
    turn: buildCodexTurnStartParams(plan, { threadId: "t-1" }),
  };
}

describe("resolveCodexTurnPlan routing", () => {
  it("sends personality none and strips every renderer marker", () => {
    for (const connection of CONNECTIONS) {
      const { start, resume } = allParams(resolveCodexTurnPlan(input({ connection })));
      expect(start.personality).toBe("none");
      expect(resume.personality).toBe("none");
      expect(start.developerInstructions).toContain("## Tooling");
      // The per-turn tail is not thread-level: it reaches the turn input instead.
      expect(start.developerInstructions).not.toContain("Runtime: host=h");
      expect(resume.developerInstructions).toBe(start.developerInstructions);
      expect(JSON.stringify(start)).not.toMatch(/<!-- [A-Z_]+ -->/);
    }
  });

  it("notes the workspace files' roles in thread instructions, AGENTS.md's native copy included", () => {
    for (const connection of CONNECTIONS) {
      const { start } = allParams(resolveCodexTurnPlan(input({ connection })));
      expect(start.developerInstructions).toContain(
        "## Workspace Files\nAGENTS.md holds the workspace's rules; SOUL.md is the persona to follow;",
      );
      expect(start.developerInstructions).toContain(
        "Tool notes in AGENTS.md never make a tool available",
      );
    }
    const none = allParams(resolveCodexTurnPlan(input({ workspaceFiles: [] })));
    expect(none.start.developerInstructions).not.toContain("## Workspace Files");
  });

  it("routes UI Presentation to per-turn developer instructions, not the user-role turn input", () => {
    const runtimePolicy = buildAgentSystemPrompt({
      volatile: {
        time: { date: "2026-11-30", timeZone: "Europe/Lisbon" },
        presentationTools: ["canvas"],
      },
    });
    for (const connection of CONNECTIONS) {
      const plan = resolveCodexTurnPlan(input({ connection, runtimePolicy }));
      expect(plan.collaborationDeveloperInstructions).toContain(
        "## UI Presentation\nPresentation tools (`canvas`)",
      );
      expect(plan.turnInputText).not.toContain("UI Presentation");
      expect(plan.turnInputText).toContain("## Time Context");
      expect(plan.threadDeveloperInstructions).not.toContain("UI Presentation");
    }
    const light = resolveCodexTurnPlan(input({ turnKind: "cron-light", runtimePolicy }));
    expect(JSON.stringify(light)).not.toContain("## UI Presentation");
  });

  it("leaves AGENTS.md to Codex when execution happens in the workspace", () => {
    const { start, turn } = allParams(resolveCodexTurnPlan(input()));
    expect(JSON.stringify({ start, turn })).not.toContain("AGENTS-BODY");
  });

  it("puts a bounded AGENTS.md snapshot in thread developer instructions for another folder", () => {
    for (const connection of CONNECTIONS) {
      const plan = resolveCodexTurnPlan(
        input({ connection, executionDir: "/repo", agentsSnapshotMaxChars: 11 }),
      );
      const { start, turn } = allParams(plan);
      expect(start.cwd).toBe("/repo");
      expect(start.developerInstructions).toContain("snapshot of /ws/AGENTS.md");
      expect(start.developerInstructions).toContain("AGENTS-BODY");
      expect(start.developerInstructions).not.toContain("AGENTS-BODY rules");
      expect(start.developerInstructions).toContain("snapshot truncated at 11 of 17 chars");
      expect(turn.input[0]?.text).not.toContain("AGENTS-BODY");
    }
  });

  it("routes persona files to parent-only request instructions on managed stdio", () => {
    const plan = resolveCodexTurnPlan(input({ connection: "managed-stdio" }));
    const params = allParams(plan);
    for (const body of ["SOUL-BODY", "IDENTITY-BODY", "USER-BODY"]) {
      expect(plan.parentRequestInstructions).toContain(body);
      expect(JSON.stringify(params)).not.toContain(body);
    }
    expect(plan.diagnostics).toEqual([]);
  });

  it.each(["external", "desktop"] as const)(
    "routes persona files to the legacy collaboration carrier with a warning on %s",
    (connection) => {
      const plan = resolveCodexTurnPlan(input({ connection }));
      const { start, turn } = allParams(plan);
      const carrier = turn.collaborationMode.settings.developer_instructions ?? "";
      for (const body of ["SOUL-BODY", "IDENTITY-BODY", "USER-BODY"]) {
        expect(carrier).toContain(body);
        expect(start.developerInstructions).not.toContain(body);
      }
      expect(plan.parentRequestInstructions).toBeNull();
      expect(plan.diagnostics.map((d) => [d.code, d.severity])).toEqual([
        ["BOOTSTRAP_COLLABORATION_CARRIER", "warning"],
      ]);
    },
  );

  it("gives a memory note instead of MEMORY.md when memory tools exist", () => {
    const { turn } = allParams(resolveCodexTurnPlan(input()));
    const text = turn.input[0]?.text ?? "";
    expect(text).toContain("memory_search");
    expect(text).toContain("## Workspace memory");
    expect(text).not.toContain("MEMORY-BODY");
    expect(text.endsWith("USER-REQUEST hello")).toBe(true);
    expect(text.startsWith("<<<BEGIN_OPENCLAW_INTERNAL_CONTEXT>>>")).toBe(true);
  });

  it("falls back to MEMORY.md content in the turn input without memory tools", () => {
    const { turn } = allParams(resolveCodexTurnPlan(input({ memoryToolsAvailable: false })));
    expect(turn.input[0]?.text).toContain("MEMORY-BODY likes tea");
    expect(turn.input[0]?.text).not.toContain("memory_search");
  });

  it("keeps BOOTSTRAP.md in the turn context", () => {
    const { turn } = allParams(resolveCodexTurnPlan(input()));
    expect(turn.input[0]?.text).toContain("BOOTSTRAP-BODY");
  });

  it("puts skills in parent-local instructions on managed, thread developer instructions elsewhere", () => {
    const managed = resolveCodexTurnPlan(input());
    expect(managed.parentRequestInstructions).toContain("SKILLS-BODY");
    expect(JSON.stringify(allParams(managed))).not.toContain("SKILLS-BODY");
    for (const connection of ["external", "desktop"] as const) {
      const { start, turn } = allParams(resolveCodexTurnPlan(input({ connection })));
      expect(start.developerInstructions).toContain("SKILLS-BODY");
      expect(turn.input[0]?.text).not.toContain("SKILLS-BODY");
    }
  });

  it("an AGENTS.md of exactly the snapshot limit is whole; one character more is cut", () => {
    const exact = resolveCodexTurnPlan(
      input({ executionDir: "/repo", agentsSnapshotMaxChars: 17 }),
    ).threadDeveloperInstructions;
    expect(exact).toContain("AGENTS-BODY rules");
    expect(exact).not.toContain("snapshot truncated");
    const over = resolveCodexTurnPlan(
      input({ executionDir: "/repo", agentsSnapshotMaxChars: 16 }),
    ).threadDeveloperInstructions;
    expect(over).toContain("snapshot truncated at 16 of 17 chars");
  });

  it("reports MEMORY.md and BOOTSTRAP.md as omitted on light and full cron turns", () => {
    for (const turnKind of ["cron-light", "cron"] as const) {
      const { routing } = resolveCodexTurnPlan(input({ turnKind }));
      for (const name of ["MEMORY.md", "BOOTSTRAP.md"]) {
        expect(
          routing.find((decision) => decision.file === name),
          `${turnKind} ${name}`,
        ).toEqual({
          file: name,
          surface: "omitted",
          reason: "cron turns load AGENTS, SOUL, IDENTITY and USER only",
        });
      }
    }
  });

  it("keeps the exact scheduled prompt on light cron turns, with no skills or context", () => {
    for (const connection of CONNECTIONS) {
      const plan = resolveCodexTurnPlan(
        input({ connection, turnKind: "cron-light", userMessage: "Send the daily summary." }),
      );
      const { start, turn } = allParams(plan);
      expect(turn.input).toEqual([
        { type: "text", text: "Send the daily summary.", text_elements: [] },
      ]);
      expect(JSON.stringify({ start, p: plan.parentRequestInstructions })).not.toContain(
        "SKILLS-BODY",
      );
    }
  });

  it("keeps MEMORY.md out of group, channel, sub-agent and cron sessions, on every connection", () => {
    const shared = [
      { sessionKind: "group", chatType: "group" },
      { sessionKind: "group", chatType: "channel" },
      { sessionKind: "main", chatType: "channel" },
      { sessionKind: "subagent" },
      { sessionKind: "cron" },
    ] as const;
    for (const connection of CONNECTIONS) {
      for (const memoryToolsAvailable of [true, false]) {
        for (const facts of shared) {
          const plan = resolveCodexTurnPlan(input({ connection, memoryToolsAvailable, ...facts }));
          const everything = JSON.stringify({
            ...allParams(plan),
            p: plan.parentRequestInstructions,
          });
          expect(everything).not.toContain("MEMORY-BODY");
          expect(everything).not.toContain("Workspace memory");
          expect(plan.routing).toContainEqual(
            expect.objectContaining({ file: "MEMORY.md", surface: "omitted" }),
          );
        }
        const direct = resolveCodexTurnPlan(
          input({ connection, memoryToolsAvailable, sessionKind: "direct", chatType: "direct" }),
        );
        expect(direct.routing).toContainEqual(
          expect.objectContaining({
            file: "MEMORY.md",
            surface: memoryToolsAvailable ? "memory-note" : "turn-context",
          }),
        );
      }
    }
  });

  it("drops MEMORY.md and BOOTSTRAP.md on cron turns but keeps skills", () => {
    const plan = resolveCodexTurnPlan(input({ turnKind: "cron" }));
    const { turn } = allParams(plan);
    expect(turn.input[0]?.text).toBe(
      "<<<BEGIN_OPENCLAW_INTERNAL_CONTEXT>>>\n## Messaging\nReply here.\nRuntime: host=h\n<<<END_OPENCLAW_INTERNAL_CONTEXT>>>\n\nUSER-REQUEST hello",
    );
    expect(turn.input[0]?.text).not.toContain("MEMORY");
    expect(turn.input[0]?.text).not.toContain("BOOTSTRAP-BODY");
    expect(plan.parentRequestInstructions).toContain("SKILLS-BODY");
    expect(plan.parentRequestInstructions).toContain("SOUL-BODY");
  });

  it("adds the heartbeat note only on heartbeat turns with a non-empty file", () => {
    const heartbeat = allParams(resolveCodexTurnPlan(input({ turnKind: "heartbeat" })));
    expect(heartbeat.turn.collaborationMode.settings.developer_instructions).toContain(
      "/ws/HEARTBEAT.md",
    );
    const empty = allParams(
      resolveCodexTurnPlan(
        input({
          turnKind: "heartbeat",
          heartbeatFile: { path: "/ws/HEARTBEAT.md", content: " \n" },
        }),
      ),
    );
    expect(empty.turn.collaborationMode.settings.developer_instructions).toBeNull();
    const absent = allParams(
      resolveCodexTurnPlan(input({ turnKind: "heartbeat", heartbeatFile: undefined as never })),
    );
    expect(absent.turn.collaborationMode.settings.developer_instructions).toBeNull();
    const normal = allParams(resolveCodexTurnPlan(input({ turnKind: "normal" })));
    expect(normal.turn.collaborationMode.settings.developer_instructions).toBeNull();
  });

  it("references dynamic tools by name on thread start", () => {
    const { start } = allParams(resolveCodexTurnPlan(input()));
    expect(start.dynamicTools.map((tool) => tool.name)).toEqual(["message"]);
  });

  it("reconstructs the layer stack in model order", () => {
    const plan = resolveCodexTurnPlan(input({ connection: "external", turnKind: "heartbeat" }));
    const layers = buildCodexPromptLayers(plan, { source: "model", instructions: "M" });
    expect(layers.map((layer) => layer.role)).toEqual([
      "system",
      "developer",
      "developer",
      "developer",
      "user",
    ]);
    const managed = buildCodexPromptLayers(resolveCodexTurnPlan(input()), {
      source: "model",
      instructions: "M",
    });
    expect(managed.map((layer) => layer.source)).toContain(
      "parent-request-instructions (managed relay)",
    );
  });

  it("rejects an empty model slug", () => {
    expect(() => resolveCodexTurnPlan(input({ model: " " }))).toThrow(/empty model slug/);
  });
});

const SCHEMA_DIR = new URL("../../../fixtures/codex-protocol/0.171.0/v2/", import.meta.url);
function loadSchema(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`${name}.json`, SCHEMA_DIR), "utf8")) as Record<
    string,
    unknown
  >;
}

describe("params match the real Codex 0.171.0 JSON Schemas", () => {
  const ajv = createCodexSchemaAjv();
  const schemas = {
    start: loadSchema("ThreadStartParams"),
    resume: loadSchema("ThreadResumeParams"),
    turn: loadSchema("TurnStartParams"),
  };
  const validators = {
    start: ajv.compile(schemas.start),
    resume: ajv.compile(schemas.resume),
    turn: ajv.compile(schemas.turn),
  };

  function expectValid(kind: keyof typeof schemas, params: object): void {
    const valid = validators[kind](params);
    expect(validators[kind].errors ?? [], kind).toEqual([]);
    expect(valid).toBe(true);
    // The server ignores unknown fields, so a misspelt field would pass silently: check names.
    const known = Object.keys(schemas[kind]["properties"] as object);
    expect(
      Object.keys(params).filter((key) => !known.includes(key)),
      kind,
    ).toEqual([]);
  }

  it("validates every connection kind × turn kind × execution folder", () => {
    for (const connection of CONNECTIONS) {
      for (const turnKind of TURN_KINDS) {
        for (const executionDir of ["/ws", "/repo"]) {
          const params = allParams(
            resolveCodexTurnPlan(input({ connection, turnKind, executionDir })),
          );
          expectValid("start", params.start);
          expectValid("resume", params.resume);
          expectValid("turn", params.turn);
        }
      }
    }
  });

  it("validates for arbitrary sandbox, approval and effort choices", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("read-only", "workspace-write", "danger-full-access" as const),
        fc.constantFrom("untrusted", "on-request", "never" as const),
        fc.option(fc.constantFrom("low", "medium", "high"), { nil: undefined }),
        fc.boolean(),
        (sandbox, approvalPolicy, effort, memoryToolsAvailable) => {
          const plan = resolveCodexTurnPlan(
            input({
              sandbox,
              approvalPolicy,
              memoryToolsAvailable,
              ...(effort === undefined ? { effort: undefined as never } : { effort }),
            }),
          );
          const params = allParams(plan);
          expectValid("start", params.start);
          expectValid("resume", params.resume);
          expectValid("turn", params.turn);
        },
      ),
      { numRuns: 50 },
    );
  });

  it("rejects a misspelt enum value, proving the schemas are enforced", () => {
    const { start } = allParams(resolveCodexTurnPlan(input()));
    expect(validators.start({ ...start, personality: "nothing" })).toBe(false);
  });
});
