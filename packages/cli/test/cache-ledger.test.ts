import { mkdir, mkdtemp, rm, symlink, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_LEDGER_FILE_BYTES } from "../src/inputs/read-cache-ledger-file.js";
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
    ["a line that is an array", "[1, 2]", /:2: is not a JSON object\.\n {2}fix: Write one JSON/],
    [
      "an empty model",
      '{"provider":"anthropic","model":"","at":"2026-12-01T10:00:00Z","body":{},"usage":{}}',
      /:2: model must be a non-empty string\.\n {2}fix: Give the model id/,
    ],
    [
      "a body that is a string",
      '{"provider":"anthropic","model":"m","at":"2026-12-01T10:00:00Z","body":"hi","usage":{}}',
      /:2: body must be the request body object as sent\.\n {2}fix: Add the body\./,
    ],
    [
      "a lineage that is a number",
      '{"provider":"anthropic","model":"m","at":"2026-12-01T10:00:00Z","body":{},"usage":{},"lineage":7}',
      /:2: lineage must be a string\.\n {2}fix: Leave it out to group by provider/,
    ],
    [
      "sections that are not an array",
      '{"provider":"anthropic","model":"m","at":"2026-12-01T10:00:00Z","body":{},"usage":{},"sections":{"id":"a","text":"b"}}',
      /:2: sections must be an array of \{id, text\}\.\n {2}fix: Pass the turn's sections/,
    ],
    [
      "a section without its text",
      '{"provider":"anthropic","model":"m","at":"2026-12-01T10:00:00Z","body":{},"usage":{},"sections":[{"id":"a","text":"b"},{"id":"c"}]}',
      /:2: sections must be an array of \{id, text\}/,
    ],
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

  it("refuses a file in a missing folder, a broken link and a name too long to open", async () => {
    const noFolder = await run(["cache-ledger", "no-such-folder/requests.jsonl"], temp);
    expect(noFolder.code).toBe(2);
    expect(noFolder.err).toBe(
      "promptstack: error CLI_FILE_MISSING: cache-ledger file no-such-folder/requests.jsonl is in a folder that does not exist.\n  fix: Check the path.\n",
    );

    await symlink(join(temp, "gone.jsonl"), join(temp, "dangling.jsonl"));
    const broken = await run(["cache-ledger", "dangling.jsonl"], temp);
    expect(broken.code).toBe(2);
    expect(broken.err).toBe(
      "promptstack: error CLI_FILE_MISSING: cache-ledger file dangling.jsonl is a broken link.\n  fix: Pass the file itself.\n",
    );

    const long = `${"x".repeat(300)}.jsonl`;
    const tooLong = await run(["cache-ledger", long], temp);
    expect(tooLong.code).toBe(2);
    expect(tooLong.err).toBe(
      `promptstack: error CLI_FILE_MISSING: cache-ledger file ${long} cannot be read (ENAMETOOLONG).\n  fix: Check the file's permissions.\n`,
    );
  });

  it("refuses a file over the size limit, and bytes that are not UTF-8", async () => {
    await writeFile(join(temp, "huge.jsonl"), "");
    await truncate(join(temp, "huge.jsonl"), MAX_LEDGER_FILE_BYTES + 1);
    const huge = await run(["cache-ledger", "huge.jsonl"], temp);
    expect(huge.code).toBe(2);
    expect(huge.err).toBe(
      `promptstack: error CLI_FILE_MISSING: cache-ledger file huge.jsonl is larger than ${MAX_LEDGER_FILE_BYTES} bytes.\n  fix: Split the requests into several files (one per conversation).\n`,
    );

    await writeFile(join(temp, "latin1.jsonl"), Buffer.from([0x7b, 0xe9, 0x7d, 0x0a]));
    const latin1 = await run(["cache-ledger", "latin1.jsonl"], temp);
    expect(latin1.code).toBe(2);
    expect(latin1.err).toBe(
      "promptstack: error CLI_LEDGER_INVALID: cache-ledger file latin1.jsonl is not valid UTF-8 text.\n  fix: Write the file as UTF-8 JSON lines.\n",
    );
  });

  it("reads a file that starts with a byte-order mark", async () => {
    await writeFile(
      join(temp, "bom.jsonl"),
      '\uFEFF{"provider":"anthropic","model":"m","at":"2026-12-01T10:00:00Z","body":{},"usage":{"input_tokens":1}}\n',
    );
    const bom = await run(["cache-ledger", "bom.jsonl", "--json"], temp);
    expect(bom.code, bom.err).toBe(0);
    expect((JSON.parse(bom.out) as CacheLedgerReport).requests).toHaveLength(1);
  });
});
