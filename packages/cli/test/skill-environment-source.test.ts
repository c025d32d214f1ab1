import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createTempDir } from "@promptstack-tools/test-utils";
import { describe, expect, it } from "vitest";
import type { RenderOutput } from "../src/output/render-output-schema.js";
import { runCli } from "../src/run-cli.js";
import { createTestIo } from "./create-test-io.js";

describe("the skill environment a render gates skills with", () => {
  it("a workspace of its own: the CLI's environment (not the demo's)", async () => {
    const root = createTempDir("promptstack-skill-env-source-");
    const skill = join(root, "workspace", "skills", "deploy");
    mkdirSync(skill, { recursive: true });
    writeFileSync(join(root, "workspace", "AGENTS.md"), "# Rules\nBe brief.\n");
    writeFileSync(
      join(skill, "SKILL.md"),
      '---\nname: deploy\ndescription: Deploy the site.\nmetadata: {"openclaw": {"requires": {"env": ["DEPLOY_TOKEN"]}}}\n---\n\n# Deploy\n',
    );
    const skillsWith = async (env: Record<string, string>) => {
      const io = createTestIo({ cwd: root, env: { HOME: root, ...env } });
      expect(await runCli(["render", "--workspace", "workspace", "--json"], io), io.err).toBe(0);
      const { eligible, included } = (JSON.parse(io.out) as RenderOutput).skills;
      return { eligible, included };
    };
    expect(await skillsWith({ DEPLOY_TOKEN: "t" })).toEqual({ eligible: 1, included: 1 });
    expect(await skillsWith({})).toEqual({ eligible: 0, included: 0 });
  });
});
