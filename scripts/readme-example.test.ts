import { execFile } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** The TypeScript block under a README heading. */
function extractExample(readme: string, heading: string): string {
  const start = readme.indexOf(`## ${heading}\n`);
  const open = readme.indexOf("```ts\n", start);
  const close = readme.indexOf("\n```", open);
  if (start === -1 || open === -1 || close === -1) throw new Error(`no example under ${heading}`);
  return readme.slice(open + "```ts\n".length, close + 1);
}

describe("README: Use it as a library", () => {
  it("the example runs as written (at most 10 lines) and prints the prompt's halves", async () => {
    const example = extractExample(
      await readFile(join(ROOT, "README.md"), "utf8"),
      "Use it as a library",
    );
    expect(example.trimEnd().split("\n").length).toBeLessThanOrEqual(10);
    const dir = join(ROOT, ".tmp");
    await mkdir(dir, { recursive: true });
    const file = join(dir, "readme-library-example.mts");
    await writeFile(file, example);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--conditions=@promptstack/source", "--import", "tsx", file],
      { cwd: ROOT },
    );
    const [stableLength] = stdout.split(" ");
    expect(Number(stableLength)).toBeGreaterThan(1000);
    expect(stdout).toContain("## Time Context");
    expect(stdout).not.toContain("CACHE_BOUNDARY");
  });
});
