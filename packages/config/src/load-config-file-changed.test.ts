import { describe, expect, it, vi } from "vitest";

// A file that changes during the read cannot be staged reliably: the bounded read reports it.
vi.mock("@promptstack/safe-read", () => ({
  readBoundedFile: () =>
    Promise.resolve({
      kind: "refused",
      reason: "changed",
      detail: "the file grew while it was read",
    }),
}));

const { loadConfigFile } = await import("./load-config-file.js");

describe("loadConfigFile on a file that changes while it is read", () => {
  it("refuses it and says to load it again", async () => {
    const error: unknown = await loadConfigFile("/cfg/p.json").catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: "CONFIG_READ_FAILED",
      message: "Config file /cfg/p.json changed while it was read",
      path: "/cfg/p.json",
      hint: "Load it again once whatever writes it has finished.",
    });
    expect((error as Error).cause).toBeUndefined();
  });
});
