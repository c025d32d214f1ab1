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

  it("says what, where and how to fix when it refuses", async () => {
    await expect(seedBootstrapTemplates("relative/ws")).rejects.toMatchObject({
      code: "BOOTSTRAP_INVALID_OPTIONS",
      message: 'workspaceDir must be an absolute path, got "relative/ws".',
      path: "workspaceDir",
      hint: "Resolve the workspace path before seeding.",
    });
    await expect(seedBootstrapTemplates(undefined as unknown as string)).rejects.toMatchObject({
      message: 'workspaceDir must be an absolute path, got "undefined".',
    });
    await writeFile(join(root, "file"), "x");
    const workspace = join(root, "file", "ws");
    const failure = await seedBootstrapTemplates(workspace).catch((error: unknown) => error);
    expect(failure).toMatchObject({
      code: "BOOTSTRAP_BAD_WORKSPACE",
      message: `Cannot create the workspace folder ${workspace} (ENOTDIR).`,
      path: workspace,
      hint: "Point the agent workspace at a writable folder.",
      cause: expect.objectContaining({ code: "ENOTDIR" }),
    });
  });

  it("counts a folder with a template's name as existing, and writes the other templates whole", async () => {
    const workspace = join(root, "ws");
    await mkdir(join(workspace, "SOUL.md"), { recursive: true });
    const result = await seedBootstrapTemplates(workspace);
    expect(result).toEqual({
      created: ["AGENTS.md", "IDENTITY.md", "USER.md"],
      existing: ["SOUL.md"],
    });
    for (const name of result.created) {
      expect(await readFile(join(workspace, name), "utf8")).toBe(BOOTSTRAP_TEMPLATES[name]);
    }
  });
});
