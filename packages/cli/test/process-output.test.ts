import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./run-cli-binary.js";

const BIN = ["--conditions=@promptstack/source", "--import", "tsx", "packages/cli/src/bin.ts"];
const ENV = { ...process.env, NO_COLOR: "1", FORCE_COLOR: "", INIT_CWD: "" };
/** util-linux `script` runs a command on a pseudo-terminal. */
const hasScript = spawnSync("script", ["--version"]).status === 0;

// The real process's outputs (src/discover-process-output.ts): written synchronously unless
// stdout is a terminal; whether it is decides the boundary rule and the summary line. Pipes are
// covered by every test that runs the binary.
describe("the command's outputs", () => {
  it.skipIf(!hasScript)("on a terminal: a terminal render, with its summary line", () => {
    const command = ["node", ...BIN, "render"].map((arg) => `'${arg}'`).join(" ");
    const result = spawnSync("script", ["-qec", command, "/dev/null"], {
      cwd: REPO_ROOT,
      env: ENV,
      encoding: "utf8",
    });
    expect(result.status, result.stdout).toBe(0);
    expect(result.stdout).toMatch(/promptstack: [\d,]+ tokens \([\d,]+ chars\)/);
  });

  it("to a character device that is not a terminal (/dev/null): plain output, exit 0", () => {
    const result = spawnSync(
      "sh",
      ["-c", `exec "$0" "$@" >/dev/null`, process.execPath, ...BIN, "render", "--json"],
      { cwd: REPO_ROOT, env: ENV, encoding: "utf8" },
    );
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toBe("");
  });
});
