import { execFileSync } from "node:child_process";
import { lstat, mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { join } from "node:path";
import { createTempDir, rejectedBy } from "@promptstack-tools/test-utils";
import { describe, expect, it, onTestFinished } from "vitest";
import type { CacheExplanation } from "../../src/reports/build-cache-explanation.js";
import { createLazyTokenCounter } from "../../src/inputs/create-lazy-token-counter.js";
import { loadInspectView } from "../../src/inspect/load-inspect-view.js";
import type { RenderOutput } from "../../src/output/render-output-schema.js";
import { CliError } from "../../src/cli-error.js";
import { createProgram } from "../../src/create-program.js";
import { runCli } from "../../src/run-cli.js";
import { createTestIo } from "../create-test-io.js";
import { REPO_ROOT } from "../run-cli-binary.js";

const BEFORE = "fixtures/cli/facts/telegram-direct.json";
const AFTER = "fixtures/cli/facts/telegram-direct-browser-tool.json";

async function runJson<T>(args: readonly string[]): Promise<T> {
  const io = createTestIo();
  expect(await runCli([...args, "--json"], io), io.err).toBe(0);
  return JSON.parse(io.out) as T;
}

describe("promptstack inspect", () => {
  it("writes prompt.html into the current folder by default, with one band per section", async () => {
    const cwd = createTempDir("promptstack-inspect-out-");
    const io = createTestIo({ cwd });
    expect(await runCli(["inspect"], io), io.err).toBe(0);
    const html = await readFile(join(cwd, "prompt.html"), "utf8");
    const rendered = await runJson<RenderOutput>(["render"]);
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html.match(/data-band="/g)).toHaveLength(rendered.sections.length);
    expect(io.out).toBe(
      `Wrote prompt.html: ${rendered.sections.length} sections, ${rendered.totals.tokens.toLocaleString("en-US")} tokens (${rendered.totals.stableTokens.toLocaleString("en-US")} in the stable prefix).\n`,
    );
  });

  it("writes --out relative to the current folder, creating its folder", async () => {
    const cwd = createTempDir("promptstack-inspect-out-");
    const io = createTestIo({ cwd });
    expect(await runCli(["inspect", "--out", "pages/demo.html"], io), io.err).toBe(0);
    expect(await readFile(join(cwd, "pages", "demo.html"), "utf8")).toContain("Prompt map");
  });

  it("replaces a regular --out file through a temp file and rename, leaving no temp file", async () => {
    const cwd = createTempDir("promptstack-inspect-out-");
    await writeFile(join(cwd, "prompt.html"), "old page");
    const io = createTestIo({ cwd });
    expect(await runCli(["inspect"], io), io.err).toBe(0);
    expect(await readFile(join(cwd, "prompt.html"), "utf8")).toContain("Prompt map");
    expect(await readdir(cwd)).toEqual(["prompt.html"]);
  });

  it("refuses a symbolic link at --out with CLI_OUTPUT_UNWRITABLE and leaves its target alone", async () => {
    const cwd = createTempDir("promptstack-inspect-out-");
    const target = join(cwd, "precious.txt");
    await writeFile(target, "keep me");
    await symlink(target, join(cwd, "prompt.html"));
    const io = createTestIo({ cwd });
    expect(await runCli(["inspect"], io)).toBe(2);
    expect(io.err).toContain("CLI_OUTPUT_UNWRITABLE");
    expect(io.err).toContain("a symbolic link");
    expect(io.err).not.toMatch(/\n\s+at /);
    expect(await readFile(target, "utf8")).toBe("keep me");
    expect((await lstat(join(cwd, "prompt.html"))).isSymbolicLink()).toBe(true);
  });

  it.runIf(process.platform !== "win32")(
    "refuses a FIFO at --out instead of blocking on it",
    async () => {
      const cwd = createTempDir("promptstack-inspect-out-");
      execFileSync("mkfifo", [join(cwd, "page.html")]);
      const io = createTestIo({ cwd });
      // Writing into the FIFO would wait for a reader forever (the test's timeout fails it).
      expect(await runCli(["inspect", "--out", "page.html"], io)).toBe(2);
      expect(io.err).toContain("CLI_OUTPUT_UNWRITABLE");
      expect(io.err).toContain("a FIFO");
      expect((await lstat(join(cwd, "page.html"))).isFIFO()).toBe(true);
    },
  );

  it("refuses a folder, a device or a socket at --out, naming what is there", async () => {
    const cwd = createTempDir("promptstack-inspect-out-");
    await mkdir(join(cwd, "page.html"));
    const socketPath = join(cwd, "socket.html");
    const socketServer = createServer();
    await new Promise<void>((resolve) => socketServer.listen(socketPath, resolve));
    onTestFinished(() => new Promise<void>((resolve) => socketServer.close(() => resolve())));
    const cases = [
      [join(cwd, "page.html"), "it is a directory"],
      ["/dev/null", "it is not a regular file"],
      [socketPath, "it is a socket"],
    ];
    for (const [out, what] of cases) {
      const io = createTestIo({ cwd });
      expect(await runCli(["inspect", "--out", out!], io)).toBe(2);
      expect(io.err).toBe(
        `promptstack: error CLI_OUTPUT_UNWRITABLE: Cannot write ${out}: ${what}, and inspect writes only regular files.\n  where: --out\n  fix: Remove it, or pick another --out.\n`,
      );
    }
    expect(await readdir(cwd)).toEqual(["page.html", "socket.html"]);
  });

  it("names the error when the folder cannot be made, the name not looked at, or the page not written", async () => {
    const cwd = createTempDir("promptstack-inspect-out-");
    await writeFile(join(cwd, "a-file"), "not a folder");
    const tooLong = "p".repeat(300);
    // Short enough to look at, too long once the temp file's suffix is added.
    const almostTooLong = `${"p".repeat(240)}.html`;
    const cases = [
      ["a-file/page.html", "its folder cannot be created (EEXIST)", "Pick another --out."],
      [tooLong, "ENAMETOOLONG", "Pick another --out."],
      [
        almostTooLong,
        "the write failed (ENAMETOOLONG)",
        "Check the folder is writable, or pick another --out.",
      ],
    ];
    for (const [out, why, hint] of cases) {
      const io = createTestIo({ cwd });
      expect(await runCli(["inspect", "--out", out!], io)).toBe(2);
      expect(io.err).toBe(
        `promptstack: error CLI_OUTPUT_UNWRITABLE: Cannot write ${join(cwd, out!)}: ${why}.\n  where: --out\n  fix: ${hint}\n`,
      );
    }
    expect(await readdir(cwd)).toEqual(["a-file"]);
  });

  it.each([
    [
      ["--watch"],
      "--watch applies only with --serve.",
      "--watch",
      "Add --serve, or leave --watch out.",
    ],
    [
      ["--port", "8080"],
      "--port applies only with --serve.",
      "--port",
      "Add --serve, or leave --port out.",
    ],
    [
      ["--watch", "--port", "0"],
      "--watch applies only with --serve.",
      "--watch",
      "Add --serve, or leave --watch out.",
    ],
    // The largest port is read as one: the error is the missing --serve.
    [
      ["--port", "65535"],
      "--port applies only with --serve.",
      "--port",
      "Add --serve, or leave --port out.",
    ],
    [
      ["--serve", "--out", "x.html"],
      "--out writes a file; --serve serves the page instead.",
      "--out",
      "Pass one of --out and --serve.",
    ],
    [
      ["--before", BEFORE],
      "--after is missing: a cache diff compares two turns.",
      "--after",
      "Pass both --before and --after, or neither.",
    ],
    [
      ["--after", AFTER],
      "--before is missing: a cache diff compares two turns.",
      "--before",
      "Pass both --before and --after, or neither.",
    ],
    [
      ["--before", BEFORE, "--after", AFTER, "--facts", BEFORE],
      "--facts cannot be combined with --before/--after.",
      "--facts",
      "The page shows the --after turn; leave --facts out.",
    ],
    [
      ["--json"],
      "inspect writes an HTML page; it has no --json output.",
      "--json",
      "Use `render --json` or `context list --json` for JSON.",
    ],
    [
      ["--serve", "--port", "http"],
      '--port "http" is not a port number.',
      "--port",
      "Pass a number from 0 to 65535 (0 picks a free port).",
    ],
    [
      ["--serve", "--port", "65536"],
      '--port "65536" is not a port number.',
      "--port",
      "Pass a number from 0 to 65535 (0 picks a free port).",
    ],
    [
      ["--serve", "--port", "80x"],
      '--port "80x" is not a port number.',
      "--port",
      "Pass a number from 0 to 65535 (0 picks a free port).",
    ],
    [
      ["--serve", "--port", "x80"],
      '--port "x80" is not a port number.',
      "--port",
      "Pass a number from 0 to 65535 (0 picks a free port).",
    ],
  ])("rejects %j with a usage error", async (flags, message, path, hint) => {
    const io = createTestIo();
    expect(await runCli(["inspect", ...flags], io)).toBe(2);
    // The message names the flag, so the text leaves out the "where" line.
    expect(io.err).toBe(`promptstack: error CLI_USAGE: ${message}\n  fix: ${hint}\n`);
    expect(io.out).toBe("");
    const program = createProgram(createTestIo(), {
      exitCode: 0,
      tokenCounter: createLazyTokenCounter(),
    });
    const error = await rejectedBy(program.parseAsync(["inspect", ...flags], { from: "user" }));
    expect(CliError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: "CLI_USAGE", message, path, hint });
  });

  it("fails like render on bad input: a missing workspace exits 2", async () => {
    const io = createTestIo();
    expect(await runCli(["inspect", "--workspace", "no/such/folder"], io)).toBe(2);
    expect(io.err).toContain("CLI_WORKSPACE_MISSING");
  });
});

describe("loadInspectView", () => {
  it("counts exactly what render --json and context --json count", async () => {
    const rendered = await runJson<RenderOutput>(["render"]);
    const view = await loadInspectView({}, createTestIo(), createLazyTokenCounter());
    expect(
      view.sections.map(({ id, heading, cache, chars, tokens }) => ({
        id,
        heading,
        cache,
        chars,
        tokens,
      })),
    ).toEqual(rendered.sections);
    // Each band's text is its section as rendered, in order; the model text drops only the
    // runtime-tail marker lines.
    const begin = "<!-- OPENCLAW_RUNTIME_TAIL_BEGIN -->";
    const end = "<!-- OPENCLAW_RUNTIME_TAIL_END -->";
    let from = 0;
    for (const section of view.sections) {
      expect(section.text.length).toBe(section.chars);
      const modelText = section.text
        .split("\n")
        .filter((line) => line !== begin && line !== end)
        .join("\n");
      const at = rendered.text.indexOf(modelText, from);
      expect(at, section.id).toBeGreaterThanOrEqual(from);
      from = at + modelText.length;
    }
    expect(view.totals.tokens).toBe(rendered.totals.tokens);
    expect(view.totals.stableTokens).toBe(rendered.totals.stableTokens);
    expect(view.boundary).toEqual({ offset: rendered.boundary });
    expect(view.skills.format).toBe(rendered.skills.format);
    expect(view.bootstrap.map((file) => file.injectedChars)).toEqual(
      rendered.bootstrap.map((file) => file.injectedChars),
    );
  });

  it("names the inputs it rendered, the execution folder when one is given", async () => {
    const execDir = createTempDir("promptstack-inspect-exec-");
    const view = await loadInspectView({ execDir }, createTestIo(), createLazyTokenCounter());
    expect(view.source).toEqual([
      { label: "Workspace", value: view.title },
      { label: "Execution folder", value: execDir },
      { label: "Config", value: "the demo's config.json5" },
      { label: "Facts", value: "the demo's facts.json" },
      { label: "Agent", value: "main" },
      { label: "Mode", value: "full" },
      { label: "Harness", value: "embedded" },
    ]);
  });

  it("names both turns, the Codex connection and the session policy among the inputs", async () => {
    const view = await loadInspectView(
      { before: BEFORE, after: AFTER, harness: "codex", prefixPolicy: "session" },
      createTestIo(),
      createLazyTokenCounter(),
    );
    expect(view.source).toEqual([
      { label: "Workspace", value: view.title },
      { label: "Config", value: "the demo's config.json5" },
      { label: "Facts", value: `${BEFORE} → ${AFTER}` },
      { label: "Agent", value: "main" },
      { label: "Mode", value: "full" },
      { label: "Harness", value: "codex (managed-stdio)" },
      { label: "Prefix policy", value: "session" },
    ]);
  });

  it("a workspace of one's own: built-in defaults; a lone --before or --after (the command refuses either) is left out", async () => {
    const workspace = createTempDir("promptstack-inspect-source-");
    for (const lone of [{ before: BEFORE }, { after: AFTER }]) {
      const view = await loadInspectView(
        { workspace, ...lone },
        createTestIo(),
        createLazyTokenCounter(),
      );
      expect(view.source).toEqual([
        { label: "Workspace", value: workspace },
        { label: "Config", value: "built-in defaults" },
        { label: "Facts", value: "the demo's facts.json" },
        { label: "Agent", value: "main" },
        { label: "Mode", value: "full" },
        { label: "Harness", value: "embedded" },
      ]);
      expect(view.cacheDiff).toBeUndefined();
    }
  });

  it("has no boundary for a prompt without one (mode none)", async () => {
    const view = await loadInspectView({ mode: "none" }, createTestIo(), createLazyTokenCounter());
    expect(view.boundary).toBeNull();
  });

  it("names the first differing section exactly as explain-cache does", async () => {
    const explanation = await runJson<CacheExplanation>([
      "explain-cache",
      "--before",
      BEFORE,
      "--after",
      AFTER,
    ]);
    const view = await loadInspectView(
      { before: BEFORE, after: AFTER },
      createTestIo(),
      createLazyTokenCounter(),
    );
    expect(explanation.firstDifference?.sectionId).toBe("tooling");
    expect(view.cacheDiff?.firstDifference?.sectionId).toBe(explanation.firstDifference?.sectionId);
    expect(view.cacheDiff?.reusablePrefixTokens).toBe(explanation.sharedPrefix.tokens);
    // The page shows the later turn.
    const after = await runJson<RenderOutput>(["render", "--facts", AFTER]);
    expect(view.totals.tokens).toBe(after.totals.tokens);
  });

  it("carries the Codex layer stack with --harness codex", async () => {
    const rendered = await runJson<RenderOutput>(["render", "--harness", "codex"]);
    const view = await loadInspectView(
      { harness: "codex" },
      createTestIo(),
      createLazyTokenCounter(),
    );
    expect(view.codexLayers?.map((layer) => [layer.role, layer.source, layer.tokens])).toEqual(
      rendered.codex?.layers.map((layer) => [layer.role, layer.source, layer.tokens]),
    );
  });

  it("attaches each file's diagnostics to it: an empty file is skipped, a required one missing", async () => {
    const workspace = createTempDir("promptstack-inspect-files-");
    await writeFile(join(workspace, "SOUL.md"), "  \n\n");
    const view = await loadInspectView({ workspace }, createTestIo(), createLazyTokenCounter());
    const soul = view.bootstrap.find((entry) => entry.name === "SOUL.md");
    expect(soul).toMatchObject({ status: "skipped", reason: "empty" });
    expect(soul?.diagnostics.map((diagnostic) => diagnostic.code)).toEqual([
      "BOOTSTRAP_FILE_EMPTY",
    ]);
    const agents = view.bootstrap.find((entry) => entry.name === "AGENTS.md");
    expect(agents?.status).toBe("missing");
    expect(agents?.diagnostics.map((diagnostic) => diagnostic.code)).toEqual([
      "BOOTSTRAP_FILE_MISSING",
    ]);
  });

  it("shows no kept head and tail for a file too large to read whole: its raw text was never read", async () => {
    const workspace = createTempDir("promptstack-inspect-large-");
    // Far beyond the head and tail windows a 1,000-char budget reads (about 3 KB each).
    await writeFile(join(workspace, "AGENTS.md"), `${"a large agents file\n".repeat(1000)}`);
    const config = join(workspace, "config.json");
    await writeFile(config, JSON.stringify({ agents: { defaults: { bootstrapMaxChars: 1000 } } }));
    const view = await loadInspectView(
      { workspace, config },
      createTestIo({ cwd: REPO_ROOT }),
      createLazyTokenCounter(),
    );
    const file = view.bootstrap.find((entry) => entry.name === "AGENTS.md");
    expect(file).toMatchObject({ status: "truncated", rawChars: 20_000, limitedBy: "per-file" });
    expect(file).not.toHaveProperty("truncation");
  });

  it("a budget too small for a marker keeps a head only: no tail, even of a text that repeats", async () => {
    const workspace = createTempDir("promptstack-inspect-plain-cut-");
    await writeFile(join(workspace, "AGENTS.md"), `${"a".repeat(20)}\n`);
    await writeFile(join(workspace, "SOUL.md"), "Calm.\n");
    const config = join(workspace, "config.json");
    await writeFile(config, JSON.stringify({ agents: { defaults: { bootstrapMaxChars: 10 } } }));
    const view = await loadInspectView(
      { workspace, config },
      createTestIo({ cwd: REPO_ROOT }),
      createLazyTokenCounter(),
    );
    const file = view.bootstrap.find((entry) => entry.name === "AGENTS.md");
    expect(file?.status).toBe("truncated");
    expect(file?.truncation).toEqual({
      head: "a".repeat(10),
      tail: "",
      omittedChars: 10,
      marker: "",
    });
    // A file that fit has nothing cut, so no kept head and tail.
    const soul = view.bootstrap.find((entry) => entry.name === "SOUL.md");
    expect(soul?.status).toBe("ok");
    expect(soul).not.toHaveProperty("truncation");
  });

  it("shows a truncated file's kept head and tail and what replaced the middle", async () => {
    const workspace = createTempDir("promptstack-inspect-trunc-");
    const lines = Array.from({ length: 200 }, (_, index) => `line ${index + 1} of the agents file`);
    const raw = `${lines.join("\n")}\n`;
    await writeFile(join(workspace, "AGENTS.md"), raw);
    const config = join(workspace, "config.json");
    await writeFile(config, JSON.stringify({ agents: { defaults: { bootstrapMaxChars: 1000 } } }));
    const view = await loadInspectView(
      { workspace, config },
      createTestIo({ cwd: REPO_ROOT }),
      createLazyTokenCounter(),
    );
    const file = view.bootstrap.find((entry) => entry.name === "AGENTS.md");
    expect(file?.status).toBe("truncated");
    const cut = file?.truncation;
    expect(cut).toBeDefined();
    if (cut === undefined) return;
    expect(cut.head.startsWith("line 1 of the agents file\nline 2")).toBe(true);
    expect(raw.trimEnd().startsWith(cut.head)).toBe(true);
    expect(cut.tail.endsWith("line 200 of the agents file")).toBe(true);
    expect(raw.trimEnd().endsWith(cut.tail)).toBe(true);
    expect(cut.marker).toContain("truncated AGENTS.md");
    expect(cut.head.length + cut.marker.length + cut.tail.length).toBe(file?.injectedChars);
    expect(cut.head.length + cut.omittedChars + cut.tail.length).toBe(raw.trimEnd().length);
  });
});
