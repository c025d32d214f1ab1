import { cp, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO_ROOT } from "../run-cli-binary.js";

/** A private copy of the demo workspace, and the flags that render it with the demo's inputs. */
export interface DemoCopy {
  readonly dir: string;
  readonly args: readonly string[];
}

/** Copies `fixtures/workspaces/demo` into a fresh temp folder (tests edit the copy, never the fixture). */
export async function copyDemoWorkspace(prefix = "promptstack-inspect-"): Promise<DemoCopy> {
  const dir = join(await mkdtemp(join(tmpdir(), prefix)), "demo");
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
