import { readFile, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { buildBootstrapRoutingTable } from "../src/build-bootstrap-routing-table.js";

const DOC = resolve(dirname(fileURLToPath(import.meta.url)), "../../../docs/bootstrap.md");
const START = "<!-- bootstrap-routing-table:start -->";
const END = "<!-- bootstrap-routing-table:end -->";

/** The doc with the table between the markers replaced by the generated one. */
function withGeneratedTable(doc: string): string {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/bootstrap.md lacks ${START} ... ${END}`);
  return `${doc.slice(0, start + START.length)}\n\n${buildBootstrapRoutingTable()}\n${doc.slice(end)}`;
}

describe("docs/bootstrap.md routing table", () => {
  it("matches the table generated from the routing code", async () => {
    const doc = await readFile(DOC, "utf8");
    const expected = withGeneratedTable(doc);
    if (process.env["UPDATE_BOOTSTRAP_DOCS"] === "1" && process.env["CI"] !== "true") {
      await writeFile(DOC, expected);
      return;
    }
    expect(doc).toBe(expected);
  });

  it("reports drift when a cell is edited by hand", async () => {
    const doc = await readFile(DOC, "utf8");
    const drifted = doc.replace("`memory-note`", "`turn-context`");
    expect(drifted).not.toBe(doc);
    expect(withGeneratedTable(drifted)).not.toBe(drifted);
    expect(withGeneratedTable(drifted)).toBe(doc);
  });
});
