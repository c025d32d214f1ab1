import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { buildRenderOutputJsonSchema } from "../src/output/render-output-schema.js";
import { runCli } from "../src/run-cli.js";
import { createTestIo } from "./create-test-io.js";

describe("runCli (in process)", () => {
  it("on a terminal shows the boundary as a dim rule and a summary line on stderr", async () => {
    const io = createTestIo({ isTTY: true });
    expect(await runCli(["render"], io), io.err).toBe(0);
    expect(io.out).toMatch(
      // oxlint-disable-next-line no-control-regex -- ANSI escapes start with ESC
      /\u001b\[2m──── cache boundary · [\d,]+ stable tokens above ─+\u001b\[22m\n## Time Context/,
    );
    expect(io.err).toMatch(
      /promptstack: [\d,]+ tokens \([\d,]+ chars\) · \d+% stable · \d+ sections/,
    );
  });

  it("on a terminal a prompt without a cache boundary shows no rule", async () => {
    const json = createTestIo();
    expect(await runCli(["render", "--mode", "none", "--json"], json), json.err).toBe(0);
    const output = JSON.parse(json.out) as { text: string; boundary: number };
    expect(output.boundary).toBe(-1);
    const io = createTestIo({ isTTY: true, env: { NO_COLOR: "1" } });
    expect(await runCli(["render", "--mode", "none"], io), io.err).toBe(0);
    expect(io.out).toBe(output.text.endsWith("\n") ? output.text : `${output.text}\n`);
  });

  it("respects NO_COLOR on a terminal: the rule stays, the colour goes", async () => {
    const io = createTestIo({ isTTY: true, env: { NO_COLOR: "1" } });
    expect(await runCli(["render"], io), io.err).toBe(0);
    expect(io.out).toContain("──── cache boundary");
    expect(io.out).not.toContain("\u001b[");
  });

  it("--size compact renders the compact wording of the same sections; an unknown size exits 2", async () => {
    const full = createTestIo();
    const compact = createTestIo();
    expect(await runCli(["render"], full), full.err).toBe(0);
    expect(await runCli(["render", "--size", "compact"], compact), compact.err).toBe(0);
    expect(full.out).toContain("this list is a summary");
    expect(compact.out).not.toContain("this list is a summary");
    expect(compact.out).toContain("Later or recurring work: `cron`");
    // Compact wording stands without section headings; caller text keeps its framing headings.
    const headings = (text: string) => text.split("\n").filter((line) => line.startsWith("## "));
    expect(headings(full.out)).toContain("## Safety");
    expect(headings(compact.out)).not.toContain("## Safety");
    expect(headings(compact.out)).toContain("## Workspace Files (injected)");
    expect(headings(full.out)).toEqual(expect.arrayContaining(headings(compact.out)));
    expect(compact.out.length).toBeLessThan(full.out.length);
    // The same sections render at both sizes.
    const sectionIds = async (args: string[]) => {
      const io = createTestIo();
      expect(await runCli(["render", "--json", ...args], io), io.err).toBe(0);
      return (JSON.parse(io.out) as { sections: { id: string }[] }).sections.map((s) => s.id);
    };
    expect(await sectionIds(["--size", "compact"])).toEqual(await sectionIds([]));
    expect(await runCli(["render", "--size", "tiny"], createTestIo())).toBe(2);
  });

  it("exits 2 on commander usage errors and 0 on --help", async () => {
    const unknown = createTestIo();
    expect(await runCli(["render", "--mode", "loud"], unknown)).toBe(2);
    expect(unknown.err).toContain("--mode");
    const missing = createTestIo();
    expect(await runCli(["explain-cache"], missing)).toBe(2);
    expect(missing.err).toContain("--before");
    const help = createTestIo();
    expect(await runCli(["--help"], help)).toBe(0);
    expect(help.out).toContain("explain-cache");
    expect(await runCli(["render", "--skills-root", "nonsense"], createTestIo())).toBe(2);
  });

  it("under --debug never asks to run again with --debug, even for an error without a stack", async () => {
    const stackless = Object.assign(new Error("stdout went away"), { stack: undefined });
    const io = createTestIo({
      stdout: (): never => {
        throw stackless;
      },
    });
    expect(await runCli(["schema", "--debug"], io)).toBe(1);
    expect(io.err).toBe("promptstack: internal error: stdout went away\n");
  });

  it("prints the package version for -V and --version and exits 0", async () => {
    const { version } = JSON.parse(
      await readFile(new URL("../package.json", import.meta.url), "utf8"),
    ) as { version: string };
    for (const flag of ["-V", "--version"]) {
      const io = createTestIo();
      expect(await runCli([flag], io)).toBe(0);
      expect(io.out).toBe(`${version}\n`);
      expect(io.err).toBe("");
    }
  });

  it("follows a usage error with the pointer to --help", async () => {
    const io = createTestIo();
    expect(await runCli(["render", "--mode", "loud"], io)).toBe(2);
    expect(io.err.endsWith("\n(run with --help for usage)\n")).toBe(true);
  });

  it("names an internal error, then says how to get its stack; a thrown non-error is printed as text", async () => {
    const io = createTestIo({
      stdout: (): never => {
        // oxlint-disable-next-line typescript/only-throw-error -- what a broken dependency might throw
        throw "stdout went away";
      },
    });
    expect(await runCli(["schema"], io)).toBe(1);
    expect(io.err).toBe(
      "promptstack: internal error: stdout went away\nRun again with --debug for the stack trace, and report it as a bug.\n",
    );
  });

  it("exits 1 on an internal error; the stack only with --debug", async () => {
    const failing = (): never => {
      throw new Error("stdout went away");
    };
    const plain = createTestIo({ stdout: failing });
    expect(await runCli(["schema"], plain)).toBe(1);
    expect(plain.err).toContain("internal error: stdout went away");
    expect(plain.err).not.toMatch(/\n\s+at /);
    const debug = createTestIo({ stdout: failing });
    expect(await runCli(["schema", "--debug"], debug)).toBe(1);
    expect(debug.err).toMatch(/\n\s+at /);
  });

  it("schema looks up a config key, and exits 2 for an unknown one", async () => {
    const io = createTestIo();
    expect(await runCli(["schema", "agents.defaults.bootstrapMaxChars"], io)).toBe(0);
    expect(io.out).toContain("default:     20000");
    expect(io.out).toContain("Per-file character budget");
    const unknown = createTestIo();
    expect(await runCli(["schema", "agents.nope"], unknown)).toBe(2);
    expect(unknown.err).toContain('no key "agents.nope"');
  });

  it("schema --json prints the lookup as data; a deprecated key says so in the text view", async () => {
    const json = createTestIo();
    expect(await runCli(["schema", "agents.defaults.bootstrapMaxChars", "--json"], json)).toBe(0);
    expect(JSON.parse(json.out)).toEqual({
      path: "agents.defaults.bootstrapMaxChars",
      description: "Per-file character budget for injected bootstrap files.",
      type: "integer > 0",
      default: 20000,
      constraints: { exclusiveMinimum: 0 },
    });
    const deprecated = createTestIo({ isTTY: true });
    expect(await runCli(["schema", "agents.defaults.timeFormat"], deprecated)).toBe(0);
    expect(deprecated.out).toContain(
      "\n  \u001b[33mdeprecated\u001b[39m\n  Deprecated, no effect: the time context shows the date and time zone only.\n",
    );
    const current = createTestIo({ isTTY: true });
    expect(await runCli(["schema", "agents.defaults.bootstrapMaxChars"], current)).toBe(0);
    expect(current.out).not.toContain("deprecated");
  });

  it("explain-cache --provider refuses --harness codex; --layout asks for --provider", async () => {
    const io = createTestIo();
    const sides = ["--before", "fixtures/cli/facts/telegram-direct.json", "--after"];
    const after = "fixtures/cli/facts/telegram-direct-browser-tool.json";
    expect(
      await runCli(
        ["explain-cache", "--provider", "anthropic", "--harness", "codex", ...sides, after],
        io,
      ),
    ).toBe(2);
    expect(io.err).toBe(
      "promptstack: error CLI_USAGE: --provider explains the embedded harness's requests; --harness codex is not supported.\n  fix: Leave --harness out.\n",
    );
    expect(io.out).toBe("");
    const layout = createTestIo();
    expect(
      await runCli(["explain-cache", "--layout", "system-tail", ...sides, after], layout),
    ).toBe(2);
    expect(layout.err).toContain(
      "promptstack: error CLI_USAGE: --layout applies only with --provider.\n",
    );
  });

  it("context detail --json lists every discovered skill with its fate, and each tool", async () => {
    const io = createTestIo();
    expect(await runCli(["context", "detail", "--json"], io)).toBe(0);
    const report = JSON.parse(io.out) as {
      skills: { entries: { name: string; status: string; reason?: string; tier: string }[] };
      tools: { entries: { name: string; tokens: number }[] };
    };
    const github = report.skills.entries.find((skill) => skill.name === "github");
    expect(github).toMatchObject({ status: "excluded", tier: "bundled" });
    expect(github?.reason).toContain("gh");
    expect(report.skills.entries.find((skill) => skill.name === "weather")?.tier).toBe("managed");
    expect(report.skills.entries.find((skill) => skill.name === "voice-call")?.tier).toBe("plugin");
    expect(report.tools.entries).toHaveLength(14);
    expect(report.tools.entries.every((tool) => tool.tokens > 0)).toBe(true);
  });
});

describe("the render --json schema", () => {
  it("is committed as fixtures/cli/render-output.schema.json", async () => {
    await expect(`${JSON.stringify(buildRenderOutputJsonSchema(), null, 2)}\n`).toMatchFileSnapshot(
      "../../../fixtures/cli/render-output.schema.json",
    );
  });

  it("is the schema docs/cli.md shows", async () => {
    const docs = await readFile(new URL("../../../docs/cli.md", import.meta.url), "utf8");
    const block =
      /<!-- render-output-schema:start -->\s*```json\n([\s\S]*?)```\s*<!-- render-output-schema:end -->/.exec(
        docs,
      );
    // Compared as data: prettier may re-wrap the block, the schema must stay the same.
    expect(JSON.parse(block?.[1] ?? "null")).toEqual(buildRenderOutputJsonSchema());
  });
});
