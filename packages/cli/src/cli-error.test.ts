import { PromptstackError } from "@promptstack/core";
import { describe, expect, it } from "vitest";
import { CliError } from "./cli-error.js";

describe("CliError", () => {
  it("is named CliError, keeps its code, message and hint, and is recognised across copies", () => {
    const error = new CliError("CLI_USAGE", "Bad flag.", { hint: "Drop it." });
    expect(error).toMatchObject({
      name: "CliError",
      code: "CLI_USAGE",
      message: "Bad flag.",
      hint: "Drop it.",
    });
    expect(String(error)).toBe("CliError: Bad flag.");
    expect(CliError.isInstance(error)).toBe(true);
    expect(PromptstackError.isInstance(error)).toBe(true);
    expect(CliError.isInstance(new Error("Bad flag."))).toBe(false);
  });
});
