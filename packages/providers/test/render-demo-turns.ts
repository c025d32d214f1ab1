/**
 * Test helper: renders the demo workspace (`fixtures/workspaces/demo`) the way the CLI's
 * `load-render-run.ts` does — config, facts, bootstrap files, skills from the demo roots with the
 * demo's hermetic skill environment — with the per-turn date varied for each turn. Tests and
 * benches only: the providers package itself depends on the renderer alone.
 */
import { readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { loadBootstrapFiles } from "@promptstack/bootstrap";
import {
  buildConfiguredAgentSystemPrompt,
  loadConfigFile,
  parseRunFacts,
  resolveAgentSystemPromptConfig,
} from "@promptstack/config";
import type { RunFacts } from "@promptstack/config";
import type { RenderedPrompt, RuntimeFactsLocation } from "@promptstack/renderer";
import { discoverSkills, filterEligibleSkills, formatSkillsForPrompt } from "@promptstack/skills";
import type { SkillRoot } from "@promptstack/skills";
import type { ToolSpec } from "../src/index.js";

export const REPO_ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const DISPLAY_DIR = "fixtures/workspaces/demo";
const WORKSPACE = join(REPO_ROOT, DISPLAY_DIR);
const ROOTS = join(WORKSPACE, ".demo-roots");

function show(path: string): string {
  const rel = relative(WORKSPACE, path);
  if (rel === "") return DISPLAY_DIR;
  if (rel.startsWith("..")) return path;
  return `${DISPLAY_DIR}/${rel.split(sep).join("/")}`;
}

/** The demo, loaded once: render any turn's prompt from it. */
export interface DemoWorkspace {
  readonly facts: RunFacts;
  readonly tools: readonly ToolSpec[];
  /** Renders the demo prompt for turn `n` (1-based), dated 2026-11-29 plus n - 1 days. */
  readonly render: (turn: number, location?: RuntimeFactsLocation) => RenderedPrompt;
}

/** Loads the demo workspace's config, facts, bootstrap files and skills. */
export async function loadDemoWorkspace(): Promise<DemoWorkspace> {
  const config = (await loadConfigFile(join(WORKSPACE, "config.json5"))).config;
  const rawFacts: unknown = JSON.parse(await readFile(join(WORKSPACE, "facts.json"), "utf8"));
  const facts = parseRunFacts(rawFacts, { source: "facts.json" });
  const resolved = resolveAgentSystemPromptConfig(config, {
    agentId: "main",
    sessionKind: facts.sessionKind,
    promptMode: "full",
  });
  const bootstrap = await loadBootstrapFiles({
    workspaceDir: WORKSPACE,
    sessionKind: facts.sessionKind,
    budgets: {
      maxChars: resolved.budgets.bootstrapMaxChars,
      totalMaxChars: resolved.budgets.bootstrapTotalMaxChars,
    },
  });
  const environment = JSON.parse(await readFile(join(ROOTS, "environment.json"), "utf8")) as {
    platform: string;
    bins: string[];
    env: Record<string, string>;
  };
  const roots: SkillRoot[] = [
    { tier: "plugin", dir: join(ROOTS, "plugins", "voice-call", "skills"), pluginId: "voice-call" },
    { tier: "bundled", dir: join(ROOTS, "bundled") },
    { tier: "managed", dir: join(ROOTS, "managed") },
    { tier: "workspace", dir: join(WORKSPACE, ".agents", "skills") },
    { tier: "workspace", dir: join(WORKSPACE, "skills") },
  ];
  const discovered = await discoverSkills(roots);
  const skills = discovered.skills.map((skill) => ({
    ...skill,
    path: show(skill.path),
    dir: show(skill.dir),
  }));
  const { eligible } = filterEligibleSkills(skills, {
    platform: environment.platform,
    env: environment.env,
    config,
    hasBin: (name) => environment.bins.includes(name),
    enabledPlugins: resolved.enabledPlugins,
    ...(resolved.skillsAllowlist === undefined ? {} : { allowlist: resolved.skillsAllowlist }),
    entries: resolved.skillEntries,
  });
  const formatted = formatSkillsForPrompt(eligible, {
    maxSkills: resolved.budgets.maxSkillsInPrompt,
    maxChars: resolved.budgets.maxSkillsPromptChars,
    homeDir: "/home/demo",
  });
  const contextFiles = bootstrap.contextFiles.map((file) => ({ ...file, path: show(file.path) }));
  const tools: ToolSpec[] = facts.tools.map((tool) => ({
    name: tool.name,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    ...(tool.parameters === undefined ? {} : { inputSchema: tool.parameters }),
  }));
  const render = (turn: number, location?: RuntimeFactsLocation): RenderedPrompt => {
    // Time Context shows the calendar date only, so the per-turn fact that moves here is the
    // date: one day per turn, the case where a system-tail layout loses its history cache.
    const date = new Date(Date.UTC(2026, 10, 29 + (turn - 1))).toISOString().slice(0, 10);
    return buildConfiguredAgentSystemPrompt({
      config,
      agentId: "main",
      facts: { ...facts, time: { ...facts.time, date } },
      promptMode: "full",
      contextFiles,
      bootstrapTruncated: bootstrap.truncated,
      bootstrapPending: bootstrap.bootstrapPending,
      ...(formatted.text === "" ? {} : { skillsPrompt: formatted.text }),
      overrides: {
        workspaceDir: DISPLAY_DIR,
        ...(location === undefined ? {} : { runtimeFactsLocation: location }),
      },
    }).prompt;
  };
  return { facts, tools, render };
}
