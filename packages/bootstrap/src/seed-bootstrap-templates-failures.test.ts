// What seeding does when the file system fails under it (root creates and looks at anything, so
// the failures of `open` and `lstat` are set here), and that it closes what it opens.
import type * as FsPromises from "node:fs/promises";
import type { FileHandle } from "node:fs/promises";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { createTempDir } from "@promptstack-tools/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BootstrapError } from "./bootstrap-error.js";
import { seedBootstrapTemplates } from "./seed-bootstrap-templates.js";

/** The rejection `open` (or `lstat`) gives for a path ending in the key; other paths work. */
const openFailures = vi.hoisted(() => new Map<string, unknown>());
const lstatFailures = vi.hoisted(() => new Map<string, unknown>());
/** The rejection a created file's `writeFile` gives, by the same keys. */
const writeFailures = vi.hoisted(() => new Map<string, unknown>());
/** Every handle `open` gave, to check each one is closed afterwards (`fd` is -1 then). */
const handles = vi.hoisted(() => [] as FileHandle[]);

function failureFor(failures: ReadonlyMap<string, unknown>, path: unknown): Promise<never> | null {
  for (const [name, reason] of failures) {
    // oxlint-disable-next-line typescript/prefer-promise-reject-errors -- some tests feed non-Errors
    if (String(path).endsWith(name)) return Promise.reject(reason);
  }
  return null;
}

vi.mock("node:fs/promises", async (importOriginal) => {
  const original = await importOriginal<typeof FsPromises>();
  return {
    ...original,
    open: async (...args: Parameters<typeof original.open>) => {
      const handle = await (failureFor(openFailures, args[0]) ?? original.open(...args));
      const writeFailure = failureFor(writeFailures, args[0]);
      if (writeFailure !== null) handle.writeFile = () => writeFailure;
      handles.push(handle);
      return handle;
    },
    lstat: (...args: Parameters<typeof original.lstat>) =>
      failureFor(lstatFailures, args[0]) ?? original.lstat(...args),
  };
});

afterEach(() => {
  openFailures.clear();
  lstatFailures.clear();
  writeFailures.clear();
  handles.length = 0;
});

const failure = (message: string, code?: string): Error =>
  Object.assign(new Error(message), code === undefined ? {} : { code });

describe("seedBootstrapTemplates' file handles", () => {
  it("closes every file it created", async () => {
    const workspace = createTempDir("bootstrap-seed-handles-");
    const result = await seedBootstrapTemplates(workspace);
    expect(result.created).toHaveLength(5);
    expect(handles.map((handle) => handle.fd)).toEqual([-1, -1, -1, -1, -1]);
  });
});

describe("seedBootstrapTemplates when a template cannot be created", () => {
  it("stops with BOOTSTRAP_SEED_FAILED when an entry cannot be looked at, and writes nothing", async () => {
    const workspace = createTempDir("bootstrap-seed-failure-");
    const cause = failure("EACCES: permission denied", "EACCES");
    lstatFailures.set("SOUL.md", cause);
    const error = await seedBootstrapTemplates(workspace).catch((thrown: unknown) => thrown);
    expect(BootstrapError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: "BOOTSTRAP_SEED_FAILED",
      message: `Cannot look at ${join(workspace, "SOUL.md")} (EACCES).`,
      path: join(workspace, "SOUL.md"),
      hint: "Check the workspace folder's permissions.",
      cause,
    });
    expect(await readdir(workspace)).toEqual([]);
  });

  it("stops with BOOTSTRAP_SEED_FAILED, naming the file and the error's code", async () => {
    const workspace = createTempDir("bootstrap-seed-failure-");
    const cause = failure("EACCES: permission denied", "EACCES");
    openFailures.set("IDENTITY.md", cause);
    const error = await seedBootstrapTemplates(workspace).catch((thrown: unknown) => thrown);
    expect(BootstrapError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      name: "BootstrapError",
      code: "BOOTSTRAP_SEED_FAILED",
      message: `Cannot create ${join(workspace, "IDENTITY.md")} (EACCES).`,
      path: join(workspace, "IDENTITY.md"),
      hint: "Check the workspace folder's permissions.",
      cause,
    });
    // The templates before the failing one were written; none after it.
    expect((await readdir(workspace)).sort()).toEqual(["AGENTS.md", "SOUL.md"]);
  });

  it("stops with BOOTSTRAP_SEED_FAILED when a created file cannot be written, and closes it", async () => {
    const workspace = createTempDir("bootstrap-seed-failure-");
    const cause = failure("ENOSPC: no space left on device", "ENOSPC");
    writeFailures.set("SOUL.md", cause);
    const error = await seedBootstrapTemplates(workspace).catch((thrown: unknown) => thrown);
    expect(BootstrapError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: "BOOTSTRAP_SEED_FAILED",
      message: `Cannot write ${join(workspace, "SOUL.md")} (ENOSPC).`,
      path: join(workspace, "SOUL.md"),
      hint: "Check the free space and the workspace folder's permissions.",
      cause,
    });
    expect(handles.map((handle) => handle.fd)).toEqual([-1, -1]);
  });

  it.each([
    ["an Error without a code", failure("boom")],
    ["an Error whose code is a number", Object.assign(new Error("boom"), { code: 13 })],
    ["a plain string", "boom"],
    ["null", null],
  ])("calls the error of %s an unknown error", async (_label, cause) => {
    const workspace = createTempDir("bootstrap-seed-failure-");
    openFailures.set("AGENTS.md", cause);
    const error = await seedBootstrapTemplates(workspace).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({
      code: "BOOTSTRAP_SEED_FAILED",
      message: `Cannot create ${join(workspace, "AGENTS.md")} (an unknown error).`,
      path: join(workspace, "AGENTS.md"),
      hint: "Check the workspace folder's permissions.",
    });
    expect((error as { cause: unknown }).cause).toBe(cause);
  });
});
