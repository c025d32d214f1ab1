import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { createTempDir } from "@promptstack-tools/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readCliVersion } from "./read-cli-version.js";

const packageDir = vi.hoisted(() => ({ current: undefined as string | undefined }));

// The manifest read is the CLI's own; a test points it at a package folder of its own.
vi.mock("./discover-cli-package-dir.js", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./discover-cli-package-dir.js")>();
  return {
    ...actual,
    discoverCliPackageDir: () => packageDir.current ?? actual.discoverCliPackageDir(),
  };
});

afterEach(() => {
  packageDir.current = undefined;
});

function packageWith(manifest: Record<string, unknown>): string {
  const dir = createTempDir("promptstack-cli-version-");
  writeFileSync(join(dir, "package.json"), JSON.stringify(manifest));
  return dir;
}

describe("readCliVersion", () => {
  it("reads the version of the package's manifest", () => {
    packageDir.current = packageWith({ name: "@promptstack/cli", version: "1.2.3-rc.4" });
    expect(readCliVersion()).toBe("1.2.3-rc.4");
  });

  it('says "unknown" for a manifest without a string version', () => {
    packageDir.current = packageWith({ name: "@promptstack/cli" });
    expect(readCliVersion()).toBe("unknown");
    packageDir.current = packageWith({ name: "@promptstack/cli", version: 1 });
    expect(readCliVersion()).toBe("unknown");
  });
});
