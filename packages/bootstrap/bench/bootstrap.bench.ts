import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, bench, describe } from "vitest";
import { BOOTSTRAP_FILE_NAMES } from "../src/bootstrap-file-names.js";
import { loadBootstrapFiles } from "../src/load-bootstrap-files.js";
import { truncateBootstrapContent } from "../src/truncate-bootstrap-content.js";

const AGENTS_51K = "".padEnd(51_800, "Rule: keep the workspace tidy and write things down.\n");

const normal = mkdtempSync(join(tmpdir(), "bootstrap-bench-normal-"));
for (const name of BOOTSTRAP_FILE_NAMES) {
  writeFileSync(
    join(normal, name),
    `# ${name}\n\n${"A normal line of workspace notes.\n".repeat(60)}`,
  );
}
const large = mkdtempSync(join(tmpdir(), "bootstrap-bench-large-"));
writeFileSync(join(large, "MEMORY.md"), "".padEnd(5 * 1024 * 1024, "- a remembered fact\n"));

afterAll(() => {
  rmSync(normal, { recursive: true, force: true });
  rmSync(large, { recursive: true, force: true });
});

describe("bootstrap", () => {
  bench("load six normal files", async () => {
    await loadBootstrapFiles({ workspaceDir: normal, sessionKind: "main" });
  });

  bench("truncate a 51.8k-char AGENTS.md to 20k (pure)", () => {
    truncateBootstrapContent(AGENTS_51K, { name: "AGENTS.md", limit: 20_000 });
  });

  bench("truncate a 51.8k-char AGENTS.md to 20k, result flattened", () => {
    const { text } = truncateBootstrapContent(AGENTS_51K, { name: "AGENTS.md", limit: 20_000 });
    // Indexing forces V8 to materialize the concatenated string, so the copy is measured too.
    text.charCodeAt(text.length - 1);
  });

  bench("load a workspace with a 5 MB MEMORY.md", async () => {
    await loadBootstrapFiles({ workspaceDir: large, sessionKind: "main" });
  });
});
