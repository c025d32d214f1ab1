import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { createTempDir } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { checkSkillEnvironmentFile, readSkillEnvironment } from "./read-skill-environment.js";

describe("checkSkillEnvironmentFile", () => {
  it("fills the defaults of bins and env", () => {
    expect(checkSkillEnvironmentFile({ platform: "linux" })).toEqual({
      platform: "linux",
      bins: [],
      env: {},
    });
  });

  it("lists every problem with its path", () => {
    expect(
      checkSkillEnvironmentFile({
        platform: "",
        bins: ["git", "", 3],
        env: { HOME: "/home/a", PORT: 8080 },
        shell: "bash",
      }),
    ).toEqual([
      "shell: unknown key",
      "platform: expected a non-empty string",
      "bins.1: expected a non-empty string",
      "bins.2: expected a non-empty string",
      "env.PORT: expected a string",
    ]);
    expect(checkSkillEnvironmentFile([])).toEqual(["(root): expected an object"]);
    expect(checkSkillEnvironmentFile({ platform: "linux", bins: "git", env: [] })).toEqual([
      "bins: expected an array of command names",
      "env: expected an object of string values",
    ]);
  });

  it("refuses a root or an env that is not an object: null, a string, a number", () => {
    for (const raw of [null, "linux", 7]) {
      expect(checkSkillEnvironmentFile(raw)).toEqual(["(root): expected an object"]);
    }
    for (const env of [null, "A=1", 7]) {
      expect(checkSkillEnvironmentFile({ platform: "linux", env })).toEqual([
        "env: expected an object of string values",
      ]);
    }
  });

  it("keeps a __proto__ variable as a variable", () => {
    const checked = checkSkillEnvironmentFile(
      JSON.parse('{"platform": "linux", "env": {"__proto__": "x", "A": "1"}}'),
    );
    expect(Array.isArray(checked)).toBe(false);
    const { env } = checked as { env: Record<string, string> };
    expect(Object.getPrototypeOf(env)).toBe(Object.prototype);
    expect(Object.entries(env)).toEqual([
      ["__proto__", "x"],
      ["A", "1"],
    ]);
  });
});

describe("readSkillEnvironment", () => {
  const write = (text: string): string => {
    const file = join(createTempDir("promptstack-skill-env-"), "env.json");
    writeFileSync(file, text);
    return file;
  };

  it("reads bins and env as the gates see them", async () => {
    const file = write('{"platform": "darwin", "bins": ["git"], "env": {"TOKEN": "t"}}');
    const environment = await readSkillEnvironment(file, "env.json");
    expect(environment.platform).toBe("darwin");
    expect(environment.env).toEqual({ TOKEN: "t" });
    expect(environment.hasBin("git")).toBe(true);
    expect(environment.hasBin("curl")).toBe(false);
  });

  it("refuses a missing file as a skill environment file", async () => {
    const dir = createTempDir("promptstack-skill-env-");
    await expect(readSkillEnvironment(join(dir, "nope.json"), "nope.json")).rejects.toMatchObject({
      code: "CLI_FILE_MISSING",
      message: "skill environment file nope.json does not exist.",
      path: "nope.json",
      hint: "Check the path, or leave the flag out to use the default skill environment.",
    });
  });

  it("names the file and every problem in one CLI_SKILL_ENV_INVALID error", async () => {
    const file = write('{"bins": [""]}');
    await expect(readSkillEnvironment(file, "env.json")).rejects.toMatchObject({
      code: "CLI_SKILL_ENV_INVALID",
      message:
        "skill environment env.json is invalid: platform: expected a non-empty string; bins.0: expected a non-empty string.",
      path: "env.json",
      hint: 'Write {"platform": "linux", "bins": ["git"], "env": {"NAME": "value"}}.',
    });
  });
});
