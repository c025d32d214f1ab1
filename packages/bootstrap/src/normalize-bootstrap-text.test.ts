import { describe, expect, it } from "vitest";
import { normalizeBootstrapText } from "./normalize-bootstrap-text.js";

describe("normalizeBootstrapText", () => {
  it("drops a leading byte order mark, and only a leading one", () => {
    expect(normalizeBootstrapText("\uFEFF# Rules")).toBe("# Rules");
    expect(normalizeBootstrapText("a\uFEFFb")).toBe("a\uFEFFb");
  });

  it("keeps a leading U+FEFF in text that does not start a file", () => {
    expect(normalizeBootstrapText("\uFEFFtail\r\n", { startsFile: false })).toBe("\uFEFFtail\n");
    expect(normalizeBootstrapText("\uFEFFhead", { startsFile: true })).toBe("head");
  });

  it("turns CRLF into LF and leaves a lone CR alone", () => {
    expect(normalizeBootstrapText("a\r\nb\r\n\rc")).toBe("a\nb\n\rc");
  });

  it("replaces lone surrogates with U+FFFD and keeps pairs", () => {
    expect(normalizeBootstrapText("a\uD800b\uDC00c\uD83D\uDE00")).toBe(
      "a\uFFFDb\uFFFDc\uD83D\uDE00",
    );
  });
});
