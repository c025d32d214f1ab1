import { describe, expect, it } from "vitest";
import { renderSectionText } from "../../test/render-section-text.js";

const tools = (...names: string[]) => names.map((name) => ({ name }));

describe("messaging", () => {
  it("names the message tool's parameters and the private route only with `message`", () => {
    const text = renderSectionText({ tools: tools("message") }, "messaging") ?? "";
    expect(text).toContain("`action`");
    expect(text).toContain("`to` the recipient");
    expect(text).toContain("privately through `message`");
    expect(text).not.toContain("Without a `message` tool");
  });

  it("without `message`, says its absence is no permission to take another route", () => {
    const text = renderSectionText({ tools: tools("read") }, "messaging") ?? "";
    expect(text).toContain("Without a `message` tool, reply only here");
    expect(text).not.toContain("`action`");
    const compact = renderSectionText({ tools: tools("read"), size: "compact" }, "messaging");
    expect(compact).toContain("No `message` tool: reply only here; no other route.");
  });
});
