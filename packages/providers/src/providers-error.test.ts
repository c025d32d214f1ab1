import { PromptstackError } from "@promptstack/core";
import { describe, expect, it } from "vitest";
import { ProvidersError } from "./providers-error.js";

describe("ProvidersError", () => {
  it("carries its code, message, path, hint and cause under its own name", () => {
    const cause = new Error("inner");
    const error = new ProvidersError("PROVIDERS_BAD_ORDER", "what went wrong", {
      path: "upTo",
      hint: "Fix it.",
      cause,
    });
    expect(error).toBeInstanceOf(PromptstackError);
    expect(error).toMatchObject({
      name: "ProvidersError",
      code: "PROVIDERS_BAD_ORDER",
      message: "what went wrong",
      path: "upTo",
      hint: "Fix it.",
      cause,
    });
    expect(new ProvidersError("PROVIDERS_NO_USER_TURN", "m")).toMatchObject({
      path: undefined,
      hint: undefined,
    });
  });

  it("isInstance is true for its own kind only, even from another copy of the package", () => {
    expect(ProvidersError.isInstance(new ProvidersError("PROVIDERS_DUPLICATE_TOOL", "m"))).toBe(
      true,
    );
    const copy = Object.defineProperty(new Error("m"), Symbol.for("promptstack.providers.error"), {
      value: true,
    });
    expect(ProvidersError.isInstance(copy)).toBe(true);
    expect(ProvidersError.isInstance(new PromptstackError("OTHER", "m"))).toBe(false);
    expect(ProvidersError.isInstance(new Error("m"))).toBe(false);
    expect(ProvidersError.isInstance(null)).toBe(false);
    expect(ProvidersError.isInstance("PROVIDERS_BAD_ORDER")).toBe(false);
  });
});
