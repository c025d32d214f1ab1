import { execFileSync } from "node:child_process";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../src/run-cli.js";
import { createTestIo } from "./create-test-io.js";
import { REPO_ROOT } from "./run-cli-binary.js";

let dir: string;
let home: string;

async function run(args: readonly string[]): Promise<{ code: number; out: string; err: string }> {
  // An empty HOME keeps `--harness codex` away from a real Codex cache.
  const io = createTestIo({ cwd: dir, env: { HOME: home } });
  const code = await runCli(args, io);
  return { code, out: io.out, err: io.err };
}

function expectUsageError(result: { code: number; err: string }, ...fragments: string[]): void {
  expect(result.code, result.err).toBe(2);
  expect(result.err).toMatch(/^promptstack: error [A-Z_]+: /);
  for (const fragment of fragments) expect(result.err).toContain(fragment);
  expect(result.err).not.toMatch(/\n\s+at |undefined|\[object Object\]/);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "promptstack-cli-bad-input-"));
  home = join(dir, "home");
  await mkdir(home);
  await mkdir(join(dir, "folder"));
  await writeFile(join(dir, "a-file"), "not a folder\n");
  await writeFile(join(dir, "wrong-shape.json"), '{ "tools": "all of them" }\n');
  execFileSync("mkfifo", [join(dir, "fifo")]);
  const facts = JSON.parse(
    await readFile(join(REPO_ROOT, "fixtures/cli/facts/telegram-direct.json"), "utf8"),
  ) as Record<string, unknown>;
  await writeFile(
    join(dir, "heartbeat-facts.json"),
    JSON.stringify({ ...facts, sessionKind: "heartbeat" }),
  );
  const workspace = join(dir, "workspace");
  await mkdir(workspace);
  await writeFile(join(workspace, "AGENTS.md"), "# Agents\nBe brief.\n");
  await writeFile(join(workspace, "HEARTBEAT.md"), "- check the inbox\n");
  // 5 M chars: far above what `context` re-reads to count raw tokens.
  await writeFile(join(workspace, "MEMORY.md"), "- a durable fact\n".repeat(312_500));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("bad input exits 2 with a readable message and no stack", () => {
  it("facts: JSON of the wrong shape, a folder, a FIFO (without blocking)", async () => {
    expectUsageError(await run(["render", "--facts", "wrong-shape.json"]), "wrong-shape.json");
    expectUsageError(await run(["render", "--facts", "folder"]), "facts file folder is a folder");
    expectUsageError(
      await run(["render", "--facts", "fifo"]),
      "facts file fifo is not a regular file",
    );
  });

  it("facts and config of the wrong shape: every problem, named by the path given, with the fix", async () => {
    const facts = await run(["render", "--facts", "wrong-shape.json"]);
    expect(facts.code).toBe(2);
    expect(facts.err).toBe(
      [
        "promptstack: error CLI_FACTS_INVALID: Invalid wrong-shape.json (6 problems):",
        '  sessionKind: expected one of "main" | "direct" | "group" | "subagent" | "cron" | "heartbeat", got nothing',
        '  tools: expected an array, got the string "all of them"',
        "  channel: expected an object, got nothing",
        "  model: expected an object, got nothing",
        "  time: expected an object, got nothing",
        "  runtime: expected an object, got nothing",
        "  fix: Fix each listed path; docs/run-facts.md in the promptstack repository, or buildRunFactsJsonSchema(), describes every field.",
        "",
      ].join("\n"),
    );
    await writeFile(join(dir, "wrong-shape.json5"), '{ agents: { defaults: { workspace: "" } } }');
    const config = await run(["render", "--config", "wrong-shape.json5"]);
    expect(config.code).toBe(2);
    expect(config.err).toBe(
      "promptstack: error CLI_CONFIG_INVALID: Invalid wrong-shape.json5 (1 problem):\n  agents.defaults.workspace: must not be empty\n  fix: Fix each listed path; `promptstack schema <path>` shows what a key accepts.\n",
    );
  });

  it("facts and skill environment: bytes that are not UTF-8 are rejected, not replaced", async () => {
    // A valid JSON document whose sender name holds a lone continuation byte.
    const bytes = Buffer.concat([
      Buffer.from('{ "sender": "Ada'),
      Buffer.from([0x80]),
      Buffer.from('" }\n'),
    ]);
    await writeFile(join(dir, "latin1-facts.json"), bytes);
    const facts = await run(["render", "--facts", "latin1-facts.json"]);
    expectUsageError(facts, "CLI_FACTS_INVALID", "facts file latin1-facts.json is not valid UTF-8");
    expect(facts.err).toContain("Re-save the file as UTF-8");
    expectUsageError(
      await run(["render", "--skill-env", "latin1-facts.json"]),
      "CLI_SKILL_ENV_INVALID",
      "latin1-facts.json is not valid UTF-8",
    );
  });

  it("config: a FIFO and a folder (without blocking)", async () => {
    expectUsageError(await run(["render", "--config", "fifo"]), "fifo");
    expectUsageError(await run(["render", "--config", "folder"]), "folder");
  });

  it("skill environment: a FIFO, a folder, and an unreadable file", async () => {
    expectUsageError(await run(["render", "--skill-env", "fifo"]), "is not a regular file");
    expectUsageError(await run(["render", "--skill-env", "folder"]), "is a folder");
  });

  it.skipIf(process.getuid?.() === 0)(
    "skill environment: a file without read permission",
    async () => {
      const locked = join(dir, "locked.json");
      await writeFile(locked, "{}");
      await chmod(locked, 0o000);
      expectUsageError(await run(["render", "--skill-env", "locked.json"]), "cannot be read");
    },
  );

  it("Codex catalog: a FIFO and a folder (without blocking)", async () => {
    expectUsageError(
      await run(["render", "--harness", "codex", "--catalog", "fifo"]),
      "not a regular file",
    );
    expectUsageError(await run(["render", "--harness", "codex", "--catalog", "folder"]), "folder");
  });

  it("bad choices and malformed flags", async () => {
    const mode = await run(["render", "--mode", "bogus"]);
    expect(mode.code).toBe(2);
    expect(mode.err).toContain("Allowed choices are full, minimal, none");
    const harness = await run(["render", "--harness", "bogus"]);
    expect(harness.code).toBe(2);
    expect(harness.err).toContain("Allowed choices are embedded, codex");
    expectUsageError(await run(["render", "--skills-root", "managed"]), "is not tier=dir");
    expectUsageError(await run(["render", "--skills-root", "nope=skills"]), "is not tier=dir");
    expectUsageError(await run(["render", "--workspace", "a-file"]), "is not a folder");
  });

  it("a missing --workspace or --exec-dir, each with its own hint", async () => {
    const workspace = await run(["render", "--workspace", "no-such-folder"]);
    expectUsageError(
      workspace,
      "CLI_WORKSPACE_MISSING",
      "Workspace no-such-folder does not exist.",
    );
    expect(workspace.err).toContain(
      "  fix: Pass --workspace with an existing folder, or leave it out to render the demo workspace.\n",
    );
    const execDir = await run(["render", "--exec-dir", "no-such-folder"]);
    expectUsageError(execDir, "Execution folder no-such-folder does not exist.");
    expect(execDir.err).toContain("  fix: Pass --exec-dir with an existing folder.\n");
    const notFolder = await run(["render", "--exec-dir", "a-file"]);
    expectUsageError(notFolder, "Execution folder a-file is not a folder.");
    expect(notFolder.err).toContain("  fix: Pass --exec-dir with a folder, not a file.\n");
  });

  it("Codex-only flags without --harness codex", async () => {
    expectUsageError(
      await run(["render", "--connection", "external"]),
      "--connection applies only to the Codex harness",
      "--harness codex",
    );
    expectUsageError(
      await run(["context", "list", "--catalog", "models.json"]),
      "--catalog applies only to the Codex harness",
    );
  });
});

