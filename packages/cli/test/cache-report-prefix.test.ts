/**
 * `cache-report --prefix-policy`, `--edit-every` and `--edit-file` (issue 33): typed errors for
 * bad values, the user's workspace never written, each edit in the next request's change note,
 * and on the demo (30 turns, MEMORY.md edited every 5) `session` caching more than `live`.
 */
import { createHash } from "node:crypto";
import { cp, mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CacheReport } from "../src/reports/build-cache-report.js";
import { runCliCaptured } from "./create-test-io.js";
import { REPO_ROOT } from "./run-cli-binary.js";

const DEMO = join(REPO_ROOT, "fixtures", "workspaces", "demo");

let temp: string;
beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), "promptstack-cache-report-prefix-test-"));
});
afterAll(async () => {
  await rm(temp, { recursive: true, force: true });
});

function turnContextShare(report: CacheReport, provider: string): number {
  const simulation = report.simulations.find(
    (s) => s.provider === provider && s.layout === "turn-context",
  )!;
  return simulation.fromTurnTwo.cachedTokens / simulation.fromTurnTwo.inputTokens;
}

/** Every entry below `dir` (links not followed): path, kind, size, mtime and content hash. */
async function fingerprint(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    const info = await stat(path).catch(() => undefined);
    const hash =
      entry.isFile() && info !== undefined
        ? createHash("sha256")
            .update(await readFile(path))
            .digest("hex")
        : "";
    out.push(
      `${path} ${entry.isSymbolicLink() ? "link" : ""} ${info?.size} ${info?.mtimeMs} ${hash}`,
    );
  }
  return out.sort();
}

describe("cache-report prefix flags: bad values", () => {
  it.each([
    [["--prefix-policy", "pinned"], "--prefix-policy"],
    [["--edit-every", "2", "--edit-file", "../MEMORY.md"], "--edit-file"],
    [["--edit-every", "2", "--edit-file", "memory/notes.md"], "--edit-file"],
    [["--edit-every", "2", "--edit-file", ".."], "--edit-file"],
    [["--edit-file", "MEMORY.md"], "--edit-every is missing"],
  ])("%j is a CLI_USAGE error naming %s", async (flags, fragment) => {
    const { code, err } = await runCliCaptured(["cache-report", "--turns", "2", ...flags]);
    expect(code, err).toBe(2);
    expect(err).toMatch(/^promptstack: error CLI_USAGE: /);
    expect(err).toContain(fragment);
    expect(err).not.toMatch(/\n\s+at /);
  });

  it("--edit-every 0 is refused", async () => {
    const { code, err } = await runCliCaptured([
      "cache-report",
      "--turns",
      "2",
      "--edit-every",
      "0",
    ]);
    expect(code).toBe(2);
    expect(err).toContain("expected a whole number from 1 to 500");
  });

  it("--edit-file naming a folder of the workspace is a CLI_USAGE error", async () => {
    const { code, err } = await runCliCaptured([
      "cache-report",
      "--turns",
      "3",
      "--edit-every",
      "1",
      "--edit-file",
      "skills",
    ]);
    expect(code, err).toBe(2);
    expect(err).toContain("is not a regular file");
  });
});

