import { existsSync } from "node:fs";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createPromptAssembler } from "@promptstack/agent";
import type { PromptAssemblerOptions } from "@promptstack/agent";
import { parseRunFacts } from "@promptstack/config";
import type { TokenCounter } from "@promptstack/core";
import { NEUTRAL_PRODUCT_PROFILE } from "@promptstack/renderer";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const DEMO = fileURLToPath(new URL("../../../../fixtures/workspaces/demo", import.meta.url));
const TEMP_PREFIX = "promptstack-built-in-prose-";

/** Every tool a section of the renderer looks for by name. */
const SECTION_TOOLS = [
  "cron",
  "exec",
  "gateway",
  "memory_get",
  "memory_search",
  "message",
  "process",
  "progress_card",
  "read",
  "session_status",
  "sessions_list",
  "sessions_spawn",
  "subagents",
  "update_plan",
];

interface Render {
  readonly model: "gpt-5" | "claude-sonnet-4-5";
  readonly personality?: "friendly" | "on" | "off";
  readonly size: "full" | "compact";
  readonly profile: "openclaw" | "neutral";
  readonly mode: "full" | "minimal" | "none";
  readonly withTools: boolean;
}

/**
 * Every render the seed promises: each personality of the GPT-5 model and a model without one,
 * in each size, product profile and mode `promptstack render` offers, with and without the tools.
 */
const RENDERS: readonly Render[] = (
  [
    { model: "gpt-5", personality: "friendly" },
    { model: "gpt-5", personality: "on" },
    { model: "gpt-5", personality: "off" },
    { model: "claude-sonnet-4-5" },
  ] as const
).flatMap((model) =>
  (["full", "compact"] as const).flatMap((size) =>
    (["openclaw", "neutral"] as const).flatMap((profile) =>
      (["full", "minimal", "none"] as const).flatMap((mode) =>
        [true, false].map((withTools) => ({ ...model, size, profile, mode, withTools })),
      ),
    ),
  ),
);

const COUNTER: TokenCounter = {
  countTokens: (text) => text.length,
  isWithinLimit: (text, limit) => text.length <= limit,
};

/** What the seed did with the assemblers it made: their folders, and how many it closed. */
interface AssemblerLog {
  readonly folders: Set<string>;
  made: number;
  closed: number;
}

/**
 * The module freshly loaded (so its tool and model tables count as run by this test), with an
 * assembler factory that logs each call and throws on call number `failAt`.
 */
async function importWithLoggedAssemblers(
  log: AssemblerLog,
  failAt?: number,
): Promise<typeof import("./load-built-in-prose.js")> {
  vi.resetModules();
  vi.doMock("@promptstack/agent", async (importOriginal) => {
    const agent = await importOriginal<typeof import("@promptstack/agent")>();
    return {
      ...agent,
      createPromptAssembler: async (options: PromptAssemblerOptions) => {
        log.made += 1;
        const folder = options.workspaceDir;
        if (folder !== undefined && existsSync(folder)) log.folders.add(folder);
        if (log.made === failAt) throw new Error("the render broke");
        const assembler = await agent.createPromptAssembler(options);
        return {
          ...assembler,
          turn: assembler.turn.bind(assembler),
          close: async () => {
            log.closed += 1;
            await assembler.close();
          },
        };
      },
    };
  });
  try {
    return await import("./load-built-in-prose.js");
  } finally {
    vi.doUnmock("@promptstack/agent");
  }
}

