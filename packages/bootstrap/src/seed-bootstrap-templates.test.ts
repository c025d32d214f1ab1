import {
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  rm,
  symlink,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BootstrapError } from "./bootstrap-error.js";
import { BOOTSTRAP_TEMPLATES } from "./bootstrap-templates.js";
import { seedBootstrapTemplates } from "./seed-bootstrap-templates.js";

let root: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "bootstrap-seed-"));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("seedBootstrapTemplates", () => {
  it("seeds every template, BOOTSTRAP.md included, into a brand-new workspace", async () => {
    const workspace = join(root, "new-workspace");
    const result = await seedBootstrapTemplates(workspace);
    expect(result).toEqual({
      created: ["AGENTS.md", "SOUL.md", "IDENTITY.md", "USER.md", "BOOTSTRAP.md"],
      existing: [],
    });
    expect(await readFile(join(workspace, "SOUL.md"), "utf8")).toBe(BOOTSTRAP_TEMPLATES["SOUL.md"]);
  });

  it("fills gaps without BOOTSTRAP.md in a workspace that already has a persona file", async () => {
    await writeFile(join(root, "USER.md"), "mine");
    const result = await seedBootstrapTemplates(root);
    expect(result.created).toEqual(["AGENTS.md", "SOUL.md", "IDENTITY.md"]);
    expect(result.existing).toEqual(["USER.md"]);
    expect(await readFile(join(root, "USER.md"), "utf8")).toBe("mine");
    expect(await readdir(root)).not.toContain("BOOTSTRAP.md");
  });

  it("never overwrites, even when two seeders race", async () => {
    const results = await Promise.all([seedBootstrapTemplates(root), seedBootstrapTemplates(root)]);
    const created = results.flatMap((r) => r.created).sort();
    expect(new Set(created).size).toBe(created.length);
    for (const name of ["AGENTS.md", "SOUL.md", "IDENTITY.md", "USER.md"]) {
      expect(created).toContain(name);
    }
  });

  it("does not follow a dangling symlink that has a template's name", async () => {
    const target = join(root, "outside-target.md");
    const workspace = join(root, "ws");
    await mkdir(workspace);
    await symlink(target, join(workspace, "SOUL.md"));
    const result = await seedBootstrapTemplates(workspace);
    expect(result.existing).toContain("SOUL.md");
    expect(await readlink(join(workspace, "SOUL.md"))).toBe(target);
    await expect(lstat(target)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("writes only into the configured workspace, never into an execution folder", async () => {
    const workspace = join(root, "ws");
    const execution = join(root, "repo");
    await mkdir(execution);
    await seedBootstrapTemplates(workspace);
    expect(await readdir(execution)).toEqual([]);
  });

  it("rejects a relative path and a workspace that cannot be created", async () => {
    await expect(seedBootstrapTemplates("relative/ws")).rejects.toSatisfy(
      (error: unknown) =>
        BootstrapError.isInstance(error) && error.code === "BOOTSTRAP_INVALID_OPTIONS",
    );
    await writeFile(join(root, "file"), "x");
    await expect(seedBootstrapTemplates(join(root, "file", "ws"))).rejects.toMatchObject({
      code: "BOOTSTRAP_BAD_WORKSPACE",
    });
  });
});
