import { appendFile, cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { readDemoSkillEnvironment } from "@promptstack-tools/test-utils";
import { CONFIG_DEFAULTS, ConfigError, parseRunFacts } from "@promptstack/config";
import { buildAgentSystemPrompt } from "@promptstack/renderer";
import type { RunFacts } from "@promptstack/config";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AgentError, createPromptAssembler, loadAgentTurn } from "../src/index.js";
import type { AgentTurn, PromptAssemblerOptions } from "../src/index.js";

const DEMO = fileURLToPath(new URL("../../../fixtures/workspaces/demo", import.meta.url));

let workspaceDir: string;
let facts: RunFacts;

async function options(
  extra: Partial<PromptAssemblerOptions> = {},
): Promise<PromptAssemblerOptions> {
  return {
    config: join(workspaceDir, "config.json5"),
    workspaceDir,
    skillEnvironment: await readDemoSkillEnvironment(workspaceDir),
    ...extra,
  };
}

beforeEach(async () => {
  workspaceDir = join(await mkdtemp(join(tmpdir(), "promptstack-agent-")), "demo");
  await cp(DEMO, workspaceDir, { recursive: true });
  facts = parseRunFacts(JSON.parse(await readFile(join(workspaceDir, "facts.json"), "utf8")));
});

afterEach(async () => {
  await rm(join(workspaceDir, ".."), { recursive: true, force: true });
});

