import { hasText } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";

/** Documentation: local docs and source when known, else the profile's public URLs. */
export function renderDocumentationSection(context: SectionRenderContext): string[] {
  const { profile } = context;
  const docs = context.input.docs;
  const docsPath = docs?.localDocsPath;
  const sourcePath = docs?.localSourcePath;
  return [
    hasText(docsPath) ? `Docs: ${docsPath.trim()} (local)` : `Docs: ${profile.docsUrl}`,
    hasText(sourcePath) ? `Source: ${sourcePath.trim()} (local)` : `Source: ${profile.sourceUrl}`,
    `Community: ${profile.communityUrl}`,
    `Skills hub: ${profile.skillsHubUrl}`,
    `The docs are the authority on how ${profile.name} works: memory and daily notes, sessions, tools, gateway, config, commands, project context.`,
    "AGENTS.md, project context, workspace and memory notes and `memory_search` results are instructions or user memory, not design knowledge.",
    "When the docs are silent or stale, say so and inspect the source.",
    `Run \`${profile.cliName} status\` yourself when you can; ask the user only when you are blocked.`,
    "For config, check `config.schema.lookup` first for exact fields and constraints.",
    "For broader config guidance, read `docs/gateway/configuration.md` and `docs/gateway/configuration-reference.md`.",
  ];
}
