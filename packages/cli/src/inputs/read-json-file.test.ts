import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, symlink, truncate, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createTempDir, rejectedBy } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import { CliError } from "../cli-error.js";
import { MAX_JSON_FILE_BYTES, readJsonFile } from "./read-json-file.js";

/** What `readJsonFile` rejects with; fails the test when it resolves. */
async function refusalOf(path: string, shown = "facts.json"): Promise<CliError> {
  const error = await rejectedBy(readJsonFile(path, shown, "CLI_FACTS_INVALID", "facts"));
  expect(error).toBeInstanceOf(CliError);
  return error as CliError;
}

describe("readJsonFile", () => {
  it("parses a file, a leading byte-order mark left out", async () => {
    const dir = createTempDir("promptstack-read-json-");
    const file = join(dir, "facts.json");
    await writeFile(file, '\uFEFF{ "sender": "Ada" }\n');
    expect(await readJsonFile(file, "facts.json", "CLI_FACTS_INVALID", "facts")).toEqual({
      sender: "Ada",
    });
  });

  it("leaves out only one byte-order mark: a second one is text, which is not JSON", async () => {
    const dir = createTempDir("promptstack-read-json-");
    const file = join(dir, "facts.json");
    await writeFile(file, '\uFEFF\uFEFF{ "sender": "Ada" }\n');
    const error = await refusalOf(file);
    expect(error).toMatchObject({
      code: "CLI_FACTS_INVALID",
      message: `facts file facts.json is not valid JSON: ${syntaxMessageOf('\uFEFF{ "sender": "Ada" }\n')}.`,
      path: "facts.json",
      hint: "Fix the JSON syntax at that position.",
    });
  });

  it("names the line and column of a syntax error, under the caller's code", async () => {
    const dir = createTempDir("promptstack-read-json-");
    const file = join(dir, "facts.json");
    await writeFile(file, '{\n  "sender": "Ada",\n  "tools": [1 2]\n}\n');
    const error = await refusalOf(file);
    expect(error).toMatchObject({
      code: "CLI_FACTS_INVALID",
      message:
        "facts file facts.json is not valid JSON: Expected ',' or ']' after array element at line 3, column 15.",
      path: "facts.json",
      hint: "Fix the JSON syntax at that position.",
    });
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });

  it("names the line and column of an error at a one-digit position", async () => {
    const dir = createTempDir("promptstack-read-json-");
    const file = join(dir, "facts.json");
    await writeFile(file, "[1 2]");
    expect(await refusalOf(file)).toMatchObject({
      code: "CLI_FACTS_INVALID",
      message:
        "facts file facts.json is not valid JSON: Expected ',' or ']' after array element at line 1, column 4.",
    });
  });

  it("keeps the parser's own words when they name no position", async () => {
    const dir = createTempDir("promptstack-read-json-");
    const file = join(dir, "facts.json");
    await writeFile(file, '{ "sender": Ada }');
    expect(await refusalOf(file)).toMatchObject({
      code: "CLI_FACTS_INVALID",
      message: `facts file facts.json is not valid JSON: ${syntaxMessageOf('{ "sender": Ada }')}.`,
    });
  });

  it("refuses a missing file, with a hint to leave the flag out", async () => {
    const dir = createTempDir("promptstack-read-json-");
    expect(await refusalOf(join(dir, "nope.json"), "nope.json")).toMatchObject({
      code: "CLI_FILE_MISSING",
      message: "facts file nope.json does not exist.",
      path: "nope.json",
      hint: "Check the path, or leave the flag out to use the default facts.",
    });
  });

  it("refuses a folder and a FIFO (without blocking), each with its fix", async () => {
    const dir = createTempDir("promptstack-read-json-");
    await mkdir(join(dir, "facts"));
    expect(await refusalOf(join(dir, "facts"), "facts")).toMatchObject({
      code: "CLI_FILE_MISSING",
      message: "facts file facts is a folder, not a file.",
      path: "facts",
      hint: "Check the path, or leave the flag out to use the default facts.",
    });
    execFileSync("mkfifo", [join(dir, "fifo")]);
    expect(await refusalOf(join(dir, "fifo"), "fifo")).toMatchObject({
      code: "CLI_FILE_MISSING",
      message: "facts file fifo is not a regular file.",
      path: "fifo",
      hint: "Pass a JSON file as the facts.",
    });
  });

  it("refuses a file one byte over the limit without reading it", async () => {
    const dir = createTempDir("promptstack-read-json-");
    const file = join(dir, "facts.json");
    await writeFile(file, "");
    await truncate(file, MAX_JSON_FILE_BYTES + 1);
    expect(await refusalOf(file)).toMatchObject({
      code: "CLI_FILE_MISSING",
      message: `facts file facts.json is larger than ${MAX_JSON_FILE_BYTES} bytes.`,
      hint: "A facts file describes one run; shorten it.",
    });
  });

  it("refuses a link loop as unreadable, naming the error and keeping it as the cause", async () => {
    const dir = createTempDir("promptstack-read-json-");
    await symlink(join(dir, "b.json"), join(dir, "a.json"));
    await symlink(join(dir, "a.json"), join(dir, "b.json"));
    const error = await refusalOf(join(dir, "a.json"), "a.json");
    expect(error).toMatchObject({
      code: "CLI_FILE_MISSING",
      message: "facts file a.json cannot be read (ELOOP).",
      hint: "Check the path, or leave the flag out to use the default facts.",
    });
    expect(error.cause).toMatchObject({ code: "ELOOP" });
  });

  // A /proc file reports size 0 and then yields bytes: to the reader it grew while it was read.
  it.runIf(existsSync("/proc/self/status"))(
    "refuses a file that grows while it is read",
    async () => {
      expect(await refusalOf("/proc/self/status", "/proc/self/status")).toMatchObject({
        code: "CLI_FILE_MISSING",
        message: "facts file /proc/self/status changed while it was read.",
        hint: "Run again once whatever writes it has finished.",
      });
    },
  );
});

function syntaxMessageOf(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected a syntax error");
}