describe("createPromptAssembler", () => {
  it("shows a MEMORY.md edit on the next turn, for one file read and no rescan", async () => {
    const assembler = await createPromptAssembler(await options());
    const first = await assembler.turn(facts);
    expect(first.reads.files).toBeGreaterThan(1);
    expect(first.reads.skillsScanned).toBe(true);
    expect(first.reads.configLoaded).toBe(true);
    expect(first.model.text).not.toContain("planted-memory-line");

    expect(first.reads.prefixCompiled).toBe(true);

    const second = await assembler.turn({ ...facts, sender: "Someone Else" });
    expect(second.reads).toEqual({
      files: 0,
      skillsScanned: false,
      configLoaded: false,
      prefixCompiled: false,
    });
    expect(second.model.stable).toBe(first.model.stable);
    // The kept prefix plus this turn's facts is exactly a fresh full render of the same input.
    expect(second.prompt).toEqual(buildAgentSystemPrompt(second.input));

    await appendFile(join(workspaceDir, "MEMORY.md"), "\n- planted-memory-line\n");
    const third = await assembler.turn(facts);
    expect(third.reads).toEqual({
      files: 1,
      skillsScanned: false,
      configLoaded: false,
      prefixCompiled: true,
    });
    expect(third.prompt).toEqual(buildAgentSystemPrompt(third.input));
    expect(third.model.text).toContain("planted-memory-line");
    const memory = third.bootstrap.files.find((file) => file.name === "MEMORY.md");
    expect(memory?.rawText).toContain("planted-memory-line");
    await assembler.close();
  });

  it("without watch, an edit costs the next turn one read however long it comes after", async () => {
    const assembler = await createPromptAssembler(await options());
    await assembler.turn(facts);
    await appendFile(join(workspaceDir, "MEMORY.md"), "\n- planted-memory-line\n");
    // Long enough for a watch event to arrive, were the folder watched.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await assembler.turn(facts)).reads).toStrictEqual({
      files: 1,
      skillsScanned: false,
      configLoaded: false,
      prefixCompiled: true,
    });
    await assembler.close();
  });

  it("a one-byte change costs one read", async () => {
    const assembler = await createPromptAssembler(await options());
    await assembler.turn(facts);
    await appendFile(join(workspaceDir, "MEMORY.md"), "x");
    const next = await assembler.turn(facts);
    expect(next.reads.files).toBe(1);
    expect(next.reads.skillsScanned).toBe(false);
    await assembler.close();
  });

  it("rescans skills when a root folder changes, and on refresh()", async () => {
    const assembler = await createPromptAssembler(await options());
    const first = await assembler.turn(facts);
    expect(first.skills.included).not.toContain("planted-skill");

    await mkdir(join(workspaceDir, "skills", "planted-skill"));
    await writeFile(
      join(workspaceDir, "skills", "planted-skill", "SKILL.md"),
      "---\nname: planted-skill\ndescription: Planted for the test.\n---\n",
    );
    const second = await assembler.turn(facts);
    expect(second.reads.skillsScanned).toBe(true);
    expect(second.skills.included).toContain("planted-skill");

    // An edit inside an existing SKILL.md does not touch the root, but its own stat changes:
    // the next turn sees it.
    await writeFile(
      join(workspaceDir, "skills", "planted-skill", "SKILL.md"),
      "---\nname: planted-skill\ndescription: Edited description.\n---\n",
    );
    const edited = await assembler.turn(facts);
    expect(edited.reads.skillsScanned).toBe(true);
    expect(edited.skills.all.find((s) => s.name === "planted-skill")?.entryText).toContain(
      "Edited description.",
    );
    expect((await assembler.turn(facts)).reads.skillsScanned).toBe(false);
    assembler.refresh();
    const refreshed = await assembler.turn(facts);
    expect(refreshed.reads.skillsScanned).toBe(true);
    expect(refreshed.reads.files).toBeGreaterThan(1);
    expect(refreshed.reads.configLoaded).toBe(true);
    expect(refreshed.skills.all.find((s) => s.name === "planted-skill")?.entryText).toContain(
      "Edited description.",
    );
    await assembler.close();
  });

  it("with watch, a deep skill edit is seen on the next turn; close() releases the watchers", async () => {
    const assembler = await createPromptAssembler(await options({ watch: true }));
    const first = await assembler.turn(facts);
    const skill = first.skills.all.find(
      (s) => s.status === "included" && s.path.includes("/skills/"),
    );
    expect(skill).toBeDefined();
    const real = skill!.path;
    const text = await readFile(real, "utf8");
    await writeFile(real, text.replace(/description: .*/, "description: Watched edit."));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const next = await assembler.turn(facts);
    expect(next.reads.skillsScanned).toBe(true);
    expect(next.skills.all.find((s) => s.name === skill!.name)?.entryText).toContain(
      "Watched edit.",
    );
    await assembler.close();
    await expect(assembler.turn(facts)).rejects.toSatisfy(
      (error: unknown) => AgentError.isInstance(error) && error.code === "AGENT_CLOSED",
    );
  });

  it("re-reads the config file when it changes", async () => {
    const assembler = await createPromptAssembler(await options());
    await assembler.turn(facts);
    const configPath = join(workspaceDir, "config.json5");
    const text = await readFile(configPath, "utf8");
    await writeFile(configPath, text.replace("Mara Lindqvist", "Mara Planted"));
    const next = await assembler.turn(facts);
    expect(next.reads.configLoaded).toBe(true);
    expect(next.model.text).toContain("Mara Planted");
    await assembler.close();
  });

  it("a raised bootstrapMaxChars injects a cut file whole on the next turn", async () => {
    const configPath = join(workspaceDir, "config.json5");
    const text = await readFile(configPath, "utf8");
    await writeFile(configPath, text.replace("bootstrapMaxChars: 20000", "bootstrapMaxChars: 300"));
    // A 300-char bound reads a head and a tail of 300 × 3 + 16 bytes each (readBootstrapFile's
    // window). The file is larger than both together, so the first turn reads only part of it,
    // and a cached copy of that read cannot pass for the whole file.
    const memoryText = `# Memory\n\n${"- a durable fact\n".repeat(200)}`;
    expect(memoryText.length).toBeGreaterThan(2 * (300 * 3 + 16));
    await writeFile(join(workspaceDir, "MEMORY.md"), memoryText);
    const assembler = await createPromptAssembler(await options());
    const memory = (turn: AgentTurn) => turn.bootstrap.files.find((f) => f.name === "MEMORY.md");
    expect(memory(await assembler.turn(facts))?.status).toBe("truncated");
    await writeFile(configPath, text);
    const raised = memory(await assembler.turn(facts));
    expect(raised?.status).toBe("ok");
    // Budgets count the trimmed text.
    expect(raised?.rawChars).toBe(memoryText.trim().length);
    expect(raised?.injectedChars).toBe(memoryText.trim().length);
    await assembler.close();
  });

  it("applies skills.entries listing and priority after the gates, and reports each skill's form", async () => {
    const assembler = await createPromptAssembler(await options());
    const before = await assembler.turn(facts);
    const listed = before.skills.included;
    expect(listed.length).toBeGreaterThanOrEqual(3);
    expect(before.skills.all.filter((s) => s.status !== "excluded").map((s) => s.form)).toEqual(
      before.skills.all.filter((s) => s.status !== "excluded").map(() => "full"),
    );
    const [pinned, manual, nameOnly] = listed as [string, string, string];
    const configPath = join(workspaceDir, "config.json5");
    const text = await readFile(configPath, "utf8");
    await writeFile(
      configPath,
      text.replace(
        '"train-search": { enabled: true },',
        `"train-search": { enabled: true }, "${pinned}": { listing: "pinned", priority: 3 }, "${manual}": { listing: "manual" }, "${nameOnly}": { listing: "name-only" },`,
      ),
    );
    const after = await assembler.turn(facts);
    const byName = (name: string) => after.skills.all.find((s) => s.name === name);
    expect(byName(pinned)).toMatchObject({
      status: "included",
      listing: "pinned",
      priority: 3,
      form: "full",
    });
    expect(byName(manual)).toMatchObject({
      status: "omitted",
      listing: "manual",
      form: "manual",
      formCause: "listing",
    });
    expect(byName(manual)?.reason).toContain("manual");
    expect(after.skills.omitted).not.toContain(manual);
    expect(after.skills.text).not.toContain(`<name>${manual}</name>`);
    expect(byName(nameOnly)).toMatchObject({
      listing: "name-only",
      form: "compact",
      formCause: "listing",
    });
    expect(byName(nameOnly)?.entryText).not.toContain("<description>");
    await assembler.close();
  });

  it("defaults the prompt mode from the session kind, like the configured facade", async () => {
    const turn = await loadAgentTurn({
      ...(await options()),
      facts: { ...facts, sessionKind: "subagent" },
    });
    expect(turn.promptMode).toBe("minimal");
    const full = await loadAgentTurn({ ...(await options()), facts });
    expect(full.promptMode).toBe("full");
    const forced = await loadAgentTurn({ ...(await options()), facts, promptMode: "none" });
    expect(forced.promptMode).toBe("none");
  });

  it("reads HEARTBEAT.md through the contained reader: a link out of the workspace is not followed", async () => {
    const heartbeat = { ...facts, sessionKind: "heartbeat" as const };
    await writeFile(join(workspaceDir, "HEARTBEAT.md"), "- check the inbox\n");
    const plain = await loadAgentTurn({ ...(await options()), facts: heartbeat });
    expect(plain.heartbeatFile?.content).toContain("check the inbox");

    const outside = join(workspaceDir, "..", "outside-heartbeat.md");
    await writeFile(outside, "- planted-outside-line\n");
    await rm(join(workspaceDir, "HEARTBEAT.md"));
    await symlink(outside, join(workspaceDir, "HEARTBEAT.md"));
    const linked = await loadAgentTurn({ ...(await options()), facts: heartbeat });
    expect(linked.heartbeatFile).toBeUndefined();
    expect(JSON.stringify(linked)).not.toContain("planted-outside-line");
  });

  it("returns structure with the text: entries, raw and injected files, tokens, no markers", async () => {
    const turn = await loadAgentTurn({ ...(await options()), facts, countTokens: true });
    expect(turn.model.text).not.toMatch(/<!-- [A-Z0-9_]+ -->/);
    expect(turn.prompt.text).toContain("CACHE_BOUNDARY");
    for (const skill of turn.skills.all.filter((s) => s.status === "included")) {
      expect(turn.skills.text).toContain(skill.entryText);
    }
    const agents = turn.bootstrap.files.find((file) => file.name === "AGENTS.md");
    expect(agents?.rawText).toBe(
      (await readFile(join(workspaceDir, "AGENTS.md"), "utf8")).replace(/\r\n?/g, "\n"),
    );
    expect(agents?.injectedTokens).toBeGreaterThan(0);
    expect(agents?.rawTokens).toBeGreaterThanOrEqual(agents?.injectedTokens ?? 0);
    expect(turn.input.contextFiles?.length).toBeGreaterThan(0);
  });

  it("shows paths through the display mapping and finds the workspace from the config", async () => {
    const turn = await loadAgentTurn({
      ...(await options()),
      workspaceDir: undefined as unknown as string,
      config: { agents: { defaults: { workspace: "/virtual/demo" } } },
      displayPaths: [{ real: workspaceDir, shown: "/virtual/demo" }],
      facts,
    });
    expect(turn.workspace.shown).toBe("/virtual/demo");
    expect(turn.model.text).toContain("/virtual/demo");
    expect(turn.model.text).not.toContain(workspaceDir);
  });

  it("names a missing file's expected path through the display mapping", async () => {
    await rm(join(workspaceDir, "SOUL.md"));
    const turn = await loadAgentTurn({
      ...(await options()),
      displayPaths: [{ real: workspaceDir, shown: "/virtual/demo" }],
      facts,
    });
    expect(turn.model.text).toContain("[MISSING] Expected at: /virtual/demo/SOUL.md");
    expect(turn.model.text).not.toContain(workspaceDir);
  });

  it("takes the facts as the runtime has them, and names each invalid path in a typed error", async () => {
    const assembler = await createPromptAssembler(await options());
    const raw = JSON.parse(await readFile(join(workspaceDir, "facts.json"), "utf8")) as object;
    const fromRaw = await assembler.turn(raw as never);
    expect(fromRaw.model.text).toBe((await assembler.turn(facts)).model.text);
    const broken = { ...raw, time: { date: "2026-12-40", timeZone: "Europe/Stockholm" } };
    await expect(assembler.turn(broken as never)).rejects.toSatisfy(
      (error: unknown) =>
        ConfigError.isInstance(error) &&
        error.code === "CONFIG_INVALID_FACTS" &&
        error.message.includes("time.date"),
    );
    await expect(assembler.turn({ sessionKind: "main" } as never)).rejects.toThrow(/model/);
    await assembler.close();
  });

  it("refuses an agent id the config does not list, naming the ones it does", async () => {
    await expect(createPromptAssembler(await options({ agentId: "mian" }))).rejects.toSatisfy(
      (error: unknown) =>
        AgentError.isInstance(error) &&
        error.code === "AGENT_UNKNOWN_ID" &&
        error.message.includes('"main"'),
    );
    // Not named: the default agent; a listed one: fine.
    await (await createPromptAssembler(await options())).close();
    await (await createPromptAssembler(await options({ agentId: "main" }))).close();
  });

  it("carries the profile, the facts location, the tools and the model on the turn", async () => {
    const assembler = await createPromptAssembler(await options());
    const turn = await assembler.turn(facts);
    expect(turn.factsLocation).toBe("user-message");
    expect(turn.profile.delimiterWord).toBe("OPENCLAW");
    expect(turn.tools).toBe(turn.facts.tools);
    expect(turn.modelId).toBe(facts.model.id);
    expect(turn.workspace).toEqual({ dir: workspaceDir, shown: workspaceDir });
    await assembler.close();
    const tail = await createPromptAssembler(await options({ factsLocation: "system-prompt" }));
    const tailTurn = await tail.turn(facts);
    expect(tailTurn.factsLocation).toBe("system-prompt");
    expect(tailTurn.model.stable).not.toContain("at the start of the newest user message");
    expect(turn.model.stable).toContain("at the start of the newest user message");
    await tail.close();
  });

  it("throws AGENT_NO_WORKSPACE when neither the options nor the config name one", async () => {
    await expect(loadAgentTurn({ config: {}, facts })).rejects.toSatisfy(
      (error: unknown) => AgentError.isInstance(error) && error.code === "AGENT_NO_WORKSPACE",
    );
    await expect(loadAgentTurn({ config: {}, facts })).rejects.toMatchObject({
      name: "AgentError",
      code: "AGENT_NO_WORKSPACE",
      message:
        'No workspace for agent "main": neither options.workspaceDir nor the config\'s agents.defaults.workspace / agents.entries.main.workspace is set.',
      path: "workspaceDir",
      hint: "Pass workspaceDir, or set a workspace in the config.",
    });
  });
});

