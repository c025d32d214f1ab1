/**
 * `cache-report --requests-out` writes the requests an independent simulator replays: the
 * synthetic user messages, replies, tool calls and results and compaction summaries, byte for
 * byte. A prompt of mode `none` and facts without tools keep the bodies short enough to read.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../src/run-cli.js";
import { createTestIo } from "./create-test-io.js";
import { REPO_ROOT } from "./run-cli-binary.js";

const CASE = "fixtures/cli/cache-report/synthetic-conversation-tool-rounds-and-compaction";

let temp: string;
beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), "promptstack-cache-report-requests-"));
});
afterAll(async () => {
  await rm(temp, { recursive: true, force: true });
});

/** The requests JSONL of 3 short turns, two tool rounds each, compacted before turn 3. */
async function requestsOf(userTokens: string): Promise<string> {
  const file = join(temp, `requests-${userTokens}.jsonl`);
  const io = createTestIo();
  const code = await runCli(
    [
      "cache-report",
      "--mode",
      "none",
      "--facts",
      `${CASE}/facts.json`,
      "--turns",
      "3",
      "--provider",
      "anthropic",
      "--user-tokens",
      userTokens,
      "--assistant-tokens",
      "5",
      "--tool-rounds",
      "2",
      "--tool-result-tokens",
      "5",
      "--compact-every",
      "2",
      "--requests-out",
      file,
    ],
    io,
  );
  expect(code, io.err).toBe(0);
  return readFile(file, "utf8");
}

describe("cache-report --requests-out", () => {
  it("writes the synthetic conversation's requests as committed", async () => {
    await expect(await requestsOf("5")).toMatchFileSnapshot(
      join(REPO_ROOT, CASE, "expected-requests.jsonl"),
    );
  });

  it("the committed file is not what other message sizes write", async () => {
    const expected = await readFile(join(REPO_ROOT, CASE, "expected-requests.jsonl"), "utf8");
    expect(await requestsOf("6")).not.toBe(expected);
  });
});
