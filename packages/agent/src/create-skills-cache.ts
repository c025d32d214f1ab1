import type { PromptstackConfig, ResolvedAgentPromptConfig } from "@promptstack/config";
import type { Diagnostic } from "@promptstack/core";
import {
  createSkillsCatalog,
  filterEligibleSkills,
  formatSkillsForPrompt,
  resolveSkillListing,
} from "@promptstack/skills";
import type {
  DiscoverSkillsResult,
  FormattedSkillsPrompt,
  Skill,
  SkillRoot,
  SkillsCatalog,
} from "@promptstack/skills";
import type { AgentSkill, SkillEnvironment } from "./agent-types.js";
import type { DisplayPaths } from "./create-display-paths.js";
import { readFileStamp } from "./read-file-stamp.js";

const MANUAL_REASON = "listing is manual: not listed; runs only when a user names it";

/** The skills of one turn: every discovered skill, the formatted list and its diagnostics. */
export interface SkillsListing {
  readonly all: readonly AgentSkill[];
  readonly eligible: number;
  readonly formatted: FormattedSkillsPrompt;
  readonly diagnostics: readonly Diagnostic[];
}

/** What one listing depends on besides the scanned roots. */
export interface SkillsListingRequest {
  readonly config: PromptstackConfig;
  /** Bumped on every config load. */
  readonly configGeneration: number;
  readonly resolved: ResolvedAgentPromptConfig;
  /** Identifies `resolved` (session kind and prompt mode). */
  readonly resolvedKey: string;
  /** Roots whose absence is normal (the workspace's own skill folders): no diagnostic. */
  readonly quiet: ReadonlySet<string>;
}

/** The assembler's skills state: the scanned catalog and the last listing. */
export interface SkillsCache {
  /** Walks the roots again when a root's stat changed or a rescan was asked; true when it did. */
  scan(roots: readonly SkillRoot[]): Promise<boolean>;
  /** The listing of the last scan for this config and agent, formatted within its budget. */
  list(request: SkillsListingRequest): SkillsListing;
  /** The next `scan` walks the roots whatever their stat. */
  forceRescan(): void;
}

interface ScanState {
  readonly key: string;
  readonly catalog: SkillsCatalog;
  readonly stamps: readonly string[];
  readonly result: DiscoverSkillsResult;
  readonly generation: number;
}

function compareByName(a: { readonly name: string }, b: { readonly name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/**
 * Creates the skills cache: the catalog is walked again only when a root folder's stat changed
 * or after `forceRescan()`; the listing is formatted again only when the scan, the config or the
 * agent's resolution changed.
 */
export function createSkillsCache(options: {
  readonly environment: SkillEnvironment;
  readonly paths: DisplayPaths;
  readonly homeDir?: string;
}): SkillsCache {
  let scanned: ScanState | undefined;
  let listed: (SkillsListing & { readonly key: string }) | undefined;
  let rescan = false;
  return {
    async scan(roots) {
      const key = JSON.stringify(roots);
      const stamps = await Promise.all(roots.map((root) => readFileStamp(root.dir)));
      if (scanned !== undefined && scanned.key === key && !rescan) {
        const previous = scanned.stamps;
        if (stamps.every((stamp, index) => stamp === previous[index])) return false;
      }
      rescan = false;
      const catalog = scanned?.key === key ? scanned.catalog : createSkillsCatalog(roots);
      const result = await catalog.scan();
      scanned = { key, catalog, stamps, result, generation: (scanned?.generation ?? 0) + 1 };
      return true;
    },
    list(request) {
      if (scanned === undefined) throw new Error("createSkillsCache: list() before scan()");
      const key = `${scanned.generation}\0${request.configGeneration}\0${request.resolvedKey}`;
      if (listed !== undefined && listed.key === key) return listed;
      listed = { key, ...buildSkillsListing(scanned.result, request, options) };
      return listed;
    },
    forceRescan() {
      rescan = true;
    },
  };
}

/** Gates, listing config and the budget ladder over one scan. Pure. */
function buildSkillsListing(
  result: DiscoverSkillsResult,
  request: SkillsListingRequest,
  options: {
    readonly environment: SkillEnvironment;
    readonly paths: DisplayPaths;
    readonly homeDir?: string;
  },
): SkillsListing {
  const { resolved } = request;
  const { environment, paths } = options;
  const shown: Skill[] = result.skills.map((skill) => ({
    ...skill,
    path: paths.show(skill.path),
    dir: paths.show(skill.dir),
  }));
  const { eligible, excluded } = filterEligibleSkills(shown, {
    platform: environment.platform,
    env: environment.env,
    config: request.config,
    hasBin: environment.hasBin,
    enabledPlugins: resolved.enabledPlugins,
    ...(resolved.skillsAllowlist === undefined ? {} : { allowlist: resolved.skillsAllowlist }),
    entries: resolved.skillEntries,
  });
  // Listing config applies after eligibility and before the budget ladder.
  const formattable = eligible.map((skill) => {
    const { listing, priority } = resolveSkillListing(skill, resolved.skillEntries);
    if (listing === "normal" && priority === 0) return skill;
    // A fresh literal, not a spread: objects grown by a spread are slow to read in long lists.
    const { name, description, path, contentHash } = skill;
    return contentHash === undefined
      ? { name, description, path, listing, priority }
      : { name, description, path, contentHash, listing, priority };
  });
  const formatted = formatSkillsForPrompt(formattable, {
    maxSkills: resolved.budgets.maxSkillsInPrompt,
    maxChars: resolved.budgets.maxSkillsPromptChars,
    versionMarkers: resolved.skillVersionMarkers,
    ...(options.homeDir === undefined ? {} : { homeDir: options.homeDir }),
  });
  const entryByName = new Map(
    formatted.included.map((name, index) => [name, formatted.entries[index]]),
  );
  const outcomeByName = new Map(formatted.skills.map((outcome) => [outcome.name, outcome]));
  const all: AgentSkill[] = [
    ...eligible.map((skill): AgentSkill => {
      const entryText = entryByName.get(skill.name);
      const outcome = outcomeByName.get(skill.name);
      const { listing, priority } = resolveSkillListing(skill, resolved.skillEntries);
      return {
        name: skill.name,
        tier: skill.tier,
        path: skill.path,
        status: entryText === undefined ? "omitted" : "included",
        ...(listing === "manual" ? { reason: MANUAL_REASON } : {}),
        listing,
        priority,
        ...(outcome === undefined ? {} : { form: outcome.form }),
        ...(outcome?.cause === undefined ? {} : { formCause: outcome.cause }),
        ...(entryText === undefined ? {} : { entryText }),
      };
    }),
    ...excluded.map(({ skill, gate, reason }): AgentSkill => ({
      name: skill.name,
      tier: skill.tier,
      path: skill.path,
      status: "excluded",
      gate,
      reason,
      ...resolveSkillListing(skill, resolved.skillEntries),
    })),
  ].sort(compareByName);
  const quietShown = new Set([...request.quiet].map(paths.show));
  const diagnostics = result.diagnostics
    .map(paths.showDiagnostic)
    .filter(
      (diagnostic) =>
        diagnostic.code !== "SKILLS_ROOT_MISSING" ||
        diagnostic.path === undefined ||
        !quietShown.has(diagnostic.path),
    );
  return { all, eligible: eligible.length, formatted, diagnostics };
}
