import type { SkillRoot, SkillTier } from "@promptstack/skills";
import { CliError } from "../cli-error.js";

const TIERS: readonly SkillTier[] = ["extra", "bundled", "managed", "personal", "workspace"];

/** Parses `--skills-root tier=dir` (or `plugin:<id>=dir`) into a skill root. */
export function parseSkillsRootOption(value: string): SkillRoot {
  const index = value.indexOf("=");
  const tier = index === -1 ? "" : value.slice(0, index);
  const dir = index === -1 ? "" : value.slice(index + 1);
  if (dir !== "" && tier.startsWith("plugin:") && tier.length > "plugin:".length) {
    return { tier: "plugin", dir, pluginId: tier.slice("plugin:".length) };
  }
  if (dir !== "" && (TIERS as readonly string[]).includes(tier)) {
    return { tier: tier as SkillTier, dir };
  }
  throw new CliError("CLI_USAGE", `--skills-root ${JSON.stringify(value)} is not tier=dir.`, {
    path: "--skills-root",
    hint: `Use one of ${TIERS.join(", ")} or plugin:<id> before "=", e.g. --skills-root managed=~/.state/skills.`,
  });
}
