import { describe, expect, it } from "vitest";
import { renderSectionText } from "../../test/render-section-text.js";

const control = (...names: string[]) =>
  renderSectionText({ tools: names.map((name) => ({ name })) }, "control") ?? "";

describe("control", () => {
  it("with gateway: config inspection, update.run and the protected exec keys", () => {
    const text = control("gateway");
    expect(text).toContain("`config.schema.lookup`");
    expect(text).toContain("`update.run`");
    expect(text).toContain("`tools.exec.security`");
    expect(text).not.toContain("`openclaw update` in a terminal");
  });

  it("with gateway: config changes through `config.patch`, `config.apply` only when asked", () => {
    expect(control("gateway")).toContain(
      "Change config with `config.patch`, which merges a partial change; `config.apply` replaces the whole config, so use it only when the user asks for that.",
    );
    expect(control()).not.toContain("config.patch");
  });

  it("without gateway: points to the owner, the terminal or the Control UI", () => {
    const text = control();
    expect(text).toContain("`openclaw update` in a terminal");
    expect(text).not.toContain("update.run");
  });

  it("with exec: other hosts are updated over exec or SSH", () => {
    expect(control("exec")).toContain("`openclaw update --yes`");
    expect(control()).not.toContain("--yes");
  });

  it("never lets exec touch this gateway's install", () => {
    expect(control("exec", "gateway")).toContain("Never modify this gateway's installation");
  });
});