describe("a turn's input", () => {
  it("carries the user's text, and on a bare /new the start-up block of recent daily memory", async () => {
    const assembler = await createPromptAssembler(await options());
    const daily = await readFile(join(workspaceDir, "memory", "2026-11-28.md"), "utf8");
    expect((await assembler.turn(facts, { userText: "/new" })).turnInput).toStrictEqual({
      userText: "/new",
      startup: `[Startup context: recent daily memory, included once for this first turn]\n\n## memory/2026-11-28.md\n${daily.trimEnd()}`,
    });
    expect((await assembler.turn(facts, { userText: "Thanks!" })).turnInput).toStrictEqual({
      userText: "Thanks!",
    });
    await assembler.close();
  });

  it("the one-shot form passes the user's text and the turn's time on to its turn", async () => {
    const assembler = await createPromptAssembler(await options());
    const expected = (await assembler.turn(facts, { userText: "/new" })).turnInput;
    await assembler.close();
    const turn = await loadAgentTurn({
      ...(await options({ prefixPolicy: "session" })),
      facts,
      userText: "/new",
      now: 1_000,
    });
    expect(turn.turnInput).toStrictEqual(expected);
    expect(turn.prefix).toStrictEqual({
      policy: "session",
      pinnedAt: 1_000,
      refreshed: { reason: "start" },
      pendingChanges: [],
      noteChars: 0,
    });
  });

  it("on a heartbeat turn, adds the heartbeat notes trimmed under their path; blank or absent notes add nothing", async () => {
    const assembler = await createPromptAssembler(await options());
    const heartbeat = { ...facts, sessionKind: "heartbeat" as const };
    const notes = join(workspaceDir, "HEARTBEAT.md");
    await writeFile(notes, "  - water the plants\n\n");
    expect((await assembler.turn(heartbeat)).turnInput).toStrictEqual({
      heartbeat: `${CONFIG_DEFAULTS.heartbeatPrompt}\n\n[Heartbeat notes: ${notes}]\n- water the plants`,
    });
    await writeFile(notes, "  \n");
    expect((await assembler.turn(heartbeat)).turnInput).toStrictEqual({
      heartbeat: CONFIG_DEFAULTS.heartbeatPrompt,
    });
    await rm(notes);
    expect((await assembler.turn(heartbeat)).turnInput).toStrictEqual({
      heartbeat: CONFIG_DEFAULTS.heartbeatPrompt,
    });
    await assembler.close();
  });

  it("lists the requester's media tasks in the carrier, and the session owner's when no requester is named", async () => {
    const assembler = await createPromptAssembler(await options());
    const media = {
      enabledTools: ["image_generate"],
      tasks: [
        { id: "t1", tool: "image_generate", state: "running" as const, requester: "Ada" },
        { id: "t2", tool: "image_generate", state: "queued" as const },
      ],
    };
    const carrier = (task: string) =>
      `<<<BEGIN_OPENCLAW_INTERNAL_CONTEXT>>>\nmedia_tools: ["image_generate"]\nmedia_tasks:\n- ${task}\n<<<END_OPENCLAW_INTERNAL_CONTEXT>>>`;
    const asked = await assembler.turn({
      ...facts,
      runtimeContext: { media, requester: "Ada", sessionOwner: "Sam" },
    });
    expect(asked.turnInput).toStrictEqual({
      carrier: carrier('{"id":"t1","tool":"image_generate","state":"running"}'),
    });
    const owned = await assembler.turn({
      ...facts,
      runtimeContext: { media, sessionOwner: "Sam" },
    });
    expect(owned.turnInput).toStrictEqual({
      carrier: carrier('{"id":"t2","tool":"image_generate","state":"queued"}'),
    });
    await assembler.close();
  });
});

