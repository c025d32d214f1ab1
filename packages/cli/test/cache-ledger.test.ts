import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CacheLedgerReport } from "../src/reports/build-cache-ledger-report.js";
import { runCli } from "../src/run-cli.js";
import {
  buildThirtyRequestConversation,
  formatConversationJsonl,
  INJECTED_MISSES,
} from "./cache-ledger-fixture.js";
import { createTestIo } from "./create-test-io.js";
import { REPO_ROOT } from "./run-cli-binary.js";

const THIRTY = "fixtures/cli/cache-ledger/thirty-requests-section-tool-and-expiry-misses";
const MIXED =
  "fixtures/cli/cache-ledger/mixed-providers-below-minimum-unexplained-and-unreadable-usage";

async function run(args: readonly string[], cwd = REPO_ROOT) {
  const io = createTestIo({ cwd });
  const code = await runCli([...args], io);
  return { code, out: io.out, err: io.err };
}

let temp: string;
beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), "promptstack-cache-ledger-"));
});
afterAll(async () => {
  await rm(temp, { recursive: true, force: true });
});

describe("promptstack cache-ledger", () => {
  it("the committed 30-request conversation is the generator's output", async () => {
    await expect(formatConversationJsonl(buildThirtyRequestConversation())).toMatchFileSnapshot(
      join(REPO_ROOT, THIRTY, "requests.jsonl"),
    );
  });

  it("30 requests: the section change, the tool change and the expiry are each named", async () => {
    const { code, out, err } = await run(["cache-ledger", `${THIRTY}/requests.jsonl`, "--json"]);
    expect(code, err).toBe(0);
    const report = JSON.parse(out) as CacheLedgerReport;
    expect(report.requests.map((request) => request.index)).toEqual([...Array(30).keys()]);
    const misses = report.requests
      .filter((request) => request.miss)
      .map((request) => ({
        index: request.index,
        kind: request.cause.kind,
        ...("part" in request.cause ? { part: request.cause.part } : {}),
      }));
    expect(misses).toEqual(INJECTED_MISSES);
    for (const request of report.requests.filter((request) => !request.miss)) {
      expect(request.cause).toEqual({ kind: "none" });
    }
    await expect(out).toMatchFileSnapshot(join(REPO_ROOT, THIRTY, "expected.json"));
  });

  it("30 requests: the text table", async () => {
    const { code, out, err } = await run(["cache-ledger", `${THIRTY}/requests.jsonl`]);
    expect(code, err).toBe(0);
    expect(err).toBe("");
    await expect(out).toMatchFileSnapshot(join(REPO_ROOT, THIRTY, "expected.txt"));
  });

  it("mixed providers: below the minimum, unexplained, a 1h Bedrock entry, unreadable usage", async () => {
    const { code, out, err } = await run(["cache-ledger", `${MIXED}/requests.jsonl`]);
    expect(code).toBe(0);
    expect(err).toContain("PROVIDERS_USAGE_MALFORMED: line 7:");
    await expect(out).toMatchFileSnapshot(join(REPO_ROOT, MIXED, "expected.txt"));
    const json = await run(["cache-ledger", `${MIXED}/requests.jsonl`, "--json"]);
    const report = JSON.parse(json.out) as CacheLedgerReport;
    expect(report.requests.map((request) => request.cause.kind)).toEqual([
      "none",
      "below-minimum",
      "none",
      "unexplained",
      "none",
      "none",
      "none",
    ]);
    expect(report.requests[6]!.read).toBeNull();
    expect(report.diagnostics.map((d) => [d.code, d.line])).toEqual([
      ["PROVIDERS_USAGE_MALFORMED", 7],
    ]);
  });

  it.each([
    [
      "an impossible date",
      '{"provider":"anthropic","model":"m","at":"2026-02-30T10:00:00Z","body":{},"usage":{}}',
      /cache-ledger line .*:2: at "2026-02-30T10:00:00Z" is not an ISO 8601 time that exists/,
    ],
    ["a line that is not JSON", "{not json", /cache-ledger line .*:2: is not JSON/],
    [
      "an unknown provider",
      '{"provider":"mistral","model":"m","at":"2026-12-01T10:00:00Z","body":{},"usage":{}}',
      /provider "mistral" is not supported/,
    ],
    [
      "a missing usage",
      '{"provider":"anthropic","model":"m","at":"2026-12-01T10:00:00Z","body":{}}',
      /:2: usage is missing/,
    ],
  ])("%s is a CLI_LEDGER_INVALID error naming the line", async (_, line, message) => {
    const file = join(temp, `bad-${Math.random().toString(36).slice(2)}.jsonl`);
    const good =
      '{"provider":"anthropic","model":"m","at":"2026-12-01T10:00:00Z","body":{},"usage":{"input_tokens":1}}';
    await writeFile(file, `${good}\n${line}\n`);
    const { code, out, err } = await run(["cache-ledger", file]);
    expect(code).toBe(2);
    expect(out).toBe("");
    expect(err).toMatch(message);
  });

  it("refuses a missing file, a folder and a link out of its folder", async () => {
    const missing = await run(["cache-ledger", join(temp, "nope.jsonl")]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain("does not exist");

    const folder = join(temp, "folder.jsonl");
    await mkdir(folder);
    const dir = await run(["cache-ledger", folder]);
    expect(dir.code).toBe(2);
    expect(dir.err).toContain("is not a regular file");

    const inner = join(temp, "inner");
    await mkdir(inner);
    const outside = join(temp, "outside.jsonl");
    await writeFile(outside, "");
    await symlink(outside, join(inner, "link.jsonl"));
    const link = await run(["cache-ledger", "inner/link.jsonl"], temp);
    expect(link.code).toBe(2);
    expect(link.err).toContain("outside its folder");
  });
});
