import { describe, expect, it } from "vitest";
import { runCli } from "../src/run-cli.js";
import { createTestIo } from "./create-test-io.js";

/** The commands whose flags `src/commands/` (and `src/inspect/`) declare. */
const COMMANDS = [
  "render",
  "context",
  "explain-cache",
  "cache-report",
  "cache-ledger",
  "doctor",
  "schema",
  "inspect",
] as const;

// What a user reads first: each command's help, its description and every flag's, is a golden
// file. A changed wording shows up as a diff to review (`pnpm vitest run -u`).
describe("each command's --help", () => {
  it.each(COMMANDS)("%s --help prints its description and flags", async (command) => {
    const io = createTestIo();
    expect(await runCli([command, "--help"], io), io.err).toBe(0);
    expect(io.err).toBe("");
    await expect(io.out).toMatchFileSnapshot(`../../../fixtures/cli/help/${command}.txt`);
  });
});

describe("promptstack --help", () => {
  it("prints the program's description, its own flags and every command", async () => {
    const io = createTestIo();
    expect(await runCli(["--help"], io), io.err).toBe(0);
    expect(io.err).toBe("");
    await expect(io.out).toMatchFileSnapshot("../../../fixtures/cli/help/promptstack.txt");
  });
});
