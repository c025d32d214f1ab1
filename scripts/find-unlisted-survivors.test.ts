import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  findUnlistedSurvivors,
  formatUnlistedSurvivors,
  parseListedMutants,
} from "./find-unlisted-survivors.js";

const LIST = `# Equivalent mutants

Line numbers 12 and 3.5 and 1:2 before any file name name nothing.

## providers: cache accounting

- \`attribute-cache-miss.ts\` 64:7 \`a.area\` → \`true\`, 64:29 \`&&\`: a reason with 5:1
  continued on the next line 65:7.
- \`hash-text.ts\` 3:10 and \`x.ts\`-like words such as v1.2:3 are not places.

A paragraph after the list names nothing: 9:9.

## safe-read

- \`read-bounded-file.ts\` 48:10 \`<\` → \`<=\`: a reason.
`;

describe("parseListedMutants", () => {
  it("names each line:column after a file, under its package heading", () => {
    expect([...parseListedMutants(LIST)].sort()).toEqual([
      "providers/attribute-cache-miss.ts:5:1",
      "providers/attribute-cache-miss.ts:64:29",
      "providers/attribute-cache-miss.ts:64:7",
      "providers/attribute-cache-miss.ts:65:7",
      "providers/hash-text.ts:3:10",
      "safe-read/read-bounded-file.ts:48:10",
    ]);
  });

  it("reads the committed list", () => {
    const text = readFileSync(new URL("../stryker/equivalent-mutants.md", import.meta.url), "utf8");
    const listed = parseListedMutants(text);
    expect(listed.has("safe-read/read-bounded-file.ts:48:10")).toBe(true);
    expect(listed.size).toBeGreaterThan(50);
  });
});

describe("findUnlistedSurvivors", () => {
  const at = (line: number, column: number) => ({ start: { line, column } });
  const report = {
    files: {
      "packages/providers/src/attribute-cache-miss.ts": {
        mutants: [
          { status: "Survived", location: at(64, 7), mutatorName: "A", replacement: "true" },
          { status: "Survived", location: at(64, 8), mutatorName: "B", replacement: "||" },
          { status: "Killed", location: at(70, 1), mutatorName: "C", replacement: "x" },
          { status: "NoCoverage", location: at(71, 2), mutatorName: "D", replacement: "{}" },
          { status: "Survived", location: at(65, 7), mutatorName: "F", replacement: "true" },
          { status: "Timeout", location: at(72, 2), mutatorName: "E", replacement: "y" },
        ],
      },
    },
  };

  it("keeps the surviving and uncovered mutants whose place the list does not name", () => {
    const unlisted = findUnlistedSurvivors("providers", report, parseListedMutants(LIST));
    expect(unlisted.map(({ line, column, status }) => `${line}:${column} ${status}`)).toEqual([
      "64:8 Survived",
      "71:2 NoCoverage",
    ]);
    expect(formatUnlistedSurvivors(unlisted)).toBe(
      'packages/providers/src/attribute-cache-miss.ts:64:8 [Survived] B: "||"\n' +
        'packages/providers/src/attribute-cache-miss.ts:71:2 [NoCoverage] D: "{}"\n',
    );
  });

  it("does not take another package's entry for the same file and place", () => {
    const unlisted = findUnlistedSurvivors("core", report, parseListedMutants(LIST));
    expect(unlisted).toHaveLength(4);
  });
});