describe("inputs the CLI handles rather than rejects", () => {
  it("context detail does not re-read a 5 MB MEMORY.md to count its raw tokens", async () => {
    const result = await run(["context", "detail", "--workspace", "workspace", "--json"]);
    expect(result.code, result.err).toBe(0);
    const report = JSON.parse(result.out) as {
      bootstrap: { name: string; status: string; rawChars: number; rawTokens: number | null }[];
    };
    const memory = report.bootstrap.find((file) => file.name === "MEMORY.md");
    expect(memory).toMatchObject({ status: "truncated", rawTokens: null });
    expect(memory?.rawChars).toBeGreaterThan(5_000_000);
    expect(report.bootstrap.find((file) => file.name === "AGENTS.md")?.rawTokens).toBeGreaterThan(
      0,
    );
  });

  it("--exec-dir names the execution folder in the Workspace section", async () => {
    const result = await run(["render", "--workspace", "workspace", "--exec-dir", "folder"]);
    expect(result.code, result.err).toBe(0);
    expect(result.out).toContain(`## Workspace\nWorking directory: ${join(dir, "folder")}\n`);
  });

  it("a Codex heartbeat turn points to the workspace's HEARTBEAT.md", async () => {
    const result = await run([
      "render",
      "--workspace",
      "workspace",
      "--facts",
      "heartbeat-facts.json",
      "--harness",
      "codex",
      "--json",
    ]);
    expect(result.code, result.err).toBe(0);
    const output = JSON.parse(result.out) as {
      codex: {
        turnStart: { collaborationMode: { settings: { developer_instructions: string | null } } };
      };
    };
    expect(output.codex.turnStart.collaborationMode.settings.developer_instructions).toContain(
      `Read ${join(dir, "workspace", "HEARTBEAT.md")}`,
    );
  });
});

