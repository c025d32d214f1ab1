import { describe, expect, it } from "vitest";
import {
  checkInlinedPackages,
  formatLicenseBanner,
  isReplacedByBundle,
  listBundleExternals,
  listDeclarationImports,
  listInlinedPackages,
} from "./bundle-package-dist.js";

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

describe("listInlinedPackages", () => {
  it("names the npm package of every bundled file under node_modules, pnpm's store included", () => {
    expect(
      listInlinedPackages([
        "dist/index.js",
        "dist/config-schema.js",
        "../../node_modules/.pnpm/zod@4.6.7/node_modules/zod/v4/core/core.js",
        "../../node_modules/.pnpm/zod@4.6.7/node_modules/zod/v4/classic/schemas.js",
        "node_modules/@humanwhocodes/momoa/dist/momoa.js",
        "C:\\repo\\node_modules\\entities\\dist\\esm\\decode.js",
      ]),
    ).toEqual(["@humanwhocodes/momoa", "entities", "zod"]);
  });
});

describe("checkInlinedPackages", () => {
  it("accepts exactly the declared dev dependencies", () => {
    const manifest = { devDependencies: { zod: "4.6.7" }, inlinedDependencies: ["zod"] };
    expect(checkInlinedPackages(manifest, ["zod"])).toEqual([]);
    expect(checkInlinedPackages({}, [])).toEqual([]);
  });

  it("refuses an undeclared inline, a declared one that is not a dev dependency, and a stale one", () => {
    expect(checkInlinedPackages({ devDependencies: { zod: "4.6.7" } }, ["zod"])).toEqual([
      "zod would be bundled into dist/index.js: declare it in dependencies (imported) or in devDependencies and inlinedDependencies (bundled)",
    ]);
    expect(
      checkInlinedPackages({ dependencies: { zod: "^4" }, inlinedDependencies: ["zod"] }, ["zod"]),
    ).toEqual(["inlinedDependencies lists zod, which is not in devDependencies"]);
    expect(
      checkInlinedPackages({ devDependencies: { zod: "4" }, inlinedDependencies: ["zod"] }, []),
    ).toEqual(["inlinedDependencies lists zod, but the bundle does not use it; remove it"]);
  });
});

describe("formatLicenseBanner", () => {
  it("carries each package's name, version, license and full text in one legal comment", () => {
    const banner = formatLicenseBanner([
      { name: "zod", version: "4.6.7", license: "MIT", text: "MIT License\n\nCopyright (c) X\n" },
      { name: "odd", version: "1.0.0", license: "ISC", text: "ends a comment */ early" },
    ]);
    expect(banner).toBe(
      "/*!\nzod@4.6.7 (MIT), bundled into this file:\n\nMIT License\n\nCopyright (c) X\n\n---\n\nodd@1.0.0 (ISC), bundled into this file:\n\nends a comment * / early\n*/",
    );
    expect(banner.indexOf("*/")).toBe(banner.length - 2);
  });
});

describe("listDeclarationImports", () => {
  it("finds relative declaration files and bare packages, type-only and inline imports included", () => {
    const source = [
      'import type { z } from "zod";',
      'export { parseConfig } from "./parse-config.js";',
      'export type { JsonSchema } from "../build-config-json-schema.js";',
      'export declare function f(): import("entities/decode").DecodingMode;',
      'import "./side-effect.js";',
    ].join("\n");
    expect(listDeclarationImports(source, "sections/index.d.ts")).toEqual({
      relative: [
        "sections/parse-config.d.ts",
        "build-config-json-schema.d.ts",
        "sections/side-effect.d.ts",
      ],
      bare: ["zod", "entities/decode"],
    });
  });
});
