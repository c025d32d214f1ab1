import { describe, expect, it } from "vitest";
import { isReplacedByBundle, listBundleExternals } from "./bundle-package-dist.js";

describe("listBundleExternals", () => {
  it("keeps every declared dependency, its subpaths and Node built-ins external", () => {
    expect(
      listBundleExternals({
        dependencies: { zod: "^4.0.0", "@promptstack/renderer": "workspace:^" },
        peerDependencies: { "gpt-tokenizer": "^4.0.0" },
      }),
    ).toEqual([
      "@promptstack/renderer",
      "@promptstack/renderer/*",
      "gpt-tokenizer",
      "gpt-tokenizer/*",
      "zod",
      "zod/*",
      "node:*",
    ]);
  });
});

describe("isReplacedByBundle", () => {
  it("removes per-module JavaScript and maps, keeps the bundle and the types", () => {
    expect(isReplacedByBundle("render-section.js")).toBe(true);
    expect(isReplacedByBundle("sections/render-safety-section.js.map")).toBe(true);
    expect(isReplacedByBundle("index.js")).toBe(false);
    expect(isReplacedByBundle("index.js.map")).toBe(false);
    expect(isReplacedByBundle("render-section.d.ts")).toBe(false);
  });
});
