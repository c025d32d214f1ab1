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
/** The reason an eligible skill is omitted on a run without a `read` tool. */
export const NO_READ_REASON = "no `read` tool this run: the model could not open its SKILL.md";

/** The skills of one turn: every discovered skill, the formatted list and its diagnostics. */
export interface SkillsListing {
  readonly all: readonly AgentSkill[];
  readonly eligible: number;
  /** The list as this run's prompt shows it (nothing listed without a `read` tool). */
  readonly formatted: FormattedSkillsPrompt;
  /**
   * The `<available_skills>` text for the renderer input, also without a `read` tool: the
   * embedded Skills section needs `read` and leaves it out, while the Codex harness, whose model
   * reads files natively, still routes it.
   */
  readonly listingText: string;
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
  /**
   * The run has a `read` tool. Without one the renderer leaves the Skills section out, so the
   * listing reports every would-be listed skill as omitted, with the reason.
   */
  readonly readTool: boolean;
}

/** One scan's outcome: whether the roots were walked again, and the listing over it. */
export interface SkillsScan {
  readonly rescanned: boolean;
  /** The listing of this scan for this config and agent, formatted within its budget. */
  list(request: SkillsListingRequest): SkillsListing;
}

/** The assembler's skills state: the scanned catalog and the last listing. */
export interface SkillsCache {
  /**
   * Walks the roots again when a root folder's stat or a discovered SKILL.md's stat changed, or
   * a rescan was asked. An edit inside an existing SKILL.md changes only that file's stat, so
   * each one is stat'ed (metadata only) on every turn.
   */
  scan(roots: readonly SkillRoot[]): Promise<SkillsScan>;
  /** The next `scan` walks the roots whatever their stat. */
  forceRescan(): void;
}

interface ScanState {
  readonly key: string;
  readonly catalog: SkillsCatalog;
  readonly stamps: readonly string[];
  /** One stamp per discovered SKILL.md, parallel to `result.skills`. */
  readonly skillStamps: readonly string[];
  readonly result: DiscoverSkillsResult;
  readonly generation: number;
}

async function isUnchanged(
  state: ScanState | undefined,
  key: string,
  stamps: readonly string[],
): Promise<boolean> {
  if (state === undefined || state.key !== key) return false;
  const previous = state.stamps;
  if (!stamps.every((stamp, index) => stamp === previous[index])) return false;
  const skills = state.result.skills;
  for (let index = 0; index < skills.length; index++) {
    if ((await readFileStamp(skills[index]!.path)) !== state.skillStamps[index]) return false;
  }
  return true;
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
  // A listing is only reachable through the scan it belongs to: no list before a scan.
  const listerOf = (state: ScanState, rescanned: boolean): SkillsScan => ({
    rescanned,
    list(request) {
      const key = `${state.generation}\0${request.configGeneration}\0${request.resolvedKey}\0${request.readTool}`;
      if (listed !== undefined && listed.key === key) return listed;
      listed = { key, ...buildSkillsListing(state.result, request, options) };
      return listed;
    },
  });
  return {
    async scan(roots) {
      const key = JSON.stringify(roots);
      const stamps = await Promise.all(roots.map((root) => readFileStamp(root.dir)));
      if (!rescan && scanned !== undefined && (await isUnchanged(scanned, key, stamps))) {
        return listerOf(scanned, false);
      }
      rescan = false;
      const catalog = scanned?.key === key ? scanned.catalog : createSkillsCatalog(roots);
      const result = await catalog.scan();
      const skillStamps: string[] = [];
      for (const skill of result.skills) skillStamps.push(await readFileStamp(skill.path));
      scanned = {
        key,
        catalog,
        stamps,
        skillStamps,
        result,
        generation: (scanned?.generation ?? 0) + 1,
      };
      return listerOf(scanned, true);
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
  const budgeted = formatSkillsForPrompt(formattable, {
    maxSkills: resolved.budgets.maxSkillsInPrompt,
    maxChars: resolved.budgets.maxSkillsPromptChars,
    versionMarkers: resolved.skillVersionMarkers,
    ...(options.homeDir === undefined ? {} : { homeDir: options.homeDir }),
  });
  const unreadable = !request.readTool && budgeted.included.length > 0;
  const formatted = unreadable ? withoutListedSkills(budgeted) : budgeted;
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
        ...(listing === "manual"
          ? { reason: MANUAL_REASON }
          : unreadable && budgeted.included.includes(skill.name)
            ? { reason: NO_READ_REASON }
            : {}),
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
  if (unreadable) {
    diagnostics.push({
      code: "SKILLS_NO_READ_TOOL",
      severity: "warning",
      message: `${budgeted.included.length} eligible skill(s) are left out of the prompt: this run has no \`read\` tool to open a SKILL.md (${budgeted.included.join(", ")}); the Codex harness still lists them, its model reads files natively.`,
      hint: "Give the run a tool named `read`, or disable the skills this agent cannot load.",
    });
  }
  return { all, eligible: eligible.length, formatted, listingText: budgeted.text, diagnostics };
}

/** The formatted listing with nothing listed: every skill it would list becomes omitted. */
function withoutListedSkills(formatted: FormattedSkillsPrompt): FormattedSkillsPrompt {
  return {
    ...formatted,
    text: "",
    chars: 0,
    included: [],
    entries: [],
    omitted: [...formatted.included, ...formatted.omitted].sort(),
  };
}
