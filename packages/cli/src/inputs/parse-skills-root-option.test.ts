import { thrownBy } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { CliError } from "../cli-error.js";
import { parseSkillsRootOption } from "./parse-skills-root-option.js";

const HINT =
  'Use one of extra, bundled, managed, personal, workspace or plugin:<id> before "=", e.g. --skills-root managed=~/.state/skills.';

describe("parseSkillsRootOption", () => {
  it("reads every named tier, the folder being everything after the first =", () => {
    for (const tier of ["extra", "bundled", "managed", "personal", "workspace"]) {
      expect(parseSkillsRootOption(`${tier}=skills/${tier}`)).toEqual({
        tier,
        dir: `skills/${tier}`,
      });
    }
    expect(parseSkillsRootOption("managed=a=b")).toEqual({ tier: "managed", dir: "a=b" });
  });

  it("reads plugin:<id> as a plugin root with that id", () => {
    expect(parseSkillsRootOption("plugin:voice-call=plugins/voice/skills")).toEqual({
      tier: "plugin",
      dir: "plugins/voice/skills",
      pluginId: "voice-call",
    });
    expect(parseSkillsRootOption("plugin:p=x")).toEqual({
      tier: "plugin",
      dir: "x",
      pluginId: "p",
    });
  });

  it("refuses a value without a tier, a folder or a plugin id as a CLI_USAGE error", () => {
    for (const value of [
      "managed",
      "managed=",
      "=skills",
      "nope=skills",
      "plugin=skills",
      "plugin:=skills",
      "plugin:voice-call=",
      "plugin:voice-call",
    ]) {
      const error = thrownBy(() => parseSkillsRootOption(value));
      expect(error, value).toBeInstanceOf(CliError);
      expect(error, value).toMatchObject({
        code: "CLI_USAGE",
        message: `--skills-root ${JSON.stringify(value)} is not tier=dir.`,
        path: "--skills-root",
        hint: HINT,
      });
    }
  });
});
