import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { transform } from "esbuild";
import { describe, expect, it } from "vitest";
import {
  checkInlinedPackages,
  formatDecodeTableModule,
  formatLazyDecodeTableModule,
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

describe("formatDecodeTableModule", () => {
  // The renderer's copy of entities; its package exports hide the generated modules, so they are
  // found beside the entry that the exports do name.
  const fromRenderer = createRequire(new URL("../packages/renderer/package.json", import.meta.url));
  const dist = dirname(dirname(fromRenderer.resolve("entities/decode")));
  const generated = (name: string) =>
    pathToFileURL(join(dist, "esm", "generated", `decode-data-${name}.js`)).href;

  it("rebuilds entities' decode tables unit for unit, also after esbuild re-escapes the literal", async () => {
    for (const name of ["html", "xml"]) {
      const original = (await import(generated(name))) as Record<string, Uint16Array>;
      const source = formatDecodeTableModule(original);
      const { code } = await transform(source, { format: "esm", target: "node20" });
      const rebuilt = (await import(
        `data:text/javascript;base64,${Buffer.from(code).toString("base64")}`
      )) as Record<string, Uint16Array>;
      expect(Object.keys(rebuilt)).toEqual(Object.keys(original));
      for (const [key, table] of Object.entries(original)) {
        expect(rebuilt[key]).toBeInstanceOf(Uint16Array);
        expect(Array.from(rebuilt[key]!)).toEqual(Array.from(table));
      }
    }
  });

  it("keeps lone surrogates and NUL units, and refuses an export that is not a Uint16Array", async () => {
    const table = Uint16Array.from([0xd800, 0, 0xdfff, 0x41, 0xd83d, 0xde00]);
    const { code } = await transform(formatDecodeTableModule({ table }), { format: "esm" });
    const rebuilt = (await import(
      `data:text/javascript;base64,${Buffer.from(code).toString("base64")}`
    )) as { table: Uint16Array };
    expect(Array.from(rebuilt.table)).toEqual(Array.from(table));
    expect(() => formatDecodeTableModule({ table: [1, 2] })).toThrow(/not a Uint16Array/);
  });
});

describe("formatLazyDecodeTableModule", () => {
  const fromRenderer = createRequire(new URL("../packages/renderer/package.json", import.meta.url));
  const dist = dirname(dirname(fromRenderer.resolve("entities/decode")));
  const html = pathToFileURL(join(dist, "esm", "generated", "decode-data-html.js")).href;

  const load = async (source: string) => {
    const { code } = await transform(source, { format: "esm", target: "node20" });
    return (await import(
      `data:text/javascript;base64,${Buffer.from(code).toString("base64")}`
    )) as {
      getTable: () => Uint16Array;
    };
  };

  it("builds entities' HTML table unit for unit on the first call, and the same table after", async () => {
    const { htmlDecodeTree } = (await import(html)) as { htmlDecodeTree: Uint16Array };
    const { getTable } = await load(formatLazyDecodeTableModule("getTable", htmlDecodeTree));
    const first = getTable();
    expect(first).toBeInstanceOf(Uint16Array);
    expect(Array.from(first)).toEqual(Array.from(htmlDecodeTree));
    expect(getTable()).toBe(first);
  });

  it("builds nothing at import: the units sit inside the getter", () => {
    const source = formatLazyDecodeTableModule("getTable", Uint16Array.from([0x41, 0x42]));
    const getter = source.indexOf("export function getTable()");
    expect(getter).toBeGreaterThan(-1);
    expect(source.indexOf('"AB"')).toBeGreaterThan(getter);
    expect(source.indexOf("new Uint16Array")).toBeGreaterThan(getter);
  });

  it("keeps lone surrogates and NUL units, and refuses a table that is not a Uint16Array", async () => {
    const table = Uint16Array.from([0xd800, 0, 0xdfff, 0x41, 0xd83d, 0xde00]);
    const { getTable } = await load(formatLazyDecodeTableModule("getTable", table));
    expect(Array.from(getTable())).toEqual(Array.from(table));
    expect(() => formatLazyDecodeTableModule("getTable", [1, 2])).toThrow(/Uint16Array/);
  });
});