describe("cache-report --edit-every", () => {
  it("never writes the user's workspace; links are left out of the copy with a diagnostic", async () => {
    const workspace = join(temp, "ws");
    await cp(DEMO, workspace, { recursive: true });
    const outside = join(temp, "outside.md");
    await writeFile(outside, "# Outside\nnot part of the workspace\n");
    await symlink(outside, join(workspace, "LINKED.md"));
    const before = await fingerprint(workspace);
    const outsideBefore = await readFile(outside, "utf8");
    // LINKED.md is the link; it is not a file the prompt shows, so its edits change nothing.
    for (const file of ["MEMORY.md", "USER.md", "LINKED.md"]) {
      const { code, out, err } = await runCliCaptured([
        "cache-report",
        "--workspace",
        workspace,
        "--config",
        join(workspace, "config.json5"),
        "--turns",
        "4",
        "--provider",
        "openai",
        "--prefix-policy",
        "session",
        "--edit-every",
        "1",
        "--edit-file",
        file,
        "--json",
      ]);
      expect(code, err).toBe(0);
      const report = JSON.parse(out) as CacheReport;
      // The edits happened (in the copy): turns 2-4 each carry a note on the file.
      expect(report.prefix.turns.slice(1).map((turn) => turn.edited)).toEqual([file, file, file]);
      if (file === "LINKED.md") {
        expect(report.prefix.turns[3]!.note).toBe("");
        expect(report.diagnostics).toContainEqual(
          expect.objectContaining({ code: "CLI_CACHE_REPORT_EDIT_UNSEEN", path: "--edit-file" }),
        );
      } else {
        expect(report.prefix.turns[3]!.note).toContain("Turn 4: the agent noted");
      }
      expect(report.diagnostics).toContainEqual(
        expect.objectContaining({
          code: "CLI_WORKSPACE_COPY_SKIPPED",
          message: expect.stringContaining("LINKED.md is a symlink"),
        }),
      );
    }
    expect(await fingerprint(workspace)).toEqual(before);
    expect(await readFile(outside, "utf8")).toBe(outsideBefore);
  }, 120_000);

  it("puts each edit in the next request's change note under session, in the prefix under live", async () => {
    const bodies = async (policy: string) => {
      const file = join(temp, `requests-${policy}.jsonl`);
      const { code, err } = await runCliCaptured([
        "cache-report",
        "--turns",
        "5",
        "--provider",
        "anthropic",
        "--prefix-policy",
        policy,
        "--edit-every",
        "2",
        "--requests-out",
        file,
      ]);
      expect(code, err).toBe(0);
      const lines = (await readFile(file, "utf8")).trimEnd().split("\n");
      return lines
        .map((line) => JSON.parse(line) as { layout: string; turn: number; body: unknown })
        .filter((request) => request.layout === "turn-context")
        .map((request) => request.body as { system: unknown; messages: unknown[] });
    };
    const session = await bodies("session");
    const live = await bodies("live");
    for (const turn of [3, 5]) {
      const line = `Turn ${turn}: the agent noted that the user prefers the 07:40 train.`;
      const sessionRequest = session[turn - 1]!;
      // The newest user message (the last one) carries the note; the system text never changes.
      expect(JSON.stringify(sessionRequest.messages.at(-1))).toContain(`+ - ${line}`);
      expect(JSON.stringify(sessionRequest.messages.at(-1))).toContain("MEMORY.md was edited");
      expect(JSON.stringify(sessionRequest.system)).toBe(JSON.stringify(session[0]!.system));
      const liveRequest = live[turn - 1]!;
      expect(JSON.stringify(liveRequest.system)).toContain(line);
      expect(JSON.stringify(liveRequest.messages.at(-1))).not.toContain("was edited");
    }
    // The turn before an edit has no note.
    expect(JSON.stringify(session[1]!.messages.at(-1))).not.toContain("was edited");
  }, 120_000);

  it("under session a compaction refreshes the pinned prefix and clears the note", async () => {
    const { code, out, err } = await runCliCaptured([
      "cache-report",
      "--turns",
      "5",
      "--provider",
      "openai",
      "--prefix-policy",
      "session",
      "--edit-every",
      "1",
      "--compact-every",
      "3",
      "--json",
    ]);
    expect(code, err).toBe(0);
    const { prefix } = JSON.parse(out) as CacheReport;
    expect(prefix).toMatchObject({ policy: "session", turnGapMs: 60_000, editEvery: 1 });
    expect(prefix.turns.map((turn) => turn.refreshed)).toEqual([
      "start",
      null,
      null,
      "compaction",
      null,
    ]);
    expect(prefix.turns.map((turn) => turn.changes.length)).toEqual([0, 1, 1, 0, 1]);
    expect(prefix.turns[3]!.note).toBe("");
  }, 120_000);

  it("demo, 30 turns, MEMORY.md every 5: session ≥ 90% cached over turns 2-30, above live", async () => {
    const reports: Record<string, CacheReport> = {};
    for (const policy of ["live", "session"]) {
      const { code, out, err } = await runCliCaptured([
        "cache-report",
        "--prefix-policy",
        policy,
        "--edit-every",
        "5",
        "--json",
      ]);
      expect(code, err).toBe(0);
      reports[policy] = JSON.parse(out) as CacheReport;
    }
    for (const provider of ["anthropic", "openai"]) {
      const session = turnContextShare(reports.session!, provider);
      expect(session).toBeGreaterThanOrEqual(0.9);
      expect(session).toBeGreaterThan(turnContextShare(reports.live!, provider));
    }
    expect(reports.session!.prefix.turns.filter((turn) => turn.refreshed !== null)).toHaveLength(1);
  }, 180_000);
});
