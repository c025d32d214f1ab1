import { execFile } from "node:child_process";
import { readFile, rm, writeFile } from "node:fs/promises";
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
  it("the example runs with the README's command and builds a request in three calls", async () => {
    const readme = await readFile(join(ROOT, "README.md"), "utf8");
    const example = extractExample(readme, "Use it as a library");
    expect(example.trimEnd().split("\n").length).toBeLessThanOrEqual(12);
    for (const call of [
      "createPromptAssembler(",
      "assembler.turn(",
      "buildOpenAIResponsesRequest(",
    ]) {
      expect(example.split(call)).toHaveLength(2);
    }
    // The command the README gives, run as written from the checkout's root.
    const command = /`(node [^`]*example\.mts)`/.exec(readme)?.[1];
    expect(command).toBe("node --conditions=@promptstack/source --import tsx example.mts");
    // Saved where the README says (the checkout's root), run as written, then removed.
    const file = join(ROOT, "example.mts");
    await writeFile(file, example);
    const [, ...args] = command!.split(" ");
    const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: ROOT }).finally(
      () => rm(file, { force: true }),
    );
    const [instructionsLength] = stdout.split(" ");
    expect(Number(instructionsLength)).toBeGreaterThan(1000);
    expect(stdout).toContain("<<<BEGIN_OPENCLAW_INTERNAL_CONTEXT>>>");
    expect(stdout).toContain("What's on today?");
    expect(stdout).not.toContain("CACHE_BOUNDARY");
  });
});
