import { hasFeature, hasText, isCompact } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";

/** Documentation: local docs and source when known, else the profile's public URLs. */
export function renderDocumentationSection(context: SectionRenderContext): string[] | undefined {
  // The section is about the product's own docs; a profile without them has no section.
  if (!hasFeature(context, "docs")) return undefined;
  const { profile } = context;
  const docs = context.input.docs;
  const docsPath = docs?.localDocsPath;
  const sourcePath = docs?.localSourcePath;
  const gateway = hasFeature(context, "gatewayTool");
  const lines = [
    hasText(docsPath) ? `Docs: ${docsPath.trim()} (local)` : `Docs: ${profile.docsUrl}`,
    hasText(sourcePath) ? `Source: ${sourcePath.trim()} (local)` : `Source: ${profile.sourceUrl}`,
  ];
  if (isCompact(context)) {
    // Compact keeps the two places to look things up and the rules; the community and skills-hub
    // links and the config file paths are references, and `config.schema.lookup` is in Control.
    lines.push(
      `On ${profile.name}, docs outrank AGENTS.md, notes and \`memory_search\`; if silent or stale, say so, read source.`,
    );
    if (hasFeature(context, "productCli")) {
      lines.push(`Run \`${profile.cliName} status\` yourself.`);
    }
    return lines;
  }
  lines.push(`Community: ${profile.communityUrl}`);
  if (hasFeature(context, "skillsHub")) lines.push(`Skills hub: ${profile.skillsHubUrl}`);
  lines.push(
    gateway
      ? `The docs are the authority on how ${profile.name} works: memory and daily notes, sessions, tools, gateway, config, commands, project context.`
      : `The docs are the authority on how ${profile.name} works.`,
    "AGENTS.md, project context, workspace and memory notes and `memory_search` results are instructions or user memory, not design knowledge.",
    "When the docs are silent or stale, say so and inspect the source.",
  );
  if (hasFeature(context, "productCli")) {
    lines.push(
      `Run \`${profile.cliName} status\` yourself when you can; ask the user only when you are blocked.`,
    );
  }
  if (gateway) {
    lines.push(
      "For config, check `config.schema.lookup` first for exact fields and constraints.",
      "For broader config guidance, read `docs/gateway/configuration.md` and `docs/gateway/configuration-reference.md`.",
    );
  }
  return lines;
}
