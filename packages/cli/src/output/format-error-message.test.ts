import { PromptstackError } from "@promptstack/core";
import { describe, expect, it } from "vitest";
import { formatErrorMessage } from "./format-error-message.js";

describe("formatErrorMessage", () => {
  it("gives the code and message, then where and how to fix on their own lines", () => {
    const error = new PromptstackError("CONFIG_INVALID", "agents.defaults.mode: expected string", {
      path: "/w/promptstack.json",
      hint: "Write the mode as a string.",
    });
    expect(formatErrorMessage(error)).toBe(
      "promptstack: error CONFIG_INVALID: agents.defaults.mode: expected string\n" +
        "  where: /w/promptstack.json\n" +
        "  fix: Write the mode as a string.",
    );
  });

  it("leaves out the path when the message already names it, and what the error lacks", () => {
    const named = new PromptstackError("FACTS_UNREADABLE", "cannot read /w/facts.json", {
      path: "/w/facts.json",
    });
    expect(formatErrorMessage(named)).toBe(
      "promptstack: error FACTS_UNREADABLE: cannot read /w/facts.json",
    );
    expect(formatErrorMessage(new PromptstackError("X", "bare"))).toBe(
      "promptstack: error X: bare",
    );
    expect(formatErrorMessage(new PromptstackError("X", "bare", { hint: "do this" }))).toBe(
      "promptstack: error X: bare\n  fix: do this",
    );
  });

  it("escapes control characters from the message, path and hint", () => {
    const error = new PromptstackError("X", "key \u001b]0;t\u0007", {
      path: "/p\u001b[2K",
      hint: "h\r",
    });
    expect(formatErrorMessage(error)).toBe(
      "promptstack: error X: key \\x1b]0;t\\x07\n  where: /p\\x1b[2K\n  fix: h\\x0d",
    );
  });
});
