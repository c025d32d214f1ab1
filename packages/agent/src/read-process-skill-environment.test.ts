import { chmod, rm, writeFile } from "node:fs/promises";
import { delimiter, join } from "node:path";
import { createTempDir } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { readProcessSkillEnvironment } from "./read-process-skill-environment.js";

/** Two PATH folders: `tool` (executable) in the second one, `notes` (not executable) in the first. */
async function makePath(): Promise<{ readonly first: string; readonly second: string }> {
  const first = createTempDir("promptstack-path-");
  const second = createTempDir("promptstack-path-");
  await writeFile(join(first, "notes"), "#!/bin/sh\n");
  await chmod(join(first, "notes"), 0o644);
  await writeFile(join(second, "tool"), "#!/bin/sh\n");
  await chmod(join(second, "tool"), 0o755);
  return { first, second };
}

describe("readProcessSkillEnvironment", () => {
  it("finds an executable in any PATH folder, and nothing else", async () => {
    const { first, second } = await makePath();
    const env = { PATH: [first, second].join(delimiter) };
    const environment = readProcessSkillEnvironment(env);
    expect(environment.platform).toBe(process.platform);
    expect(environment.env).toBe(env);
    expect(["tool", "notes", "absent"].map(environment.hasBin)).toEqual([true, false, false]);
  });

  it("remembers each answer for the environment's life", async () => {
    const { second } = await makePath();
    const environment = readProcessSkillEnvironment({ PATH: second });
    expect(environment.hasBin("tool")).toBe(true);
    expect(environment.hasBin("absent")).toBe(false);
    await rm(join(second, "tool"));
    await writeFile(join(second, "absent"), "#!/bin/sh\n", { mode: 0o755 });
    expect([environment.hasBin("tool"), environment.hasBin("absent")]).toEqual([true, false]);
    expect(readProcessSkillEnvironment({ PATH: second }).hasBin("tool")).toBe(false);
  });

  it("looks in no folder for an empty PATH or empty PATH entries", async () => {
    const { second } = await makePath();
    // An empty entry would make the lookup `join("", name)`: here the tool's own absolute path.
    const tool = join(second, "tool");
    expect(readProcessSkillEnvironment({ PATH: "" }).hasBin(tool)).toBe(false);
    expect(readProcessSkillEnvironment({ PATH: delimiter }).hasBin(tool)).toBe(false);
    expect(readProcessSkillEnvironment({}).hasBin(tool)).toBe(false);
  });
});
