import { hasFeature, hasTool, isCompact } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";

/**
 * Control: inspecting and changing the gateway, with and without `gateway` and `exec`. Changes
 * go through the CLI-named tool when it exists, else through `gateway`; inspection always uses
 * `gateway`.
 */
export function renderControlSection(context: SectionRenderContext): string[] | undefined {
  const { name, cliName } = context.profile;
  const gatewayFeature = hasFeature(context, "gatewayTool");
  const cli = hasFeature(context, "productCli");
  // Every line is about the gateway or the product CLI: without either, there is no section.
  if (!gatewayFeature && !cli) return undefined;
  const gateway = gatewayFeature && hasTool(context, "gateway");
  const controlTool = cli && hasTool(context, cliName) ? cliName : gateway ? "gateway" : undefined;
  if (isCompact(context)) return renderCompactControl(context, gateway, controlTool);
  const lines: string[] = [];
  if (gateway) {
    lines.push(
      "Inspect configuration with `gateway`: `config.get` for values, `config.schema.lookup` for a field's schema.",
    );
  }
  if (controlTool !== undefined) {
    lines.push(
      `Request restarts and changes to config, channels, plugins, agents, models and providers through \`${controlTool}\`.`,
      "Delegated changes follow the requester's effective permissions.",
    );
  }
  if (gateway) {
    lines.push(
      "Change config with `config.patch`, which merges a partial change; `config.apply` replaces the whole config, so use it only when the user asks for that.",
    );
  }
  if (gateway) {
    lines.push(
      "Update the gateway hosting this session only with `update.run`, and only when the user explicitly asks; it restarts and reports success or failure.",
      "`gateway` refuses to change `tools.exec.ask` and `tools.exec.security`, including legacy `tools.bash.*` aliases.",
    );
  } else if (gatewayFeature && cli && hasFeature(context, "controlUi")) {
    lines.push(
      `To update the gateway hosting this session, point the user to the ${name} owner, \`${cliName} update\` in a terminal, or the Control UI.`,
    );
  }
  if (gatewayFeature) {
    lines.push(
      "Never modify this gateway's installation or control its service through exec or detached tasks.",
    );
  }
  if (cli) lines.push("Do not invent CLI commands.");
  if (gatewayFeature && cli && hasTool(context, "exec")) {
    lines.push(
      `To update another host at the user's request, first verify it is not this gateway, then run \`${cliName} update --yes\` there over exec or SSH; normal exec approvals apply.`,
    );
  }
  return lines;
}

function renderCompactControl(
  context: SectionRenderContext,
  gateway: boolean,
  controlTool: string | undefined,
): string[] {
  const { name, cliName } = context.profile;
  const gatewayFeature = hasFeature(context, "gatewayTool");
  const cli = hasFeature(context, "productCli");
  const lines: string[] = [];
  const changes = "restarts and changes to config, channels, plugins, agents, models, providers";
  if (gateway && controlTool === "gateway") {
    lines.push(
      `\`gateway\`: read config (\`config.get\`, \`config.schema.lookup\`); ${changes}, within requester permissions.`,
    );
  } else {
    if (gateway) lines.push("`gateway`: read config (`config.get`, `config.schema.lookup`).");
    if (controlTool !== undefined) {
      lines.push(`\`${controlTool}\`: ${changes}, within requester permissions.`);
    }
  }
  if (gateway) {
    // The keys `gateway` refuses to change are enforced by the tool: compact size leaves them out.
    lines.push(
      "`config.patch` edits; `config.apply` (whole config), `update.run` only on explicit request.",
    );
  } else if (gatewayFeature && cli && hasFeature(context, "controlUi")) {
    lines.push(
      `Gateway updates: the ${name} owner, \`${cliName} update\` in a terminal, or the Control UI.`,
    );
  }
  const never: string[] = [];
  if (gatewayFeature)
    never.push("touch this gateway's install or service via exec or detached tasks");
  if (cli) never.push("invent CLI commands");
  // The section exists only with the gateway feature or the CLI, so at least one rule applies.
  lines.push(`Never ${never.join("; never ")}.`);
  // How to update another host is a procedure, not a rule: compact size leaves it out.
  return lines;
}
