import { RendererError, validateSectionRegistry } from "@promptstack/renderer";
import type { ConfigIssue } from "./config-error.js";
import type { PromptstackConfig } from "./config-types.js";
import { resolveSectionsConfig } from "./resolve-section-registry.js";
import type { ResolvedSectionsConfig, SectionsConfigKey } from "./resolve-section-registry.js";

/** `sections.add[1].after` (renderer) → `agents.entries.bot.sections.add.1.after` (config). */
function toConfigPath(rendererPath: string, sections: ResolvedSectionsConfig): string {
  const rest = rendererPath.replace(/^sections\.?/, "").replace(/\[(\d+)\]/g, ".$1");
  const key = rest.split(".")[0] as SectionsConfigKey;
  const base = sections.paths[key];
  if (base === undefined) return rendererPath;
  return `${base}${rest.slice(key.length)}`;
}

function checkScope(sections: ResolvedSectionsConfig): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  (sections.add ?? []).forEach((section, index) => {
    if (section.text === undefined && sections.file === undefined) {
      issues.push({
        path: `${sections.paths.add}.${index}.text`,
        message: `custom section "${section.id}" has no text; give it text, or set sections.file and add a block <!-- section: ${section.id} --> there`,
      });
    }
  });
  try {
    // Text may come from the sections file later; ids, anchors and clashes are known now.
    validateSectionRegistry({
      ...(sections.disable === undefined ? {} : { disable: sections.disable }),
      ...(sections.replace === undefined ? {} : { replace: sections.replace }),
      add: (sections.add ?? []).map((section) => ({ ...section, text: section.text ?? "" })),
    });
  } catch (error) {
    if (!RendererError.isInstance(error)) throw error;
    const detail = error.message.replace(/^[^:]*? at [^:]+: /, "");
    const hint = error.hint === undefined ? "" : ` ${error.hint}`;
    issues.push({
      path: toConfigPath(error.path ?? "sections", sections),
      message: `${detail}${hint}`,
    });
  }
  return issues;
}

/**
 * Checks the section registry of `agents.defaults` and of every agent entry (merged over the
 * defaults, as it will render): unknown section ids, clashes (a duplicate id, an id both disabled
 * and replaced, a custom section anchored across the cache boundary) and custom sections without
 * text or a sections file. Each issue names the config path of the offending value. Pure.
 */
export function findSectionRegistryIssues(config: PromptstackConfig): ConfigIssue[] {
  const defaults = config.agents?.defaults?.sections;
  const entries = config.agents?.entries ?? {};
  const scopes: ResolvedSectionsConfig[] = [];
  const fromDefaults = resolveSectionsConfig(defaults, undefined, "agents.defaults");
  if (fromDefaults !== undefined) scopes.push(fromDefaults);
  for (const [id, entry] of Object.entries(entries)) {
    if (entry.sections === undefined) continue;
    const agentPath = `agents.entries.${/^[A-Za-z0-9_$-]+$/.test(id) ? id : JSON.stringify(id)}`;
    const merged = resolveSectionsConfig(defaults, entry.sections, agentPath);
    if (merged !== undefined) scopes.push(merged);
  }
  const seen = new Set<string>();
  return scopes.flatMap(checkScope).filter((issue) => {
    const key = `${issue.path}\0${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
