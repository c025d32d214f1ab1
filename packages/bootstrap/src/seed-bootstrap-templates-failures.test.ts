// What seeding does when creating a template fails for a reason other than an existing entry.
// Root creates files in any folder, whatever its mode, so the failure of `open` is set here.
import type * as FsPromises from "node:fs/promises";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { createTempDir } from "@promptstack-tools/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BootstrapError } from "./bootstrap-error.js";
import { seedBootstrapTemplates } from "./seed-bootstrap-templates.js";

/** The rejection `open` gives for a path ending in the key; other paths open normally. */
const openFailures = vi.hoisted(() => new Map<string, unknown>());

vi.mock("node:fs/promises", async (importOriginal) => {
  const original = await importOriginal<typeof FsPromises>();
  return {
    ...original,
    open: (...args: Parameters<typeof original.open>) => {
      const [path] = args;
      for (const [name, reason] of openFailures) {
        // oxlint-disable-next-line typescript/prefer-promise-reject-errors -- some tests feed non-Errors
        if (String(path).endsWith(name)) return Promise.reject(reason);
      }
      return original.open(...args);
    },
  };
});

afterEach(() => openFailures.clear());

const failure = (message: string, code?: string): Error =>
  Object.assign(new Error(message), code === undefined ? {} : { code });

describe("seedBootstrapTemplates when a template cannot be created", () => {
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
