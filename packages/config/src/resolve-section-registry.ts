import { listBuiltInSections } from "@promptstack/renderer";
import type { CustomSection, SectionRegistry } from "@promptstack/renderer";
import { ConfigError } from "./config-error.js";
import type { SectionsConfig } from "./config-types.js";
import type { SectionsFile, SectionsFileBlock } from "./parse-sections-file.js";

/** A key of the `sections` config object. */
export type SectionsConfigKey = "file" | "disable" | "replace" | "add";

/** One agent's section registry as configured: each key from the scope that set it. */
export interface ResolvedSectionsConfig extends SectionsConfig {
  /** Config path of each key that is set, e.g. `agents.entries.bot.sections.add`. */
  readonly paths: Readonly<Partial<Record<SectionsConfigKey, string>>>;
}

const KEYS: readonly SectionsConfigKey[] = ["file", "disable", "replace", "add"];

/**
 * Merges `agents.defaults.sections` and `agents.entries.<id>.sections`: each key (`file`,
 * `disable`, `replace`, `add`) beats the same key of the defaults, as every other agent key does.
 * Undefined when neither scope sets any key.
 */
export function resolveSectionsConfig(
  defaults: SectionsConfig | undefined,
  agent: SectionsConfig | undefined,
  agentPath: string,
): ResolvedSectionsConfig | undefined {
  const merged: Record<string, unknown> = {};
  const paths: Partial<Record<SectionsConfigKey, string>> = {};
  for (const key of KEYS) {
    if (agent?.[key] !== undefined) {
      merged[key] = agent[key];
      paths[key] = `${agentPath}.sections.${key}`;
    } else if (defaults?.[key] !== undefined) {
      merged[key] = defaults[key];
      paths[key] = `agents.defaults.sections.${key}`;
    }
  }
  if (Object.keys(paths).length === 0) return undefined;
  return { ...(merged as SectionsConfig), paths };
}

function fileError(file: SectionsFile, block: SectionsFileBlock, message: string, hint: string) {
  const where = `${file.source}:${block.line}`;
  return new ConfigError("CONFIG_SECTIONS_FILE_INVALID", `${where}: ${message}`, {
    path: where,
    hint,
    issues: [{ path: where, message }],
  });
}

/**
 * Builds the renderer's `sections` input from the configured registry and, when `sections.file`
 * is set, the parsed sections file (`parseSectionsFile`; the agent reads it). A block whose id is
 * a custom section's gives that section's text; a block with a built-in id replaces the section.
 * Throws `ConfigError` `CONFIG_SECTIONS_FILE_INVALID` for a block naming no section, a block that
 * clashes with a disable or with inline text, and a custom section left without text.
 */
export function toSectionRegistry(
  sections: ResolvedSectionsConfig,
  file?: SectionsFile,
): SectionRegistry {
  const replace: Record<string, string> = { ...sections.replace };
  const texts = new Map<string, string>();
  const customIds = new Set((sections.add ?? []).map((section) => section.id));
  const builtInIds = new Set(listBuiltInSections().map((section) => section.id));
  for (const block of file?.blocks ?? []) {
    const custom = sections.add?.find((section) => section.id === block.id);
    if (custom !== undefined) {
      if (custom.text !== undefined) {
        throw fileError(
          file as SectionsFile,
          block,
          `section "${block.id}" has text both here and in ${sections.paths.add}.`,
          "Keep the text in one place: drop the block, or the inline text.",
        );
      }
      texts.set(block.id, block.text);
      continue;
    }
    if (!builtInIds.has(block.id)) {
      throw fileError(
        file as SectionsFile,
        block,
        `"${block.id}" is neither a built-in section nor one added in sections.add.`,
        `Add it to sections.add, or use a built-in id: ${[...builtInIds, ...customIds].join(", ")}.`,
      );
    }
    if (Object.hasOwn(replace, block.id)) {
      throw fileError(
        file as SectionsFile,
        block,
        `section "${block.id}" is replaced both here and in ${sections.paths.replace}.`,
        "Keep the replacement in one place.",
      );
    }
    if (sections.disable?.includes(block.id) === true) {
      throw fileError(
        file as SectionsFile,
        block,
        `section "${block.id}" is replaced here but disabled in ${sections.paths.disable}.`,
        "Either disable the section or replace it.",
      );
    }
    replace[block.id] = block.text;
  }
  const add = (sections.add ?? []).map((section, index): CustomSection => {
    const text = section.text ?? texts.get(section.id);
    if (text === undefined) {
      const path = `${sections.paths.add}.${index}.text`;
      const message = `custom section "${section.id}" has no text.`;
      throw new ConfigError(
        "CONFIG_SECTIONS_FILE_INVALID",
        `${path}: ${message}${file === undefined ? "" : ` ${file.source} has no block for it.`}`,
        {
          path,
          hint: `Give it text, or add a block <!-- section: ${section.id} --> to the sections file (sections.file).`,
          issues: [{ path, message }],
        },
      );
    }
    const { text: _text, ...rest } = section;
    return { ...rest, text };
  });
  return {
    ...(sections.disable === undefined ? {} : { disable: sections.disable }),
    ...(Object.keys(replace).length === 0 ? {} : { replace }),
    ...(add.length === 0 ? {} : { add }),
  };
}
