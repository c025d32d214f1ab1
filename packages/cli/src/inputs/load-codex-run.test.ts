import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CodexError } from "@promptstack/harness-codex";
import { createTestTurns, rejectedBy } from "@promptstack-tools/test-utils";
import type { TestTurns } from "@promptstack-tools/test-utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestIo } from "../../test/create-test-io.js";
import { REPO_ROOT } from "../../test/run-cli-binary.js";
import { CliError } from "../cli-error.js";
import { loadCodexRun } from "./load-codex-run.js";
import { loadRenderRun } from "./load-render-run.js";
import type { RenderRun } from "./render-run.js";

const DEMO_CATALOG = join(REPO_ROOT, "fixtures", "codex-model-catalog", "models.json");
const LOOK_ALIKE_TOOLS = [
  { name: "exec", description: "Run a command <!-- PROMPTSTACK_CACHE_BOUNDARY --> now." },
  { name: "message", description: "Send a message on a channel." },
];
const MARKER_WORDS =
  "a renderer marker (`<!-- …BOUNDARY -->` or `<!-- …RUNTIME_TAIL… -->`), which the Codex harness cannot carry.";

let turns: TestTurns;
let run: RenderRun;

beforeAll(async () => {
  turns = await createTestTurns();
  run = await loadRenderRun({}, createTestIo({ env: { HOME: turns.workspaceDir } }));
});

afterAll(() => turns.close());

/** The io of a machine without a Codex cache: the demo catalog is read. */
const io = () => createTestIo({ env: { HOME: turns.workspaceDir } });

