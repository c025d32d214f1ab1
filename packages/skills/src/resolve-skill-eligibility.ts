import type { SkillListing } from "./skills-listing-types.js";
import type { Skill } from "./types.js";

/** Per-skill settings from `skills.entries.<skillKey>`. */
export interface SkillEntrySettings {
  readonly enabled?: boolean;
  /** Environment values that satisfy `requires.env` for this skill only. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly config?: unknown;
  /** How the skill is listed once eligible (`resolveSkillListing`); not a gate. */
  readonly listing?: SkillListing;
  /** Who keeps the longer form when the skills budget is short; default 0. */
  readonly priority?: number;
}

/** The runtime facts eligibility is decided against; every fact is injected, nothing is read. */
export interface SkillEligibilityContext {
  /** `process.platform` of the host that will run the skill. */
  readonly platform: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Configuration object; `requires.config` paths are looked up in it. */
  readonly config?: unknown;
  /** Whether a binary is on PATH. Unset: no binary is. */
  readonly hasBin?: (name: string) => boolean;
  readonly enabledPlugins?: ReadonlySet<string> | readonly string[];
  /** The agent's effective skill allowlist: `[]` allows none, unset allows all. */
  readonly allowlist?: readonly string[];
  /** `skills.entries`, keyed by skill key (`metadata.openclaw.skillKey`, else the name). */
  readonly entries?: Readonly<Record<string, SkillEntrySettings | undefined>>;
}

/** The gate that excluded a skill, in the order they are checked. */
export type SkillGate =
  | "plugin"
  | "enabled"
  | "model-invocation"
  | "os"
  | "env"
  | "config"
  | "bins"
  | "anyBins"
  | "allowlist";

/** Whether a skill may be listed, and if not, which gate said no and why. */
export type SkillEligibility =
  | { readonly eligible: true }
  | { readonly eligible: false; readonly reason: string; readonly gate: SkillGate };

const ELIGIBLE: SkillEligibility = { eligible: true };

/**
 * Decides whether one skill may be listed in the prompt. Gates run in a fixed order and the
 * first one that fails is reported: plugin enabled, entry enabled, model invocation, os,
 * (`always` skips the requires gates) env, config, bins, anyBins, then the allowlist.
 */
export function resolveSkillEligibility(
  skill: Skill,
  context: SkillEligibilityContext,
): SkillEligibility {
  const exclude = (gate: SkillGate, reason: string): SkillEligibility => ({
    eligible: false,
    gate,
    reason,
  });
  const key = skill.metadata.skillKey ?? skill.name;
  const entry =
    context.entries !== undefined && Object.hasOwn(context.entries, key)
      ? context.entries[key]
      : undefined;

  if (skill.tier === "plugin") {
    const pluginId = skill.pluginId ?? "";
    if (!isPluginEnabled(context.enabledPlugins, pluginId)) {
      return exclude("plugin", `its plugin "${pluginId}" is not enabled`);
    }
  }
  if (entry?.enabled === false) {
    return exclude("enabled", `disabled by skills.entries.${key}.enabled`);
  }
  if (skill.disableModelInvocation) {
    return exclude("model-invocation", "disable-model-invocation is true (user-invoked only)");
  }
  const os = skill.metadata.os;
  if (os !== undefined && os.length > 0 && !os.includes(context.platform)) {
    return exclude("os", `runs on ${os.join(", ")}, not on ${context.platform}`);
  }

  if (skill.metadata.always !== true) {
    const requires = skill.metadata.requires ?? {};
    for (const name of requires.env ?? []) {
      if (!hasValue(context.env?.[name]) && !hasValue(entry?.env?.[name])) {
        return exclude("env", `environment variable ${name} is not set`);
      }
    }
    for (const dottedPath of requires.config ?? []) {
      if (!lookupDottedPath(context.config, dottedPath)) {
        return exclude("config", `config ${dottedPath} is not set to a truthy value`);
      }
    }
    const hasBin = context.hasBin ?? (() => false);
    for (const bin of requires.bins ?? []) {
      if (!hasBin(bin)) return exclude("bins", `binary ${bin} is not on PATH`);
    }
    const anyBins = requires.anyBins ?? [];
    if (anyBins.length > 0 && !anyBins.some((bin) => hasBin(bin))) {
      return exclude("anyBins", `none of the binaries ${anyBins.join(", ")} is on PATH`);
    }
  }

  if (context.allowlist !== undefined && !context.allowlist.includes(skill.name)) {
    return exclude(
      "allowlist",
      context.allowlist.length === 0
        ? "the agent's skill allowlist is empty"
        : "not in the agent's skill allowlist",
    );
  }
  return ELIGIBLE;
}

function isPluginEnabled(
  enabled: ReadonlySet<string> | readonly string[] | undefined,
  pluginId: string,
): boolean {
  if (enabled === undefined || pluginId === "") return false;
  return Array.isArray(enabled)
    ? enabled.includes(pluginId)
    : (enabled as ReadonlySet<string>).has(pluginId);
}

function hasValue(value: string | undefined): boolean {
  return typeof value === "string" && value !== "";
}

// Own properties only, so `constructor` or `__proto__` paths never reach the prototype.
function lookupDottedPath(root: unknown, dottedPath: string): boolean {
  let current: unknown = root;
  for (const segment of dottedPath.split(".")) {
    if (typeof current !== "object" || current === null || !Object.hasOwn(current, segment)) {
      return false;
    }
    current = (current as Record<string, unknown>)[segment];
  }
  return Boolean(current);
}
