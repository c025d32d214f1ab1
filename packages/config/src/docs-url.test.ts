import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DOCS_URL, docsUrl } from "./docs-url.js";

const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  repository: { url: string };
};

describe("DOCS_URL", () => {
  it("is the docs folder of the repository named in package.json", () => {
    const repository = manifest.repository.url.replace(/^git\+/, "").replace(/\.git$/, "");
    expect(DOCS_URL).toBe(`${repository}/blob/main/docs`);
  });

  it("names pages that exist in the repository", () => {
    for (const page of ["run-facts.md", "configuration.md"]) {
      expect(docsUrl(page)).toBe(`${DOCS_URL}/${page}`);
      expect(() => readFileSync(new URL(`../../../docs/${page}`, import.meta.url))).not.toThrow();
    }
  });
});
