import type { AgentSystemPromptInput, VolatileFacts } from "../src/index.js";

/**
 * The typical-full bench scenario, shared by the benches and by ad-hoc profiling scripts:
 * 10 tools, 6 workspace files of about 25 KB together, a 20-skill list, and 1,000 distinct
 * per-turn fact sets.
 */
export const TOOLS = [
  "read",
  "write",
  "exec",
  "process",
  "cron",
  "sessions_spawn",
  "update_plan",
  "gateway",
  "message",
  "memory_search",
].map((name) => ({ name, summary: `The ${name} tool, summarized in one line.` }));

/** Deterministic Markdown of roughly `size` characters. */
function makeFile(name: string, size: number): string {
  const lines = [`# ${name}`, ""];
  let length = 0;
  for (let i = 0; length < size; i++) {
    const line = `- Rule ${i} of ${name}: keep replies short, cite files, and verify before reporting.`;
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join("\n");
}

export const CONTEXT_FILES = [
  ["AGENTS.md", 6000],
  ["SOUL.md", 3000],
  ["IDENTITY.md", 2000],
  ["USER.md", 4000],
  ["MEMORY.md", 6000],
  ["PROJECT.md", 4000],
].map(([path, size]) => ({
  path: path as string,
  content: makeFile(path as string, size as number),
}));

export const SKILLS_PROMPT = [
  "<available_skills>",
  ...Array.from({ length: 20 }, (_, i) =>
    [
      "  <skill>",
      `    <name>skill-${i}</name>`,
      `    <description>Does task ${i} well, with care for edge cases.</description>`,
      `    <location>~/.agents/skills/skill-${i}/SKILL.md</location>`,
      "  </skill>",
    ].join("\n"),
  ),
  "</available_skills>",
].join("\n");

export const STABLE: AgentSystemPromptInput = {
  sessionKind: "main",
  tools: TOOLS,
  workspaceDir: "/home/ada/.openclaw/workspace",
  ownerDisplay: "Ada",
  memoryRecall: { citations: "auto" },
  skillsPrompt: SKILLS_PROMPT,
  contextFiles: CONTEXT_FILES,
  sandbox: { enabled: true, containerWorkdir: "/workspace" },
};

const ZONES = ["Europe/London", "America/New_York", "Asia/Tokyo", "UTC"];
const LEVELS = ["off", "minimal", "low", "medium", "high", "ultra"] as const;

// Precomputed so that every iteration renders new volatile facts and no memo could help.
export const VARIANTS: readonly VolatileFacts[] = Array.from({ length: 1000 }, (_, i) => ({
  time: {
    date: `2026-03-${String((i % 28) + 1).padStart(2, "0")}`,
    time: `${String(i % 24).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}`,
    timeZone: ZONES[i % ZONES.length]!,
  },
  channel: {
    id: i % 2 === 0 ? "telegram" : "discord",
    chatType: i % 3 === 0 ? "direct" : "group",
    allowGroupSilence: i % 5 === 0,
    reactions: i % 2 === 0 ? "minimal" : "extensive",
    nativeApprovals: i % 4 === 0,
  },
  sender: `user-${i}`,
  ...(i % 3 === 0 ? {} : { groupContext: `Group ${i}: release planning.` }),
  runtime: {
    host: `host-${i % 7}`,
    os: "linux 6.8",
    node: "v20.19.0",
    model: "openai/gpt-5.5",
    sessionKey: `agent:main:telegram:direct:${i}`,
  },
  thinkingLevel: LEVELS[i % LEVELS.length]!,
  reasoning: i % 2 === 0 ? "off" : "on",
  elevation: i % 2 === 0 ? "ask" : "on",
  presentationTools: i % 2 === 0 ? ["canvas"] : [],
  projectMemoryFacts: [`Fact ${i}.`],
}));