describe("the assembler's options", () => {
  it("loads the execution folder's AGENTS.md and names the folder on the turn; the workspace itself is none", async () => {
    const executionDir = join(workspaceDir, "..", "repo");
    await mkdir(executionDir);
    await writeFile(join(executionDir, "AGENTS.md"), "# Repo\n\nRun the tests.\n");
    const turn = await loadAgentTurn({ ...(await options({ executionDir })), facts });
    expect(turn.execution).toEqual({ dir: executionDir, shown: executionDir });
    expect(turn.bootstrap.files.filter((file) => file.origin === "execution")).toStrictEqual([
      {
        name: "AGENTS.md",
        path: join(executionDir, "AGENTS.md"),
        origin: "execution",
        status: "ok",
        rawChars: 22,
        injectedChars: 22,
        limitedBy: null,
        rawText: "# Repo\n\nRun the tests.\n",
        injectedText: "# Repo\n\nRun the tests.",
      },
    ]);
    const same = await loadAgentTurn({ ...(await options({ executionDir: workspaceDir })), facts });
    expect(same).not.toHaveProperty("execution");
  });

  it("leaves out what a turn does not have: a heartbeat file, an execution folder, a change note", async () => {
    const turn = await loadAgentTurn({ ...(await options()), facts });
    expect(turn).not.toHaveProperty("heartbeatFile");
    expect(turn).not.toHaveProperty("execution");
    expect(turn.input.volatile).not.toHaveProperty("workspaceChanges");
  });

  it("counts tokens with the given counter; a missing or skipped file counts none, a skipped one says why", async () => {
    await writeFile(join(workspaceDir, "MEMORY.md"), "a\u0000b");
    await rm(join(workspaceDir, "SOUL.md"));
    const tokenCounter = {
      countTokens: (text: string) => text.length,
      isWithinLimit: (text: string, limit: number) => text.length <= limit,
    };
    const turn = await loadAgentTurn({
      ...(await options({ tokenCounter })),
      facts,
      countTokens: true,
    });
    const marker = `[MISSING] Expected at: ${join(workspaceDir, "SOUL.md")}`;
    const named = turn.bootstrap.files.filter((file) =>
      ["SOUL.md", "MEMORY.md"].includes(file.name),
    );
    expect(named).toStrictEqual([
      {
        name: "SOUL.md",
        path: join(workspaceDir, "SOUL.md"),
        origin: "workspace",
        status: "missing",
        rawChars: 0,
        injectedChars: marker.length,
        limitedBy: null,
        injectedText: marker,
        rawTokens: 0,
        injectedTokens: marker.length,
      },
      {
        name: "MEMORY.md",
        path: join(workspaceDir, "MEMORY.md"),
        origin: "workspace",
        status: "skipped",
        rawChars: 0,
        injectedChars: 0,
        limitedBy: null,
        rawTokens: 0,
        injectedTokens: 0,
        reason: "binary",
      },
    ]);
  });

  it("runs the bootstrap hooks over the turn's files", async () => {
    const turn = await loadAgentTurn({
      ...(await options({
        bootstrapHooks: {
          "agent:bootstrap": [
            (event) => {
              for (const file of event.files) if (file.name === "USER.md") file.content = "Hooked.";
            },
          ],
        },
      })),
      facts,
    });
    expect(turn.bootstrap.files.find((file) => file.name === "USER.md")).toStrictEqual({
      name: "USER.md",
      path: join(workspaceDir, "USER.md"),
      origin: "workspace",
      status: "ok",
      rawChars: 7,
      injectedChars: 7,
      limitedBy: null,
      rawText: await readFile(join(workspaceDir, "USER.md"), "utf8"),
      injectedText: "Hooked.",
    });
  });

  it("gives the renderer no skills prompt when no skill is listed", async () => {
    const turn = await loadAgentTurn({ ...(await options({ skillRoots: [] })), facts });
    expect(turn.skills.text).toBe("");
    expect(turn.input).not.toHaveProperty("skillsPrompt");
  });

  it("passes a provider's contribution to the renderer", async () => {
    const provider = { stablePrefix: "Answer in haiku.", dynamicSuffix: "Haiku day." };
    const turn = await loadAgentTurn({
      ...(await options({ provider })),
      facts: { ...facts, model: { id: "claude-x", provider: "anthropic" } },
    });
    expect(turn.input.provider).toEqual(provider);
  });

  it("lists the skills of an extra root, shown under homeDir as ~", async () => {
    const home = join(workspaceDir, "..");
    const extra = join(home, "extra-skills");
    await mkdir(join(extra, "planted-skill"), { recursive: true });
    await writeFile(
      join(extra, "planted-skill", "SKILL.md"),
      "---\nname: planted-skill\ndescription: Planted for the test.\n---\n",
    );
    const turn = await loadAgentTurn({
      ...(await options({ extraSkillRoots: [{ tier: "managed", dir: extra }], homeDir: home })),
      facts,
    });
    expect(turn.skills.all.find((skill) => skill.name === "planted-skill")).toEqual({
      name: "planted-skill",
      tier: "managed",
      path: join(extra, "planted-skill", "SKILL.md"),
      status: "included",
      listing: "normal",
      priority: 0,
      form: "full",
      entryText:
        "  <skill>\n    <name>planted-skill</name>\n    <description>Planted for the test.</description>\n    <location>~/extra-skills/planted-skill/SKILL.md</location>\n  </skill>",
    });
  });

  it("refuses a relative folder option with AGENT_INVALID_OPTIONS", async () => {
    await expect(createPromptAssembler({ workspaceDir: "demo" })).rejects.toMatchObject({
      name: "AgentError",
      code: "AGENT_INVALID_OPTIONS",
      message: 'workspaceDir must be an absolute path, got "demo".',
      path: "workspaceDir",
      hint: "Resolve workspaceDir against the working directory before calling.",
    });
    await expect(
      createPromptAssembler({ workspaceDir: 42 as unknown as string }),
    ).rejects.toMatchObject({
      name: "AgentError",
      code: "AGENT_INVALID_OPTIONS",
      message: 'workspaceDir must be an absolute path, got "42".',
      path: "workspaceDir",
      hint: "Resolve workspaceDir against the working directory before calling.",
    });
    await expect(createPromptAssembler({ executionDir: "" })).rejects.toMatchObject({
      name: "AgentError",
      code: "AGENT_INVALID_OPTIONS",
      message: 'executionDir must be an absolute path, got "".',
      path: "executionDir",
      hint: "Resolve executionDir against the working directory before calling.",
    });
  });

  it("refuses a turn after close() with AGENT_CLOSED", async () => {
    const assembler = await createPromptAssembler(await options());
    await assembler.close();
    await expect(assembler.turn(facts)).rejects.toMatchObject({
      name: "AgentError",
      code: "AGENT_CLOSED",
      message: "This prompt assembler was closed.",
      hint: "Create a new assembler with createPromptAssembler.",
    });
  });
});
