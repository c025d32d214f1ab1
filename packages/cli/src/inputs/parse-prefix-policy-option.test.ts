import { thrownBy } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { CliError } from "../cli-error.js";
import { parsePrefixPolicyOption } from "./parse-prefix-policy-option.js";

describe("parsePrefixPolicyOption", () => {
  it("reads live and session", () => {
    expect(parsePrefixPolicyOption("live")).toBe("live");
    expect(parsePrefixPolicyOption("session")).toBe("session");
  });

  it("refuses anything else as a CLI_USAGE error that names both policies", () => {
    const error = thrownBy(() => parsePrefixPolicyOption("Live"));
    expect(error).toBeInstanceOf(CliError);
    expect(error).toMatchObject({
      code: "CLI_USAGE",
      message: '--prefix-policy "Live" is not a prefix policy.',
      path: "--prefix-policy",
      hint: "Pass live (the prefix follows every edit at once) or session (the prefix is pinned; edits reach the model as change notes).",
    });
  });
});