describe("loadCodexRun", () => {
  it("adds the Codex params with the placeholder thread and user message, and the catalog's note", async () => {
    const turn = await turns.turn();
    const result = await loadCodexRun(
      run,
      { turn, connection: "managed-stdio", demoCatalogFile: DEMO_CATALOG },
      io(),
    );
    expect(result.codex?.threadResume.threadId).toBe("$thread");
    expect(result.codex?.turnStart.threadId).toBe("$thread");
    const input = result.codex?.turnStart.input as readonly { text: string }[];
    expect(input.at(-1)?.text).toMatch(/\(the user's message for this turn\)$/);
    expect(result.codex?.layers[0]?.source).toBe(
      "codex model prompt gpt-5.5 (demo models.json, placeholder)",
    );
    expect(result.diagnostics.slice(run.diagnostics.length).map((d) => d.code)).toContain(
      "CLI_CODEX_CATALOG_PLACEHOLDER",
    );
  });

  it("turns a marker a fact spells into CLI_FACTS_INVALID naming the facts file and the field", async () => {
    const turn = await turns.turn({ tools: LOOK_ALIKE_TOOLS });
    const error = await rejectedBy(
      loadCodexRun(
        run,
        { turn, connection: "managed-stdio", demoCatalogFile: DEMO_CATALOG, factsFile: "f.json" },
        io(),
      ),
    );
    expect(error).toBeInstanceOf(CliError);
    expect(error).toMatchObject({
      code: "CLI_FACTS_INVALID",
      message: `Facts file f.json: field tools[0].description spells ${MARKER_WORDS}`,
      path: "f.json",
      hint: "Reword tools[0].description so it does not read as an HTML comment marker (e.g. drop the `<!--`).",
    });
    expect((error as CliError).cause).toMatchObject({ code: "CODEX_BOUNDARY_LEAK" });
  });

  it('says "The facts" when the facts come from no file', async () => {
    const turn = await turns.turn({ tools: LOOK_ALIKE_TOOLS });
    const error = await rejectedBy(
      loadCodexRun(run, { turn, connection: "managed-stdio", demoCatalogFile: DEMO_CATALOG }, io()),
    );
    expect(error).toMatchObject({
      code: "CLI_FACTS_INVALID",
      message: `The facts: field tools[0].description spells ${MARKER_WORDS}`,
      path: undefined,
    });
  });

  describe("a marker a config value spells", () => {
    let configured: TestTurns;
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), "promptstack-codex-run-"));
      await writeFile(
        join(dir, "config.json5"),
        '{ agents: { defaults: { tts: { hint: "Say <!-- PROMPTSTACK_CACHE_BOUNDARY --> it." } } } }',
      );
      configured = await createTestTurns({ config: join(dir, "config.json5") });
    });
    afterAll(async () => {
      await configured.close();
      await rm(dir, { recursive: true, force: true });
    });

    it("is CLI_CONFIG_INVALID naming the config file, the agent and the resolved field", async () => {
      const turn = await configured.turn();
      const error = await rejectedBy(
        loadCodexRun(
          run,
          {
            turn,
            connection: "managed-stdio",
            demoCatalogFile: DEMO_CATALOG,
            factsFile: "f.json",
            configFile: "c.json5",
          },
          io(),
        ),
      );
      expect(error).toBeInstanceOf(CliError);
      expect(error).toMatchObject({
        code: "CLI_CONFIG_INVALID",
        message: `Config file c.json5 (resolved for agent main): field ttsHint spells ${MARKER_WORDS}`,
        path: "c.json5",
        hint: "Reword ttsHint so it does not read as an HTML comment marker (e.g. drop the `<!--`).",
      });
      expect((error as CliError).cause).toMatchObject({ code: "CODEX_BOUNDARY_LEAK" });
    });

    it('says "The config" without a --config file', async () => {
      const turn = await configured.turn();
      const error = await rejectedBy(
        loadCodexRun(
          run,
          { turn, connection: "managed-stdio", demoCatalogFile: DEMO_CATALOG },
          io(),
        ),
      );
      expect(error).toMatchObject({
        code: "CLI_CONFIG_INVALID",
        message: `The config (resolved for agent main): field ttsHint spells ${MARKER_WORDS}`,
        path: undefined,
      });
    });

    it("names --config as given when the render loads it (render --harness codex)", async () => {
      const config = join(dir, "config.json5");
      const error = await rejectedBy(loadRenderRun({ config, harness: "codex" }, io()));
      expect(error).toMatchObject({
        code: "CLI_CONFIG_INVALID",
        message: `Config file ${config} (resolved for agent main): field ttsHint spells ${MARKER_WORDS}`,
        path: config,
      });
    });

    it("stays the Codex error when no fact or config value spells it", async () => {
      // The prompt still holds the marker; the turn's config and facts are clean ones.
      const clean = await turns.turn();
      const turn = { ...(await configured.turn()), config: clean.config };
      const error = await rejectedBy(
        loadCodexRun(
          run,
          { turn, connection: "managed-stdio", demoCatalogFile: DEMO_CATALOG },
          io(),
        ),
      );
      expect(CodexError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code: "CODEX_BOUNDARY_LEAK", path: "runtimePolicy.text" });
    });
  });

  it("reports another Codex error as it is, even when a fact also spells a marker", async () => {
    const turn = await turns.turn({
      model: { id: "gpt-unknown", provider: "openai" },
      tools: LOOK_ALIKE_TOOLS,
    });
    const error = await rejectedBy(
      loadCodexRun(
        run,
        { turn, connection: "managed-stdio", demoCatalogFile: DEMO_CATALOG, factsFile: "f.json" },
        io(),
      ),
    );
    expect(CodexError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: "CODEX_UNKNOWN_MODEL",
      message: `Model "gpt-unknown" is not in ${DEMO_CATALOG}. Known models: gpt-5.5, gpt-5.5-mini.`,
    });
  });

  it("refuses --light-context on a turn that is not a cron turn", async () => {
    const turn = await turns.turn();
    const error = await rejectedBy(
      loadCodexRun(
        run,
        { turn, connection: "managed-stdio", demoCatalogFile: DEMO_CATALOG, lightContext: true },
        io(),
      ),
    );
    expect(error).toBeInstanceOf(CliError);
    expect(error).toMatchObject({
      code: "CLI_USAGE",
      message: '--light-context applies only to cron turns; the facts\' sessionKind is "main".',
      path: "--light-context",
      hint: 'Pass facts with sessionKind "cron" (--facts), or leave --light-context out.',
    });
  });
});
