import { describe, expect, it } from "vitest";
import { runCli } from "../src/run-cli.js";
import { createTestIo } from "./create-test-io.js";

const FIX =
  "  fix: Run `promptstack schema` to list the top-level keys, then descend one level at a time (use * for map keys).\n";

describe("schema with a key the config does not have", () => {
  it("exits 2 naming the key and how to find the right one", async () => {
    const io = createTestIo();
    expect(await runCli(["schema", "agents.nope"], io)).toBe(2);
    expect(io.err).toBe(
      `promptstack: error CLI_USAGE: The config schema has no key "agents.nope".\n${FIX}`,
    );
    expect(io.out).toBe("");
  });

  it("shows the key as typed when the quoted message escapes it", async () => {
    const io = createTestIo();
    expect(await runCli(["schema", 'agents."x'], io)).toBe(2);
    expect(io.err).toBe(
      `promptstack: error CLI_USAGE: The config schema has no key "agents.\\"x".\n  where: agents."x\n${FIX}`,
    );
  });
});
