import * as z from "zod/mini";
import { nonEmptyString } from "./config-schema-primitives.js";
import { documented } from "./document-schema.js";

const SECTION_ID_PATTERN = /^[a-z][a-z0-9_]*$/;

/** Bootstrap files a profile may require (kept in step with `@promptstack/bootstrap`'s list). */
const REQUIRABLE_WORKSPACE_FILES = [
  "AGENTS.md",
  "SOUL.md",
  "IDENTITY.md",
  "USER.md",
  "MEMORY.md",
] as const;

/** A snake_case section id, with further checks. */
function sectionIdSchema(...checks: z.core.$ZodCheck<string>[]) {
  return z
    .string()
    .check(z.regex(SECTION_ID_PATTERN, { message: "expected a snake_case section id" }), ...checks);
}

/** One optional product feature flag with its description. */
function featureFlag(what: string) {
  return z.optional(z.boolean().apply(documented(what)));
}

/** Builds `profile.features`: the product feature flags. */
function buildProductFeaturesSchema() {
  return z
    .object({
      gatewayTool: featureFlag("A `gateway` tool with config operations (Control section)."),
      controlUi: featureFlag("A Control UI (embed section, portals line)."),
      productCli: featureFlag("A product CLI named `cliName` (`status`, `configure`, ...)."),
      replyDirectives: featureFlag("Reply directives (`MEDIA:`, `[[...]]`) and `NO_REPLY`."),
      docs: featureFlag("Public docs, source and community locations (Documentation section)."),
      skillsHub: featureFlag("A skills hub at `skillsHubUrl`."),
      channelRouting: featureFlag("Channel replies routed through the product (Messaging)."),
      approvalCommand: featureFlag("The `/approve` chat command (Exec Approvals section)."),
      referenceToolGuidance: featureFlag("Built-in guidance keyed by the reference tool names."),
    })
    .apply(
      documented(
        "Features the product has, merged over the base profile's; an undeclared one never renders.",
      ),
    );
}

/** Builds the inline `profile` object: a built-in profile (`extends`) with keys overridden. */
function buildInlineProfileSchema() {
  const optional = z.optional;
  return z
    .object({
      extends: optional(
        z
          .enum(["openclaw", "neutral"])
          .apply(
            documented(
              "Built-in profile this one starts from; every key given here overrides it.",
              { default: "neutral" },
            ),
          ),
      ),
      name: optional(nonEmptyString().apply(documented("Product display name."))),
      cliName: optional(
        nonEmptyString().apply(
          documented("Product command name (rendered only with `productCli`)."),
        ),
      ),
      docsUrl: optional(
        nonEmptyString().apply(documented("Public docs URL (rendered only with `docs`).")),
      ),
      sourceUrl: optional(
        nonEmptyString().apply(documented("Public source URL (rendered only with `docs`).")),
      ),
      skillsHubUrl: optional(
        nonEmptyString().apply(documented("Skills hub URL (rendered only with `skillsHub`).")),
      ),
      communityUrl: optional(
        nonEmptyString().apply(documented("Community link (rendered only with `docs`).")),
      ),
      delimiterWord: optional(
        z
          .string()
          .check(
            z.regex(/^[A-Z][A-Z0-9_]*$/, { message: "expected an upper-case word such as PIP" }),
          )
          .apply(
            documented(
              "Word inside the internal-context delimiters (`<<<BEGIN_<WORD>_INTERNAL_CONTEXT>>>`).",
            ),
          ),
      ),
      features: optional(buildProductFeaturesSchema()),
      fenceContextFiles: optional(
        z.boolean().apply(documented("Wrap each injected workspace file in a `<file path>` tag.")),
      ),
      ownerAuthority: optional(
        z
          .boolean()
          .apply(
            documented(
              "Execution Bias keeps authority with the owner (an available tool is not consent).",
            ),
          ),
      ),
      requiredWorkspaceFiles: optional(
        z
          .array(z.enum(REQUIRABLE_WORKSPACE_FILES))
          .apply(
            documented(
              "Bootstrap files that inject a missing-file marker when absent; the rest are optional.",
            ),
          ),
      ),
    })
    .apply(
      documented("An inline product profile: a built-in one (`extends`) with keys overridden."),
    );
}

