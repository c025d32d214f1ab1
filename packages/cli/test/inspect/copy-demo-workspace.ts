import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { onTestFinished } from "vitest";
import { REPO_ROOT } from "../run-cli-binary.js";

/** A private copy of the demo workspace, and the flags that render it with the demo's inputs. */
export interface DemoCopy {
  readonly dir: string;
  readonly args: readonly string[];
}

/**
 * Copies `fixtures/workspaces/demo` into a fresh temp folder (tests edit the copy, never the
 * fixture), removed when the calling test finishes.
 */
export async function copyDemoWorkspace(prefix = "promptstack-inspect-"): Promise<DemoCopy> {
  const dir = join(await mkdtemp(join(tmpdir(), prefix)), "demo");
  onTestFinished(() => rm(dirname(dir), { recursive: true, force: true }));
  await cp(join(REPO_ROOT, "fixtures", "workspaces", "demo"), dir, { recursive: true });
  return {
    dir,
    args: [
      "--workspace",
      dir,
      "--config",
      join(dir, "config.json5"),
      "--facts",
      join(dir, "facts.json"),
      "--skill-env",
      join(dir, ".demo-roots", "environment.json"),
    ],
  };
}
