import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../src/run-cli.js";
import { createTestIo } from "./create-test-io.js";
import { REPO_ROOT } from "./run-cli-binary.js";

// docs/cli.md shows real output; these runs keep it real. After a prompt text change, paste the
// new output from the failure message into the doc.
const EXAMPLES: readonly (readonly string[])[] = [
  ["context", "list"],
  [
    "explain-cache",
    "--before",
    "fixtures/cli/facts/telegram-direct.json",
    "--after",
    "fixtures/cli/facts/discord-group.json",
  ],
  [
    "explain-cache",
    "--before",
    "fixtures/cli/facts/telegram-direct.json",
    "--after",
    "fixtures/cli/facts/telegram-direct-browser-tool.json",
  ],
  [
    "explain-cache",
    "--provider",
    "anthropic",
    "--before",
    "fixtures/cli/facts/telegram-direct.json",
    "--after",
    "fixtures/cli/facts/telegram-direct-browser-tool.json",
  ],
  ["cache-report", "--turns", "3", "--provider", "anthropic"],
  [
    "cache-report",
    "--turns",
    "4",
    "--provider",
    "anthropic",
    "--prefix-policy",
    "session",
    "--edit-every",
    "2",
  ],
  [
    "cache-ledger",
    "fixtures/cli/cache-ledger/mixed-providers-below-minimum-unexplained-and-unreadable-usage/requests.jsonl",
  ],
  ["inspect", "--out", ".tmp/prompt.html"],
  ["inspect", "--out", ".tmp/prompt.html", "--prefix-policy", "session"],
];

describe("docs/cli.md examples", async () => {
  const doc = await readFile(join(REPO_ROOT, "docs", "cli.md"), "utf8");
  for (const args of EXAMPLES) {
    it(`shows the current output of \`promptstack ${args.join(" ")}\``, async () => {
      const io = createTestIo({ env: { HOME: join(REPO_ROOT, ".tmp", "no-home") } });
      expect(await runCli(args, io), io.err).toBe(0);
      const block = `$ pnpm promptstack ${args.join(" ")}\n${io.out.trimEnd()}\n\`\`\``;
      expect(doc.includes(block), `docs/cli.md is missing:\n${block}`).toBe(true);
    });
  }
});
