import { readFileSync } from "node:fs";

/** The CLI's version from its own package.json (next to both `src/` and `dist/`). */
export function readCliVersion(): string {
  const manifest = JSON.parse(
    readFileSync(new URL("../package.json", import.meta.url), "utf8"),
  ) as { version?: unknown };
  return typeof manifest.version === "string" ? manifest.version : "unknown";
}
