import { readFileSync } from "node:fs";
import { join } from "node:path";
import { discoverCliPackageDir } from "./discover-cli-package-dir.js";

/** The CLI's version from its own package.json. */
export function readCliVersion(): string {
  const manifest = JSON.parse(
    readFileSync(join(discoverCliPackageDir(), "package.json"), "utf8"),
  ) as { version?: unknown };
  return typeof manifest.version === "string" ? manifest.version : "unknown";
}
