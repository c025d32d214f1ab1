import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import type { SkillEnvironment } from "./agent-types.js";

/**
 * The real machine as a skill environment: `process.platform`, the given environment (default
 * `process.env`) and a PATH lookup whose answers are remembered per name.
 */
export function readProcessSkillEnvironment(
  env: Readonly<Record<string, string | undefined>> = process.env,
): SkillEnvironment {
  const dirs = (env["PATH"] ?? "").split(delimiter).filter((dir) => dir !== "");
  const cache = new Map<string, boolean>();
  return {
    platform: process.platform,
    env,
    hasBin: (name) => {
      const known = cache.get(name);
      if (known !== undefined) return known;
      const found = dirs.some((dir) => {
        try {
          accessSync(join(dir, name), constants.X_OK);
          return true;
        } catch {
          return false;
        }
      });
      cache.set(name, found);
      return found;
    },
  };
}
