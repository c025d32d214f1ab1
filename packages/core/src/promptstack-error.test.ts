import { describe, expect, it } from "vitest";
import { PromptstackError } from "./promptstack-error.js";

const OTHER_MARKER = Symbol.for("promptstack.test-other.error");
const RENDERER_MARKER = Symbol.for("promptstack.test-renderer.error");

class OtherError extends PromptstackError<"OTHER"> {
  constructor() {
    super("OTHER", "other");
    this.mark(OTHER_MARKER);
  }

  static override isInstance(value: unknown): value is OtherError {
    return super.hasMarker(value, OTHER_MARKER);
  }
}

// A second package's error class, as the renderer's RendererError is written.
class RendererError extends PromptstackError<"RENDERER_INVALID_INPUT"> {
  constructor(code: "RENDERER_INVALID_INPUT", message: string) {
    super(code, message);
    this.mark(RENDERER_MARKER);
  }

  static override isInstance(value: unknown): value is RendererError {
    return super.hasMarker(value, RENDERER_MARKER);
  }
}

describe("isInstance, the one check name of every error class", () => {
  const renderer = new RendererError("RENDERER_INVALID_INPUT", "bad");
  const other = new OtherError();

  it("is true on the base class for an error of any package", () => {
    expect(PromptstackError.isInstance(renderer)).toBe(true);
    expect(PromptstackError.isInstance(other)).toBe(true);
    expect(PromptstackError.isInstance(new PromptstackError("X", "x"))).toBe(true);
  });

  it("is true on a subclass only for its own errors", () => {
    expect(RendererError.isInstance(renderer)).toBe(true);
    expect(RendererError.isInstance(other)).toBe(false);
    expect(OtherError.isInstance(renderer)).toBe(false);
    expect(RendererError.isInstance(new PromptstackError("X", "x"))).toBe(false);
  });

  it("recognizes an error from another copy of the package by its marker", () => {
    const foreign = Object.defineProperty(new Error("copy"), Symbol.for("promptstack.error"), {
      value: true,
    });
    expect(PromptstackError.isInstance(foreign)).toBe(true);
    expect(PromptstackError.isInstance(new Error("plain"))).toBe(false);
    expect(PromptstackError.isInstance(null)).toBe(false);
    expect(PromptstackError.isInstance("PromptstackError")).toBe(false);
  });

  it("is false on a subclass for anything that is not an object", () => {
    for (const value of [null, undefined, "RendererError", 1]) {
      expect(RendererError.isInstance(value)).toBe(false);
    }
  });

  it("sets the marker other copies of the package look for to true", () => {
    const error = new PromptstackError("X", "x") as unknown as Record<symbol, unknown>;
    expect(error[Symbol.for("promptstack.error")]).toBe(true);
    expect(Object.keys(error)).not.toContain("Symbol(promptstack.error)");
  });
});

describe("PromptstackError", () => {
  it("carries code, path, hint and the name", () => {
    const error = new PromptstackError("X_CODE", "broken", { path: "a.b", hint: "Fix a.b." });
    expect(error).toMatchObject({ code: "X_CODE", path: "a.b", hint: "Fix a.b." });
    expect(error.name).toBe("PromptstackError");
    expect(String(error)).toBe("PromptstackError: broken");
  });

  it("keeps a cause when given one, and has none otherwise", () => {
    const cause = new Error("root");
    expect(new PromptstackError("X", "x", { cause }).cause).toBe(cause);
    expect("cause" in new PromptstackError("X", "x")).toBe(false);
    expect("cause" in new PromptstackError("X", "x", {})).toBe(false);
  });
});
