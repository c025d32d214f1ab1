import { thrownBy } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { CliError } from "../cli-error.js";
import { parseEditFileOption } from "./parse-edit-file-option.js";

describe("parseEditFileOption", () => {
  it("takes a plain file name of the workspace", () => {
    expect(parseEditFileOption("MEMORY.md")).toBe("MEMORY.md");
    expect(parseEditFileOption(".notes")).toBe(".notes");
  });

  it.each(["memory/notes.md", "..", "../MEMORY.md", "a\\b.md", "", "MEMORY\n.md"])(
    "refuses %j with CLI_USAGE, naming the value and the flag",
    (value) => {
      const error = thrownBy(() => parseEditFileOption(value));
      expect(CliError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({
        code: "CLI_USAGE",
        message: `--edit-file ${JSON.stringify(value)} is not a plain file name of the workspace.`,
        path: "--edit-file",
        hint: "Name a file directly in the workspace, without a folder: MEMORY.md (the default), AGENTS.md, SOUL.md, ...",
      });
    },
  );
});