/** Builds one entry of `sections.add`: a custom section placed after or before another. */
function buildCustomSectionSchema() {
  const optional = z.optional;
  return z
    .object({
      id: sectionIdSchema().apply(
        documented("snake_case id, unique among built-in and custom sections."),
      ),
      heading: nonEmptyString(
        z.regex(/^[^\r\n]+$/, { message: "expected a single-line heading" }),
      ).apply(documented("Rendered as `## <heading>`.")),
      cache: z
        .enum(["stable", "volatile"])
        .apply(
          documented("`stable`: above the cache boundary, rendered once; `volatile`: below it."),
        ),
      after: optional(sectionIdSchema().apply(documented("Insert right after this section id."))),
      before: optional(sectionIdSchema().apply(documented("Insert right before this section id."))),
      modes: optional(
        z
          .array(z.enum(["full", "minimal", "none"]).apply(documented("A prompt mode.")))
          .apply(
            documented("Prompt modes that render the section (default `full` and `minimal`)."),
          ),
      ),
      text: optional(
        z
          .string()
          .apply(documented("Body text; when absent, the sections file's block with this id.")),
      ),
    })
    .check(
      z.refine((section) => (section.after === undefined) !== (section.before === undefined), {
        message: "give exactly one of after and before",
      }),
    )
    .apply(documented("A custom section."));
}

/** Builds the `sections` block: disable, replace or add prompt sections. */
function buildSectionsSchema() {
  const optional = z.optional;
  return optional(
    z
      .object({
        file: optional(
          nonEmptyString().apply(
            documented(
              "Markdown file of section texts (`<!-- section: <id> -->` blocks), relative to the config file's folder and inside it. A block with a custom id is that section's text; a block with a built-in id replaces that section.",
            ),
          ),
        ),
        disable: optional(
          z
            .array(sectionIdSchema().apply(documented("Id of a built-in or custom section.")))
            .apply(documented("Section ids never rendered.")),
        ),
        replace: optional(
          z
            .record(sectionIdSchema(), z.string().apply(documented("The section's new body text.")))
            .apply(
              documented(
                'New body text per section id; heading, cache side and gate stay. `""` removes it.',
              ),
            ),
        ),
        add: optional(
          z
            .array(buildCustomSectionSchema())
            .apply(documented("Custom sections, inserted in order.")),
        ),
      })
      .apply(
        documented(
          "Section registry: disable, replace or add prompt sections. Each key beats the same key of `agents.defaults.sections`.",
        ),
      ),
  );
}

/**
 * The product profile and section registry block of the config schema (internal): returns the
 * shape of `profile` and `sections`, with or without recorded defaults (`agents.defaults` records
 * them, an agent entry does not).
 */
export function buildProfileConfigShape() {
  const optional = z.optional;

  // ---- Product profile and section registry ------------------------------------------------
  // One block for `profile` and `sections` (docs/profiles.md). Section ids are checked against the
  // renderer's section table after parsing (`findSectionRegistryIssues`); the sections file is read
  // by `@promptstack/agent`, never here.
  // Built once per schema and shared by `agents.defaults` and every agent entry.
  const inlineProfileSchema = buildInlineProfileSchema();
  const sectionsSchema = buildSectionsSchema();

  const createProfileShape = (recordDefaults: boolean) => ({
    profile: optional(
      z
        .union([z.enum(["openclaw", "neutral"]), inlineProfileSchema])
        .apply(
          documented(
            "Product profile: `openclaw` (the reference product), `neutral` (a generic chat agent), or an inline profile. The CLI's `--profile` beats it.",
            recordDefaults ? { default: "openclaw" } : {},
          ),
        ),
    ),
    sections: sectionsSchema,
  });
  return createProfileShape;
}
