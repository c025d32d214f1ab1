import { describe, expect, it } from "vitest";
import { renderSectionText } from "../../test/render-section-text.js";
import { OPENCLAW_PRODUCT_PROFILE } from "../product-profile.js";
import type { ProductFeatures } from "@promptstack/core";
import type { PromptSize } from "../types.js";

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

describe("control, whole", () => {
  const render = (
    size: PromptSize,
    names: readonly string[],
    features: ProductFeatures = OPENCLAW_PRODUCT_PROFILE.features ?? {},
  ) =>
    renderSectionText(
      {
        size,
        profile: { ...OPENCLAW_PRODUCT_PROFILE, features },
        tools: names.map((name) => ({ name })),
      },
      "control",
    );
  const INSPECT =
    "Inspect configuration with `gateway`: `config.get` for values, `config.schema.lookup` for a field's schema.";
  const through = (tool: string) => [
    `Request restarts and changes to config, channels, plugins, agents, models and providers through \`${tool}\`.`,
    "Delegated changes follow the requester's effective permissions.",
  ];
  const GATEWAY_RULES = [
    "Change config with `config.patch`, which merges a partial change; `config.apply` replaces the whole config, so use it only when the user asks for that.",
    "Update the gateway hosting this session only with `update.run`, and only when the user explicitly asks; it restarts and reports success or failure.",
    "`gateway` refuses to change `tools.exec.ask` and `tools.exec.security`, including legacy `tools.bash.*` aliases.",
  ];
  const NEVER_MODIFY =
    "Never modify this gateway's installation or control its service through exec or detached tasks.";
  const NO_INVENTING = "Do not invent CLI commands.";
  const COMPACT_CHANGES =
    "restarts and changes to config, channels, plugins, agents, models, providers, within requester permissions.";
  const COMPACT_GATEWAY_RULES =
    "`config.patch` edits; `config.apply` (whole config), `update.run` only on explicit request.";
  const COMPACT_OWNER_ROUTE =
    "Gateway updates: the OpenClaw owner, `openclaw update` in a terminal, or the Control UI.";

  it("is absent for a profile with neither a gateway tool nor a product CLI", () => {
    expect(render("full", ["gateway", "openclaw"], {})).toBeUndefined();
    expect(render("compact", ["gateway", "openclaw"], {})).toBeUndefined();
  });

  it("in full size with `gateway` and the CLI-named tool: inspect with one, change with the other", () => {
    expect(render("full", ["gateway", "openclaw"])).toBe(
      [
        "## Control",
        INSPECT,
        ...through("openclaw"),
        ...GATEWAY_RULES,
        NEVER_MODIFY,
        NO_INVENTING,
      ].join("\n"),
    );
  });

  it("in full size, per declared feature", () => {
    expect(render("full", ["gateway", "exec"], { gatewayTool: true })).toBe(
      ["## Control", INSPECT, ...through("gateway"), ...GATEWAY_RULES, NEVER_MODIFY].join("\n"),
    );
    expect(render("full", ["openclaw"], { gatewayTool: true })).toBe(
      ["## Control", NEVER_MODIFY].join("\n"),
    );
    expect(render("full", ["gateway", "exec"], { productCli: true })).toBe(
      ["## Control", NO_INVENTING].join("\n"),
    );
    expect(render("full", ["openclaw"], { productCli: true })).toBe(
      ["## Control", ...through("openclaw"), NO_INVENTING].join("\n"),
    );
    // Without the Control UI there is no owner route to update the gateway.
    expect(render("full", ["exec"], { gatewayTool: true, productCli: true })).toBe(
      [
        "## Control",
        NEVER_MODIFY,
        NO_INVENTING,
        "To update another host at the user's request, first verify it is not this gateway, then run `openclaw update --yes` there over exec or SSH; normal exec approvals apply.",
      ].join("\n"),
    );
  });

  it("in compact size: one line per tool, the gateway rules, then the nevers joined", () => {
    const NEVER_BOTH =
      "Never touch this gateway's install or service via exec or detached tasks; never invent CLI commands.";
    expect(render("compact", [])).toBe([COMPACT_OWNER_ROUTE, NEVER_BOTH].join("\n"));
    expect(render("compact", ["exec"])).toBe([COMPACT_OWNER_ROUTE, NEVER_BOTH].join("\n"));
    expect(render("compact", ["gateway", "exec"])).toBe(
      [
        `\`gateway\`: read config (\`config.get\`, \`config.schema.lookup\`); ${COMPACT_CHANGES}`,
        COMPACT_GATEWAY_RULES,
        NEVER_BOTH,
      ].join("\n"),
    );
    expect(render("compact", ["openclaw"])).toBe(
      [`\`openclaw\`: ${COMPACT_CHANGES}`, COMPACT_OWNER_ROUTE, NEVER_BOTH].join("\n"),
    );
    expect(render("compact", ["gateway", "openclaw"])).toBe(
      [
        "`gateway`: read config (`config.get`, `config.schema.lookup`).",
        `\`openclaw\`: ${COMPACT_CHANGES}`,
        COMPACT_GATEWAY_RULES,
        NEVER_BOTH,
      ].join("\n"),
    );
  });

  it("in compact size, per declared feature", () => {
    expect(render("compact", ["gateway", "exec"], { gatewayTool: true })).toBe(
      [
        `\`gateway\`: read config (\`config.get\`, \`config.schema.lookup\`); ${COMPACT_CHANGES}`,
        COMPACT_GATEWAY_RULES,
        "Never touch this gateway's install or service via exec or detached tasks.",
      ].join("\n"),
    );
    expect(render("compact", ["gateway", "exec"], { productCli: true })).toBe(
      "Never invent CLI commands.",
    );
    expect(render("compact", ["openclaw"], { productCli: true })).toBe(
      [`\`openclaw\`: ${COMPACT_CHANGES}`, "Never invent CLI commands."].join("\n"),
    );
    expect(render("compact", ["exec"], { gatewayTool: true, productCli: true })).toBe(
      "Never touch this gateway's install or service via exec or detached tasks; never invent CLI commands.",
    );
  });

  it("routes gateway updates to the owner only when the gateway tool feature and the CLI are both declared", () => {
    const noGateway = { productCli: true, controlUi: true };
    const noCli = { gatewayTool: true, controlUi: true };
    expect(render("full", ["openclaw"], noGateway)).toBe(
      ["## Control", ...through("openclaw"), NO_INVENTING].join("\n"),
    );
    expect(render("full", ["openclaw"], noCli)).toBe(["## Control", NEVER_MODIFY].join("\n"));
    expect(render("compact", ["openclaw"], noGateway)).toBe(
      [`\`openclaw\`: ${COMPACT_CHANGES}`, "Never invent CLI commands."].join("\n"),
    );
    expect(render("compact", ["openclaw"], noCli)).toBe(
      "Never touch this gateway's install or service via exec or detached tasks.",
    );
  });

  it("is absent, not empty, without either feature: a replacement of its text stays absent", () => {
    const replaced = renderSectionText(
      {
        profile: { ...OPENCLAW_PRODUCT_PROFILE, features: {} },
        tools: [{ name: "gateway" }, { name: "openclaw" }],
        sections: { replace: { control: "Custom control." } },
      },
      "control",
    );
    expect(replaced).toBeUndefined();
  });
});