/** Every text of one render of an empty workspace, made here the way the seed's doc says. */
async function renderSample(render: Render, dir: string): Promise<string[]> {
  const provider = render.model === "gpt-5" ? "openai" : "anthropic";
  const assembler = await createPromptAssembler({
    config:
      render.personality === undefined
        ? {}
        : { plugins: { entries: { openai: { config: { personality: render.personality } } } } },
    configDir: dir,
    workspaceDir: dir,
    homeDir: dir,
    displayPaths: [{ real: dir, shown: "/workspace" }],
    skillRoots: [],
    skillEnvironment: { platform: "linux", env: {}, hasBin: () => false },
    tokenCounter: COUNTER,
    promptMode: render.mode,
    promptSize: render.size,
    ...(render.profile === "neutral" ? { product: NEUTRAL_PRODUCT_PROFILE } : {}),
  });
  try {
    const turn = await assembler.turn(
      parseRunFacts({
        sessionKind: "main",
        model: { provider, id: render.model },
        channel: { id: "webchat", chatType: "direct" },
        time: { timeZone: "UTC", date: "2000-01-01", time: "00:00" },
        runtime: { host: "host", os: "os", node: "v0.0.0" },
        tools: render.withTools ? SECTION_TOOLS.map((name) => ({ name })) : [],
      }),
    );
    return [
      ...turn.prompt.sections.map((section) => section.text),
      turn.model.text,
      turn.model.stable,
    ];
  } finally {
    await assembler.close();
  }
}

/** Every sentence (a line of 24 characters or more) of the demo's workspace files and skills. */
async function readDemoSentences(): Promise<Set<string>> {
  const entries = await readdir(DEMO, { recursive: true, withFileTypes: true });
  const sentences = new Set<string>();
  for (const entry of entries.filter((file) => file.isFile() && file.name.endsWith(".md"))) {
    const text = await readFile(join(entry.parentPath, entry.name), "utf8");
    for (const line of text.split("\n")) if (line.trim().length >= 24) sentences.add(line.trim());
  }
  return sentences;
}

describe("loadBuiltInProse", () => {
  let sampleDir = "";

  beforeAll(async () => {
    sampleDir = await mkdtemp(join(tmpdir(), "promptstack-prose-sample-"));
  });

  afterAll(async () => {
    await rm(sampleDir, { recursive: true, force: true });
  });

  // One run (96 renders), checked several ways; the run sits in the test itself so a mutation
  // run credits the code it covers to this test.
  it("holds every mode, size, profile and personality, with and without the tools, of an empty /workspace only", async () => {
    const log: AssemblerLog = { folders: new Set(), made: 0, closed: 0 };
    const { loadBuiltInProse } = await importWithLoggedAssemblers(log);
    const texts = await loadBuiltInProse(COUNTER);

    expect(RENDERS).toHaveLength(96);
    const expected: string[] = [];
    for (const render of RENDERS) expected.push(...(await renderSample(render, sampleDir)));
    // The order of the texts does not matter to the seed; each one does, as often as it is rendered.
    expect([...texts].sort()).toEqual(expected.sort());

    // Its workspace is shown as /workspace, never as its temporary folder, which is then gone.
    expect(texts.some((text) => text.includes("/workspace"))).toBe(true);
    const folders = [...log.folders];
    expect(folders).toHaveLength(1);
    const folder = folders[0] as string;
    expect(basename(folder).startsWith(TEMP_PREFIX)).toBe(true);
    expect(texts.filter((text) => text.includes(folder))).toEqual([]);
    expect(existsSync(folder)).toBe(false);

    // Every assembler it made is closed.
    expect(log.made).toBe(96);
    expect(log.closed).toBe(96);

    // No sentence of the demo (what start-up is measured on) is in the seed.
    const sentences = await readDemoSentences();
    expect(sentences.size).toBeGreaterThan(50);
    const lines = new Set(texts.flatMap((text) => text.split("\n").map((line) => line.trim())));
    expect([...sentences].filter((sentence) => lines.has(sentence))).toEqual([]);
  });

  it("removes its temporary folder when a render throws", async () => {
    const failing: AssemblerLog = { folders: new Set(), made: 0, closed: 0 };
    const { loadBuiltInProse } = await importWithLoggedAssemblers(failing, 3);
    const error = await loadBuiltInProse(COUNTER).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ message: "the render broke" });
    expect(failing.made).toBe(3);
    expect(failing.folders.size).toBe(1);
    for (const folder of failing.folders) expect(existsSync(folder)).toBe(false);
  });
});
