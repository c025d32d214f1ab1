import { describe, expect, it } from "vitest";
import { renderSectionText } from "../../test/render-section-text.js";
import type { AgentSystemPromptInput, PromptSize } from "../types.js";

const sandbox = (
  facts: Partial<NonNullable<AgentSystemPromptInput["sandbox"]>>,
  size: PromptSize,
) => renderSectionText({ size, sandbox: { enabled: true, ...facts } }, "sandbox");

const EVERY_FACT = {
  containerWorkdir: " /workspace ",
  hostWorkdir: " /srv/host ",
  elevatedExec: true,
};

describe("sandbox", () => {
  it("in full size: the runtime, trimmed paths, then whether elevated exec exists", () => {
    expect(sandbox(EVERY_FACT, "full")).toBe(
      [
        "## Sandbox",
        "You run inside a sandboxed runtime.",
        "Sandbox working directory: /workspace",
        "It is mounted from the host path: /srv/host",
        "Elevated exec on the host exists; the current elevation level governs it.",
      ].join("\n"),
    );
    expect(sandbox({ elevatedExec: false }, "full")).toBe(
      "## Sandbox\nYou run inside a sandboxed runtime.\nThere is no elevated exec on the host.",
    );
    expect(sandbox({}, "full")).toBe("## Sandbox\nYou run inside a sandboxed runtime.");
  });

  it("in compact size: the paths inside the first line", () => {
    expect(sandbox(EVERY_FACT, "compact")).toBe(
      [
        "You run in a sandbox at /workspace (host: /srv/host).",
        "Elevated host exec exists; the elevation level governs it.",
      ].join("\n"),
    );
    expect(sandbox({ elevatedExec: false }, "compact")).toBe(
      "You run in a sandbox.\nNo elevated host exec.",
    );
    expect(sandbox({}, "compact")).toBe("You run in a sandbox.");
  });

  it("is absent unless the sandbox is enabled", () => {
    expect(renderSectionText({ sandbox: { enabled: false } }, "sandbox")).toBeUndefined();
  });
});
