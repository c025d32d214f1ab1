import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { rejectedBy } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { createTestIo } from "../../test/create-test-io.js";
import { copyDemoWorkspace } from "../../test/inspect/copy-demo-workspace.js";
import { createInspectPrefixSession } from "./create-inspect-prefix-session.js";
import type { InspectOptions } from "./inspect-options.js";

/** The demo's facts with `time` replaced, written next to them; returns the file. */
async function factsWithTime(dir: string, name: string, time: object): Promise<string> {
  const facts = JSON.parse(await readFile(join(dir, "facts.json"), "utf8")) as object;
  const file = join(dir, name);
  await writeFile(file, JSON.stringify({ ...facts, time }));
  return file;
}

/** A session over a copy of the demo whose facts say `time`. */
async function demoSession(time: object) {
  const demo = await copyDemoWorkspace();
  const options: InspectOptions = {
    workspace: demo.dir,
    config: join(demo.dir, "config.json5"),
    facts: await factsWithTime(demo.dir, "facts-start.json", time),
    skillEnv: join(demo.dir, ".demo-roots", "environment.json"),
    prefixPolicy: "session",
  };
  return { dir: demo.dir, session: createInspectPrefixSession(options, createTestIo()) };
}

const DAY = { timeZone: "Europe/Stockholm", date: "2026-11-29" };

describe("createInspectPrefixSession", () => {
  it("pins the prefix at the first render and keeps it, counting the changes since", async () => {
    const { dir, session } = await demoSession({ ...DAY, time: "09:15" });
    expect(session.state()).toBeUndefined();
    await session.render();
    expect(session.state()).toStrictEqual({
      policy: "session",
      pinnedAt: "2026-11-29T09:15:00.000Z",
      renders: 1,
      lastRefresh: { reason: "start", render: 1 },
      pendingChanges: [],
      note: "",
    });
    const memory = join(dir, "MEMORY.md");
    const edited = `${await readFile(memory, "utf8")}- Pinned marker.\n`;
    await writeFile(memory, edited);
    await session.render();
    expect(session.state()).toStrictEqual({
      policy: "session",
      pinnedAt: "2026-11-29T09:15:00.000Z",
      renders: 2,
      lastRefresh: { reason: "start", render: 1 },
      pendingChanges: [{ kind: "file", name: memory, change: "edited", chars: edited.length }],
      note: [
        "## Workspace Changes",
        "The workspace files, skills and settings in the system prompt are the copies this session started with. These changed since:",
        `- ${memory} was edited (now ${edited.length} chars). Changed lines:`,
        "  + - Pinned marker.",
        "Read a changed file (or skill) again before relying on its old copy in the system prompt.",
      ].join("\n"),
    });

    // The facts a render is given beat the session's: 30 minutes later the cache is cold.
    await session.render(await factsWithTime(dir, "facts-later.json", { ...DAY, time: "09:45" }));
    expect(session.state()).toStrictEqual({
      policy: "session",
      pinnedAt: "2026-11-29T09:45:00.000Z",
      renders: 3,
      lastRefresh: { reason: "cold-cache", render: 3 },
      pendingChanges: [],
      note: "",
    });
    // The next render without facts reads the session's again, a warm turn of the new pin.
    await session.render();
    expect(session.state()).toMatchObject({ renders: 4, lastRefresh: { render: 3 } });

    // Closing releases the assembler: no render after it.
    await session.close();
    expect(await rejectedBy(session.render())).toMatchObject({ code: "AGENT_CLOSED" });
  });

  it("pins at no time when the facts carry none", async () => {
    const { session } = await demoSession(DAY);
    await session.render();
    expect(session.state()).toMatchObject({ pinnedAt: null, lastRefresh: { reason: "start" } });
    await session.close();
  });

  it("closes without opening anything when it never rendered", async () => {
    const { session } = await demoSession(DAY);
    await session.close();
    expect(session.state()).toBeUndefined();
  });
});
