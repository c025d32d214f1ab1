import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const CLI_DIR = fileURLToPath(new URL("..", import.meta.url));
const LAUNCHER_CACHE = `${CLI_DIR}node_modules/.cache/promptstack-bin/`;

/**
 * The folder that holds a build of the command: `bundle/` and, beside it, the rank table and the
 * line count seed. `dist/` after `pnpm build`; otherwise the build the repository's launcher keeps
 * (`scripts/promptstack.mjs`, which the root postinstall runs, so a fresh clone always has one:
 * the CI gate tests that build). Undefined when there is neither. Either build is only as new as
 * the last `pnpm build` or launcher run: a stale one fails the tests that read it; rebuild.
 */
export function findBuiltCli(): string | undefined {
  const dist = `${CLI_DIR}dist/`;
  if (existsSync(`${dist}bundle/promptstack-loader.cjs`)) return dist;
  let dir: unknown;
  try {
    ({ dir } = JSON.parse(readFileSync(`${LAUNCHER_CACHE}current.json`, "utf8")) as {
      dir?: unknown;
    });
  } catch {
    return undefined;
  }
  if (typeof dir !== "string" || !/^build-[\w-]+$/.test(dir)) return undefined;
  const launcher = `${LAUNCHER_CACHE}${dir}/`;
  return existsSync(`${launcher}bundle/promptstack-loader.cjs`) ? launcher : undefined;
}
