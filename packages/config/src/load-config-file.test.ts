import { execFileSync } from "node:child_process";
import { mkdtemp, rm, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError } from "./config-error.js";
import { loadConfigFile, MAX_CONFIG_FILE_BYTES } from "./load-config-file.js";

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "promptstack-config-"));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function write(name: string, content: string | Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

async function loadError(path: string): Promise<ConfigError> {
  const error: unknown = await loadConfigFile(path).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(ConfigError.isInstance(error)).toBe(true);
  return error as ConfigError;
}

describe("loadConfigFile", () => {
  it("reads JSON", async () => {
    const path = await write("c.json", '{"agents":{"defaults":{"workspace":"/w"}}}');
    expect((await loadConfigFile(path)).config.agents?.defaults?.workspace).toBe("/w");
  });

  it("strips one byte-order mark only: a second one counts in the error's column", async () => {
    const path = await write("two-boms.json5", "\uFEFF\uFEFF{ a: }");
    const error = await loadError(path);
    expect(error.message).toBe(`${path}:1:7: not valid JSON or JSON5 (invalid character '}')`);
  });

  it("reads JSON5 with comments, trailing commas and a BOM", async () => {
    const path = await write("c.json5", "\uFEFF// c\n{ tools: { updatePlan: false, }, }\n");
    expect((await loadConfigFile(path)).config).toEqual({ tools: { updatePlan: false } });
  });

  it("warns about a key set twice (CONFIG_DUPLICATE_KEY) and keeps the last value, as JSON5 does", async () => {
    const path = await write(
      "dup.json5",
      "{\n  tools: { updatePlan: true },\n  'tools': { updatePlan: false },\n}\n",
    );
    const parsed = await loadConfigFile(path);
    expect(parsed.config).toEqual({ tools: { updatePlan: false } });
    expect(parsed.diagnostics).toEqual([
      expect.objectContaining({
        code: "CONFIG_DUPLICATE_KEY",
        severity: "warning",
        path: "tools",
        message: `tools is set 2 times in ${path} (lines 2, 3); only the last value is used`,
      }),
    ]);
  });

  it("names file, line and column on a syntax error", async () => {
    const path = await write(
      "bad.json5",
      "{\n  agents: {\n    defaults: { workspace: '/w' ]\n  }\n}\n",
    );
    const error = await loadError(path);
    expect(error.code).toBe("CONFIG_SYNTAX");
    expect(error.message.startsWith(`${path}:3:33: `)).toBe(true);
  });

  it.each([
    ["binary garbage", Buffer.from([0x00, 0x13, 0x37, 0x7f])],
    ["YAML", "agents:\n  defaults:\n    workspace: /w\n"],
    ["an empty file", ""],
  ])("rejects a file that is %s as CONFIG_SYNTAX", async (_name, content) => {
    const path = await write(`not-json-${_name.length}.json`, content);
    const error = await loadError(path);
    expect(error.code).toBe("CONFIG_SYNTAX");
    expect(error.message).toContain(path);
    expect(error.message).not.toMatch(/\[object Object\]|undefined/);
  });

  it("refuses a file over the size cap before parsing it", async () => {
    const path = await write("huge.json", "");
    await truncate(path, MAX_CONFIG_FILE_BYTES + 1);
    const error = await loadError(path);
    expect(error.code).toBe("CONFIG_READ_FAILED");
    expect(error.message).toContain(`larger than ${MAX_CONFIG_FILE_BYTES} bytes`);
  });

  it("reads a file of exactly the size cap", async () => {
    const body = '{"tools":{"updatePlan":false}}';
    const path = await write("at-cap.json", body + " ".repeat(MAX_CONFIG_FILE_BYTES - body.length));
    expect((await loadConfigFile(path)).config).toEqual({ tools: { updatePlan: false } });
  });

  it("rejects invalid UTF-8 instead of silently replacing bytes in values", async () => {
    const path = await write(
      "latin1.json",
      Buffer.concat([
        Buffer.from('{"agents":{"defaults":{"ownerDisplay":"J'),
        Buffer.from([0xfc]),
        Buffer.from('rgen"}}}'),
      ]),
    );
    const error = await loadError(path);
    expect(error.code).toBe("CONFIG_READ_FAILED");
    expect(error.message).toBe(`Config file ${path} is not valid UTF-8 text`);
  });

  it("reports a FIFO as CONFIG_READ_FAILED without blocking", async () => {
    const path = join(dir, "config.fifo");
    execFileSync("mkfifo", [path]);
    const error = await loadError(path);
    expect(error.code).toBe("CONFIG_READ_FAILED");
    expect(error.message).toContain("not a regular file");
  });

  it("reports a missing file as CONFIG_NOT_FOUND", async () => {
    const error = await loadError(join(dir, "missing.json5"));
    expect(error.code).toBe("CONFIG_NOT_FOUND");
  });

  it("reports a directory as CONFIG_READ_FAILED", async () => {
    expect((await loadError(dir)).code).toBe("CONFIG_READ_FAILED");
  });

  it("reports invalid content as CONFIG_INVALID naming the file", async () => {
    const path = await write(
      "invalid.json5",
      "{ agents: { defaults: { bootstrapMaxChars: -1 } } }",
    );
    const error = await loadError(path);
    expect(error.code).toBe("CONFIG_INVALID");
    expect(error.message).toContain(`Invalid ${path}`);
    expect(error.message).toContain("agents.defaults.bootstrapMaxChars: must be greater than 0");
  });

  it("rejects a deeply nested file without overflowing the stack", async () => {
    const depth = 5_000;
    const path = await write("deep.json", `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`);
    const error = await loadError(path);
    expect(["CONFIG_INVALID", "CONFIG_SYNTAX"]).toContain(error.code);
  });
});

describe("loadConfigFile errors say what, where and how to fix (issue 36)", () => {
  it("a missing file", async () => {
    const path = join(dir, "missing.json5");
    expect(await loadError(path)).toMatchObject({
      code: "CONFIG_NOT_FOUND",
      message: `Config file not found: ${path}`,
      path,
      hint: "Check the path, or leave the option out to use built-in defaults.",
    });
  });

  it("a FIFO, an oversized file and invalid UTF-8", async () => {
    const fifo = join(dir, "errors.fifo");
    execFileSync("mkfifo", [fifo]);
    const fifoError = await loadError(fifo);
    expect(fifoError).toMatchObject({
      code: "CONFIG_READ_FAILED",
      message: `Config path ${fifo} is not a regular file`,
      path: fifo,
      hint: "Pass the path of a .json or .json5 file.",
    });
    expect(fifoError.cause).toBeUndefined();
    const huge = await write("errors-huge.json", "");
    await truncate(huge, MAX_CONFIG_FILE_BYTES + 1);
    expect(await loadError(huge)).toMatchObject({
      code: "CONFIG_READ_FAILED",
      message: `Config file ${huge} is larger than ${MAX_CONFIG_FILE_BYTES} bytes`,
      path: huge,
      hint: "A config file holds settings, not data; shorten it.",
    });
    const latin1 = await write("errors-latin1.json", Buffer.from([0x7b, 0xfc, 0x7d]));
    const utf8Error = await loadError(latin1);
    expect(utf8Error).toMatchObject({
      code: "CONFIG_READ_FAILED",
      message: `Config file ${latin1} is not valid UTF-8 text`,
      path: latin1,
      hint: "Re-save the file as UTF-8.",
    });
    expect(utf8Error.cause).toBeInstanceOf(TypeError);
  });

  it("a path the system cannot read, with the system's error as the cause", async () => {
    const path = join(dir, "x".repeat(300));
    const error = await loadError(path);
    expect(error).toMatchObject({
      code: "CONFIG_READ_FAILED",
      message: `Cannot read config file ${path} (ENAMETOOLONG)`,
      path,
      hint: "Pass a readable regular file.",
    });
    expect(error.cause).toMatchObject({ code: "ENAMETOOLONG" });
  });
});
