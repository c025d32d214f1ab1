import { homedir } from "node:os";
import { describe, expect, it } from "vitest";
import { createTestIo } from "../../test/create-test-io.js";
import { resolveHomeDir } from "./resolve-home-dir.js";

describe("resolveHomeDir", () => {
  it("takes HOME from the injected environment", () => {
    expect(resolveHomeDir(createTestIo({ env: { HOME: "/home/ada" } }))).toBe("/home/ada");
  });

  it("asks the OS when HOME is unset or empty", () => {
    expect(resolveHomeDir(createTestIo({ env: {} }))).toBe(homedir());
    expect(resolveHomeDir(createTestIo({ env: { HOME: "" } }))).toBe(homedir());
  });
});
