import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, realpath, rm, symlink, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildAgentSystemPrompt } from "@promptstack/renderer";
import type { ChatType, SessionKind } from "@promptstack/renderer";
import type { TokenCounter } from "@promptstack/core";
import { BootstrapError } from "../src/bootstrap-error.js";
import { loadBootstrapFiles } from "../src/load-bootstrap-files.js";
import { seedBootstrapTemplates } from "../src/seed-bootstrap-templates.js";

let root: string;
let workspace: string;

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), "bootstrap-load-")));
  workspace = join(root, "ws");
  await mkdir(workspace);
  for (const name of ["AGENTS.md", "SOUL.md", "IDENTITY.md", "USER.md", "MEMORY.md"]) {
    await writeFile(join(workspace, name), `${name} text\n`);
  }
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("loadBootstrapFiles", () => {
  it("loads the workspace files in order, ready for the renderer", async () => {
    const result = await loadBootstrapFiles({ workspaceDir: workspace, sessionKind: "main" });
    expect(result.contextFiles).toEqual(
      ["AGENTS.md", "SOUL.md", "IDENTITY.md", "USER.md", "MEMORY.md"].map((name) => ({
        path: name,
        content: `${name} text`,
      })),
    );
    expect(result.truncated).toBe(false);
    expect(result.bootstrapPending).toBe(false);
    expect(result.diagnostics).toEqual([]);
  });

  describe("required files (the profile's workspace convention)", () => {
    beforeEach(async () => {
      for (const name of ["SOUL.md", "IDENTITY.md", "USER.md"]) await unlink(join(workspace, name));
    });

    it("injects a missing marker for each absent required file, by default the reference set", async () => {
      const result = await loadBootstrapFiles({ workspaceDir: workspace, sessionKind: "main" });
      expect(result.stats.filter((stat) => stat.status === "missing").map((s) => s.name)).toEqual([
        "SOUL.md",
        "IDENTITY.md",
        "USER.md",
      ]);
    });

    it("treats every file outside requiredFileNames as optional", async () => {
      const result = await loadBootstrapFiles({
        workspaceDir: workspace,
        sessionKind: "main",
        requiredFileNames: ["AGENTS.md"],
      });
      expect(result.stats.map((stat) => [stat.name, stat.status])).toEqual([
        ["AGENTS.md", "ok"],
        ["MEMORY.md", "ok"],
      ]);
      expect(result.contextFiles.some((file) => file.content.includes("[MISSING]"))).toBe(false);
      expect(result.diagnostics).toEqual([]);
    });

    it("rejects a name that is not a bootstrap file", async () => {
      await expect(
        loadBootstrapFiles({
          workspaceDir: workspace,
          sessionKind: "main",
          requiredFileNames: ["AGENTS.md", "RULES.md"],
        }),
      ).rejects.toMatchObject({
        code: "BOOTSTRAP_INVALID_OPTIONS",
        path: "requiredFileNames[1]",
      });
    });
  });

  describe("MEMORY.md privacy", () => {
    const SECRET = "OWNER-PRIVATE dentist on Tuesday";

    async function render(sessionKind: SessionKind, chatType: ChatType, id: string) {
      await writeFile(join(workspace, "MEMORY.md"), `# Memory\n- ${SECRET}\n`);
      const loaded = await loadBootstrapFiles({
        workspaceDir: workspace,
        sessionKind,
        chatType,
        // A hook that re-adds MEMORY.md must not get it past the session filter either.
        hooks: {
          "agent:bootstrap": [
            (event) => [
              ...event.files,
              {
                name: "MEMORY.md",
                path: join(workspace, "MEMORY.md"),
                origin: "workspace",
                content: SECRET,
              },
            ],
          ],
        },
      });
      return buildAgentSystemPrompt({
        sessionKind,
        mode: sessionKind === "subagent" ? "minimal" : "full",
        contextFiles: loaded.contextFiles,
        volatile: { channel: { id, chatType } },
      }).text;
    }

    it("keeps MEMORY.md out of Discord group, Slack channel, sub-agent and cron renders", async () => {
      const shared: [SessionKind, ChatType, string][] = [
        ["group", "group", "discord"],
        ["group", "channel", "slack"],
        ["main", "channel", "slack"],
        ["subagent", "direct", "telegram"],
        ["cron", "direct", "telegram"],
      ];
      for (const [kind, chatType, id] of shared) {
        const text = await render(kind, chatType, id);
        expect(text, `${kind} in ${id} ${chatType}`).not.toContain(SECRET);
        expect(text).not.toContain("## MEMORY.md");
      }
    });

    it("still gives MEMORY.md to the owner's direct main-session chat", async () => {
      const text = await render("main", "direct", "telegram");
      expect(text).toContain("## MEMORY.md");
      expect(text).toContain(SECRET);
    });
  });

  it("does not append the execution folder's AGENTS.md when it resolves to the workspace", async () => {
    await symlink(workspace, join(root, "alias"));
    const result = await loadBootstrapFiles({
      workspaceDir: workspace,
      executionDir: join(root, "alias"),
      sessionKind: "main",
    });
    expect(result.files.filter((f) => f.name === "AGENTS.md")).toHaveLength(1);
  });

  it("appends only AGENTS.md of a different execution folder, after the workspace files", async () => {
    const repo = join(root, "repo");
    await mkdir(repo);
    await writeFile(join(repo, "AGENTS.md"), "repo rules");
    await writeFile(join(repo, "MEMORY.md"), "repo memory");
    const result = await loadBootstrapFiles({
      workspaceDir: workspace,
      executionDir: repo,
      sessionKind: "subagent",
    });
    expect(result.contextFiles).toEqual([
      { path: "AGENTS.md", content: "AGENTS.md text" },
      { path: join(repo, "AGENTS.md"), content: "repo rules" },
    ]);
  });

  it("injects BOOTSTRAP.md and reports it pending only in a brand-new workspace", async () => {
    const fresh = join(root, "fresh");
    await seedBootstrapTemplates(fresh);
    const first = await loadBootstrapFiles({ workspaceDir: fresh, sessionKind: "direct" });
    expect(first.bootstrapPending).toBe(true);
    expect(first.files.map((f) => f.name)).toContain("BOOTSTRAP.md");
    const cron = await loadBootstrapFiles({ workspaceDir: fresh, sessionKind: "cron" });
    expect(cron.bootstrapPending).toBe(false);
    await unlink(join(fresh, "BOOTSTRAP.md"));
    const later = await loadBootstrapFiles({ workspaceDir: fresh, sessionKind: "direct" });
    expect(later.bootstrapPending).toBe(false);
    expect(later.stats.map((s) => s.name)).not.toContain("BOOTSTRAP.md");
  });

  it("does not report an empty or whitespace-only BOOTSTRAP.md as pending", async () => {
    for (const content of ["", " \n\t\n"]) {
      await writeFile(join(workspace, "BOOTSTRAP.md"), content);
      const result = await loadBootstrapFiles({ workspaceDir: workspace, sessionKind: "direct" });
      expect(result.bootstrapPending).toBe(false);
      expect(result.files.map((f) => f.name)).not.toContain("BOOTSTRAP.md");
    }
    // The same file with content is pending: the check can fail.
    await writeFile(join(workspace, "BOOTSTRAP.md"), "Say hello.");
    const pending = await loadBootstrapFiles({ workspaceDir: workspace, sessionKind: "direct" });
    expect(pending.bootstrapPending).toBe(true);
  });

  it("marks missing required files and omits missing optional ones", async () => {
    await unlink(join(workspace, "SOUL.md"));
    await unlink(join(workspace, "MEMORY.md"));
    const result = await loadBootstrapFiles({ workspaceDir: workspace, sessionKind: "main" });
    expect(result.contextFiles[1]).toEqual({
      path: "SOUL.md",
      content: `[MISSING] Expected at: ${join(workspace, "SOUL.md")}`,
    });
    expect(result.stats.map((s) => s.name)).not.toContain("MEMORY.md");
  });

  it("reports a missing workspace without throwing", async () => {
    const result = await loadBootstrapFiles({
      workspaceDir: join(root, "nope"),
      sessionKind: "subagent",
    });
    expect(result.files.map((f) => f.status)).toEqual(["missing"]);
    expect(result.diagnostics[0]?.code).toBe("BOOTSTRAP_WORKSPACE_NOT_FOUND");
  });

  it("does not hang on a FIFO named MEMORY.md and reports it", async () => {
    await unlink(join(workspace, "MEMORY.md"));
    execFileSync("mkfifo", [join(workspace, "MEMORY.md")]);
    const result = await loadBootstrapFiles({ workspaceDir: workspace, sessionKind: "main" });
    expect(result.stats.at(-1)).toMatchObject({
      name: "MEMORY.md",
      status: "skipped",
      reason: "not a regular file",
    });
    expect(result.diagnostics.map((d) => d.code)).toContain("BOOTSTRAP_FILE_NOT_REGULAR");
  });

  it("skips a persona file symlinked outside the workspace", async () => {
    await writeFile(join(root, "secret.md"), "top secret");
    await unlink(join(workspace, "USER.md"));
    await symlink(join(root, "secret.md"), join(workspace, "USER.md"));
    const result = await loadBootstrapFiles({ workspaceDir: workspace, sessionKind: "main" });
    expect(JSON.stringify(result.files)).not.toContain("top secret");
    expect(result.stats.find((s) => s.name === "USER.md")).toMatchObject({
      status: "skipped",
      reason: "outside workspace",
    });
  });

  it("skips an execution-folder AGENTS.md that links out of that folder, even into the workspace", async () => {
    const repo = join(root, "repo");
    await mkdir(repo);
    await symlink(join(workspace, "AGENTS.md"), join(repo, "AGENTS.md"));
    const result = await loadBootstrapFiles({
      workspaceDir: workspace,
      executionDir: repo,
      sessionKind: "subagent",
    });
    expect(result.contextFiles).toEqual([{ path: "AGENTS.md", content: "AGENTS.md text" }]);
    expect(result.stats.at(-1)).toMatchObject({
      origin: "execution",
      status: "skipped",
      reason: "outside workspace",
    });
  });

  it("follows a workspace folder that is itself a symlink", async () => {
    await symlink(workspace, join(root, "ws-link"));
    const result = await loadBootstrapFiles({
      workspaceDir: join(root, "ws-link"),
      sessionKind: "subagent",
    });
    expect(result.contextFiles).toEqual([{ path: "AGENTS.md", content: "AGENTS.md text" }]);
  });

  it("never reads a path a hook supplies; hooks give content, not files", async () => {
    await writeFile(join(root, "secret.md"), "top secret");
    const result = await loadBootstrapFiles({
      workspaceDir: workspace,
      sessionKind: "main",
      hooks: {
        "agent:bootstrap": [
          (event) => [
            ...event.files.map((f) =>
              f.name === "USER.md" ? { ...f, path: join(root, "secret.md"), content: null } : f,
            ),
            { name: "EXTRA.md", path: join(root, "secret.md"), origin: "workspace", content: null },
          ],
        ],
      },
    });
    expect(JSON.stringify(result.files)).not.toContain("top secret");
    expect(result.files.find((f) => f.name === "EXTRA.md")).toMatchObject({ status: "missing" });
  });

  it("charges the execution folder's AGENTS.md to the same total budget", async () => {
    const repo = join(root, "repo");
    await mkdir(repo);
    await writeFile(join(repo, "AGENTS.md"), "r".repeat(5_000));
    await writeFile(join(workspace, "AGENTS.md"), "a".repeat(5_000));
    for (const totalMaxChars of [64, 200, 1_000, 5_000, 5_100, 9_999]) {
      const result = await loadBootstrapFiles({
        workspaceDir: workspace,
        executionDir: repo,
        sessionKind: "subagent",
        budgets: { maxChars: 4_000, totalMaxChars },
      });
      const total = result.files.reduce((sum, f) => sum + f.content.length, 0);
      expect(total).toBeLessThanOrEqual(totalMaxChars);
      expect(result.truncated).toBe(true);
    }
  });

  it("truncates a 5 MB MEMORY.md from bounded reads", async () => {
    await writeFile(join(workspace, "MEMORY.md"), Buffer.alloc(5 * 1024 * 1024, "m"));
    const result = await loadBootstrapFiles({ workspaceDir: workspace, sessionKind: "main" });
    expect(result.truncated).toBe(true);
    expect(result.stats.at(-1)).toMatchObject({ rawChars: 5 * 1024 * 1024, injectedChars: 20_000 });
    expect(result.files.at(-1)?.content).toContain("[... truncated MEMORY.md: kept");
  });

  it("lets hooks swap a persona, then filters again and drops heartbeat scratch", async () => {
    const result = await loadBootstrapFiles({
      workspaceDir: workspace,
      sessionKind: "subagent",
      hooks: {
        "agent:bootstrap": [
          (event) => [
            ...event.files,
            {
              name: "SOUL.md",
              path: join(workspace, "SOUL.md"),
              origin: "workspace",
              content: "pirate",
            },
            {
              name: "HEARTBEAT.md",
              path: join(workspace, "HEARTBEAT.md"),
              origin: "workspace",
              content: "x",
            },
          ],
          () => {
            throw new Error("broken handler");
          },
        ],
      },
    });
    expect(result.files.map((f) => f.name)).toEqual(["AGENTS.md"]);
    expect(result.diagnostics).toEqual([
      {
        code: "BOOTSTRAP_HOOK_FAILED",
        severity: "warning",
        message: "agent:bootstrap handler #2 threw (broken handler); its change was discarded.",
        hint: "Fix the handler; the file list continues from the previous handler's result.",
      },
      {
        code: "BOOTSTRAP_HEARTBEAT_DROPPED",
        severity: "info",
        message: "HEARTBEAT.md is heartbeat scratch, not bootstrap context; it was dropped.",
        hint: "The heartbeat runner adds it to the heartbeat message itself.",
      },
    ]);
  });

  it("tells the hooks the session kind, the workspace and the execution folder when there is one", async () => {
    const repo = join(root, "repo");
    await mkdir(repo);
    const seen: unknown[] = [];
    const hooks = {
      "agent:bootstrap": [
        ({ files: _files, ...event }: { readonly files: unknown }) => {
          seen.push(event);
        },
      ],
    };
    await loadBootstrapFiles({ workspaceDir: workspace, sessionKind: "cron", hooks });
    await loadBootstrapFiles({
      workspaceDir: workspace,
      executionDir: repo,
      sessionKind: "subagent",
      hooks,
    });
    expect(seen).toStrictEqual([
      { type: "agent:bootstrap", sessionKind: "cron", workspaceDir: workspace },
      {
        type: "agent:bootstrap",
        sessionKind: "subagent",
        workspaceDir: workspace,
        executionDir: repo,
      },
    ]);
  });

  it("reports BOOTSTRAP.md pending only for the workspace's own file with content", async () => {
    // A BOOTSTRAP.md a hook places in the execution folder is injected, but starts no bootstrap.
    const fromHook = await loadBootstrapFiles({
      workspaceDir: workspace,
      sessionKind: "direct",
      hooks: {
        "agent:bootstrap": [
          (event) => [
            ...event.files,
            {
              name: "BOOTSTRAP.md",
              path: join(root, "repo", "BOOTSTRAP.md"),
              origin: "execution",
              content: "Say hello.",
            },
          ],
        ],
      },
    });
    expect(fromHook.contextFiles.at(-1)).toEqual({
      path: join(root, "repo", "BOOTSTRAP.md"),
      content: "Say hello.",
    });
    expect(fromHook.bootstrapPending).toBe(false);
    // A required BOOTSTRAP.md that is absent gets a marker, and is not pending either.
    const required = await loadBootstrapFiles({
      workspaceDir: workspace,
      sessionKind: "direct",
      requiredFileNames: ["AGENTS.md", "BOOTSTRAP.md"],
    });
    expect(required.stats.find((stat) => stat.name === "BOOTSTRAP.md")?.status).toBe("missing");
    expect(required.bootstrapPending).toBe(false);
  });

  it("applies a hook's persona swap in a main session", async () => {
    const result = await loadBootstrapFiles({
      workspaceDir: workspace,
      sessionKind: "main",
      hooks: {
        "agent:bootstrap": [
          (event) => {
            const soul = event.files.find((f) => f.name === "SOUL.md");
            if (soul) soul.content = "pirate persona";
          },
        ],
      },
    });
    expect(result.contextFiles[1]).toEqual({ path: "SOUL.md", content: "pirate persona" });
  });

  /** Counts words as tokens, so budgets are easy to reason about. */
  const wordCounter: TokenCounter = {
    countTokens: (text) => text.split(/\s+/).filter(Boolean).length,
    isWithinLimit: (text, limit) => text.split(/\s+/).filter(Boolean).length <= limit,
  };

  it("applies token budgets with the given counter", async () => {
    await writeFile(join(workspace, "AGENTS.md"), "word ".repeat(500));
    const result = await loadBootstrapFiles({
      workspaceDir: workspace,
      sessionKind: "subagent",
      budgets: { maxTokens: 40 },
      tokenCounter: wordCounter,
    });
    expect(wordCounter.countTokens(result.files[0]?.content ?? "")).toBeLessThanOrEqual(40);
    expect(result.truncated).toBe(true);
  });

  it("applies a total token budget set alone with the given counter", async () => {
    await writeFile(join(workspace, "AGENTS.md"), "word ".repeat(500));
    const result = await loadBootstrapFiles({
      workspaceDir: workspace,
      sessionKind: "subagent",
      budgets: { totalMaxTokens: 40 },
      tokenCounter: wordCounter,
    });
    expect(wordCounter.countTokens(result.files[0]?.content ?? "")).toBeLessThanOrEqual(40);
    expect(result.stats).toEqual([
      expect.objectContaining({ name: "AGENTS.md", status: "truncated", limitedBy: "total" }),
    ]);
  });

  it("names the missing tokenCounter and where to get one when token budgets are set without it", async () => {
    await writeFile(join(workspace, "AGENTS.md"), "tokens and more tokens ".repeat(400));
    const error = await loadBootstrapFiles({
      workspaceDir: workspace,
      sessionKind: "subagent",
      budgets: { maxTokens: 100 },
    }).catch((caught: unknown) => caught);
    expect(BootstrapError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: "BOOTSTRAP_INVALID_OPTIONS", path: "tokenCounter" });
    expect((error as BootstrapError).hint).toContain("@promptstack/o200k");
  });

  it("rejects a relative workspace path", async () => {
    await expect(
      loadBootstrapFiles({ workspaceDir: "ws", sessionKind: "main" }),
    ).rejects.toMatchObject({
      code: "BOOTSTRAP_INVALID_OPTIONS",
      path: "workspaceDir",
    });
  });

  describe("case variants of a bootstrap file", () => {
    const variantsOf = (result: Awaited<ReturnType<typeof loadBootstrapFiles>>) =>
      result.diagnostics.filter((diagnostic) => diagnostic.code === "BOOTSTRAP_FILE_CASE_VARIANT");

    it("warns about memory.md next to MEMORY.md and says MEMORY.md is the one read", async () => {
      await writeFile(join(workspace, "memory.md"), "lower-case copy\n");
      const result = await loadBootstrapFiles({ workspaceDir: workspace, sessionKind: "main" });
      expect(variantsOf(result)).toEqual([
        expect.objectContaining({
          severity: "warning",
          path: join(workspace, "memory.md"),
          message:
            "memory.md sits next to MEMORY.md; only MEMORY.md is read and memory.md is ignored.",
        }),
      ]);
      expect(result.contextFiles.map((file) => file.content)).not.toContain("lower-case copy");
    });

    it("says a lone variant is not read when the exact name opens nothing", async () => {
      await unlink(join(workspace, "AGENTS.md"));
      await writeFile(join(workspace, "agents.md"), "lower-case agents\n");
      const result = await loadBootstrapFiles({
        workspaceDir: workspace,
        sessionKind: "main",
        // What a case-sensitive file system reports, whatever this machine's is.
        readFile: async (options) =>
          options.filePath.endsWith("AGENTS.md")
            ? { kind: "missing" }
            : { kind: "ok", content: "text", rawBytes: 4, diagnostics: [] },
      });
      expect(variantsOf(result)).toEqual([
        expect.objectContaining({
          path: join(workspace, "agents.md"),
          message: "agents.md is not read: the bootstrap file is AGENTS.md, spelled exactly so.",
          hint: "Rename agents.md to AGENTS.md.",
        }),
      ]);
    });

    it("says a lone variant is read as the exact name on a case-insensitive file system", async () => {
      await unlink(join(workspace, "SOUL.md"));
      await writeFile(join(workspace, "Soul.md"), "soul\n");
      const result = await loadBootstrapFiles({
        workspaceDir: workspace,
        sessionKind: "main",
        // What a case-insensitive file system reports: SOUL.md opens Soul.md.
        readFile: async () => ({ kind: "ok", content: "text", rawBytes: 4, diagnostics: [] }),
      });
      expect(variantsOf(result)).toEqual([
        expect.objectContaining({
          path: join(workspace, "Soul.md"),
          message:
            "Soul.md is read as SOUL.md only because this file system ignores case; on a case-sensitive one it is ignored.",
        }),
      ]);
    });

    it("looks only at files this session reads: no MEMORY.md variant warning in a group chat", async () => {
      await writeFile(join(workspace, "memory.md"), "lower-case copy\n");
      const result = await loadBootstrapFiles({
        workspaceDir: workspace,
        sessionKind: "main",
        chatType: "group",
      });
      expect(variantsOf(result)).toEqual([]);
    });

    it("takes the folder listing from the given lister (the assembler caches it)", async () => {
      const listed: string[] = [];
      const result = await loadBootstrapFiles({
        workspaceDir: workspace,
        sessionKind: "main",
        discoverNameVariants: async (dir) => {
          listed.push(dir);
          return [
            { canonical: "USER.md", entry: "user.MD" },
            { canonical: "USER.md", entry: "USER.md" },
          ];
        },
      });
      expect(listed).toEqual([workspace]);
      expect(variantsOf(result).map((diagnostic) => diagnostic.path)).toEqual([
        join(workspace, "user.MD"),
      ]);
    });
  });

  describe("a legacy TOOLS.md", () => {
    const legacyOf = (result: Awaited<ReturnType<typeof loadBootstrapFiles>>) =>
      result.diagnostics.filter((diagnostic) => diagnostic.code === "BOOTSTRAP_LEGACY_TOOLS_FILE");

    it("is not loaded, and a warning says the notes belong in AGENTS.md's ## Tools section", async () => {
      await writeFile(join(workspace, "TOOLS.md"), "Use the staging cluster for tests.\n");
      const result = await loadBootstrapFiles({ workspaceDir: workspace, sessionKind: "main" });
      expect(legacyOf(result)).toEqual([
        {
          code: "BOOTSTRAP_LEGACY_TOOLS_FILE",
          severity: "warning",
          message:
            "TOOLS.md is not loaded: tool notes now live in a `## Tools` section of AGENTS.md, so nothing in TOOLS.md reaches the model.",
          path: join(workspace, "TOOLS.md"),
          hint: "Move the notes from TOOLS.md into a `## Tools` section of AGENTS.md, then delete TOOLS.md.",
        },
      ]);
      expect(result.contextFiles.map((file) => file.path)).not.toContain("TOOLS.md");
      expect(result.stats.map((stat) => stat.name)).not.toContain("TOOLS.md");
    });

    it("is named as spelled on disk, in every session kind", async () => {
      await writeFile(join(workspace, "tools.md"), "notes\n");
      const result = await loadBootstrapFiles({ workspaceDir: workspace, sessionKind: "subagent" });
      expect(legacyOf(result).map((diagnostic) => diagnostic.path)).toEqual([
        join(workspace, "tools.md"),
      ]);
      // Not a case variant of a loaded file: only the legacy warning.
      expect(
        result.diagnostics.filter(
          (diagnostic) => diagnostic.code === "BOOTSTRAP_FILE_CASE_VARIANT",
        ),
      ).toEqual([]);
    });

    it("is left alone in a separate execution folder, which is a project of its own", async () => {
      const project = join(root, "project");
      await mkdir(project);
      await writeFile(join(project, "AGENTS.md"), "project rules\n");
      await writeFile(join(project, "TOOLS.md"), "project tooling\n");
      const result = await loadBootstrapFiles({
        workspaceDir: workspace,
        executionDir: project,
        sessionKind: "main",
      });
      expect(legacyOf(result)).toEqual([]);
    });

    it("gives no warning when there is none", async () => {
      const result = await loadBootstrapFiles({ workspaceDir: workspace, sessionKind: "main" });
      expect(legacyOf(result)).toEqual([]);
    });
  });
});