describe("--json output from a lone surrogate in a SKILL.md", () => {
  // A `\ud800` escape that is not itself an escaped backslash followed by `ud800`.
  const LONE_ESCAPE = /(?<!\\)(?:\\\\)*\\ud[89a-f][0-9a-f]{2}/i;
  const strings = (value: unknown): string[] =>
    typeof value === "string"
      ? [value]
      : Array.isArray(value)
        ? value.flatMap(strings)
        : value !== null && typeof value === "object"
          ? Object.entries(value).flatMap(([key, item]) => [key, ...strings(item)])
          : [];

  it.each([
    [["render"]],
    [["context", "list"]],
    [["context", "detail"]],
    [["doctor"]],
    [["cache-report", "--turns", "2", "--user-tokens", "1", "--assistant-tokens", "1"]],
  ])("%j --json is well-formed Unicode and reports the repair", async (command) => {
    const workspace = join(dir, "lone-surrogate-ws");
    await mkdir(join(workspace, "skills", "bad"), { recursive: true });
    await writeFile(join(workspace, "AGENTS.md"), "# Rules\n");
    await writeFile(
      join(workspace, "skills", "bad", "SKILL.md"),
      '---\nname: "bad\\uD800name"\ndescription: "Lone \\uDC00 here"\n---\nBody\n',
    );
    const result = await run([...command, "--workspace", workspace, "--json"]);
    expect(result.code === 0 || result.code === 1, result.err).toBe(true);
    expect(result.out).not.toMatch(LONE_ESCAPE);
    const parsed = JSON.parse(result.out) as unknown;
    expect(strings(parsed).every((text) => !/\p{Cs}/u.test(text))).toBe(true);
    const reported = `${result.out}${result.err}`;
    expect(reported).toContain("CLI_JSON_LONE_SURROGATE");
  });
});
