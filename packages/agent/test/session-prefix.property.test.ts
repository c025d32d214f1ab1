/**
 * The `session` prefix policy under random sequences of workspace-file edits, additions and
 * removals, skill additions and removals, time gaps, compactions and explicit refreshes:
 * between refresh points the stable prefix is byte-identical; every change is in the next
 * turn's change note (or that turn refreshed); after a refresh the prefix equals a fresh `live`
 * render of the same files. `checkSessionRun` is also run on doctored runs (a dropped note, a
 * moved prefix) to prove it can fail.
 */
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPromptAssembler, parseRunFacts } from "../src/index.js";
import type { AgentTurn, PromptAssemblerOptions, RunFacts } from "../src/index.js";

const DEMO = fileURLToPath(new URL("../../../fixtures/workspaces/demo", import.meta.url));
const FILES = ["AGENTS.md", "SOUL.md", "MEMORY.md", "USER.md"] as const;
const SKILLS = ["alpha", "beta", "gamma"] as const;
const START = Date.UTC(2026, 10, 29, 9, 0);
const TTL = 300_000;

type Action =
  | { readonly kind: "edit" | "add" | "remove"; readonly file: (typeof FILES)[number] }
  | { readonly kind: "add-skill" | "remove-skill"; readonly skill: (typeof SKILLS)[number] }
  | { readonly kind: "gap"; readonly minutes: number }
  | { readonly kind: "compact" | "refresh" };

/** One turn of a run: what was changed before it, and what the session and a fresh live assembler produced. */
interface RunStep {
  /** What the turn's note must contain unless it refreshed: changed names and new markers. */
  readonly noted: readonly string[];
  readonly expectReason?: string;
  readonly session: AgentTurn;
  readonly live: AgentTurn;
}

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constantFrom("edit", "add", "remove"), file: fc.constantFrom(...FILES) }),
  fc.record({
    kind: fc.constantFrom("add-skill", "remove-skill"),
    skill: fc.constantFrom(...SKILLS),
  }),
  fc.record({ kind: fc.constant("gap"), minutes: fc.integer({ min: 1, max: 12 }) }),
  fc.record({ kind: fc.constantFrom("compact", "refresh") }),
) as fc.Arbitrary<Action>;

let root: string;
let facts: RunFacts;
let version = 0;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "promptstack-session-prefix-"));
  facts = parseRunFacts(JSON.parse(await readFile(join(DEMO, "facts.json"), "utf8")));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Writes a file whose size and mtime both differ from every earlier version. */
async function writeVersioned(path: string, text: string): Promise<void> {
  version += 1;
  await writeFile(path, `${text}${"~".repeat(version)}\n`);
  await utimes(path, 1_000_000 + version, 1_000_000 + version);
}

async function touchRoot(dir: string): Promise<void> {
  version += 1;
  await utimes(dir, 1_000_000 + version, 1_000_000 + version);
}

async function runSession(steps: readonly (readonly Action[])[]): Promise<RunStep[]> {
  const workspaceDir = await mkdtemp(join(root, "ws-"));
  const skillsDir = join(workspaceDir, "skill-root");
  await mkdir(skillsDir);
  for (const file of FILES) await writeVersioned(join(workspaceDir, file), `# ${file}\nfirst`);
  const present = new Set<string>(FILES);
  const skills = new Set<string>();
  const options = (prefixPolicy: "live" | "session"): PromptAssemblerOptions => ({
    config: {},
    workspaceDir,
    prefixPolicy,
    prefixTtlMs: TTL,
    skillRoots: [{ tier: "workspace", dir: skillsDir }],
    skillEnvironment: { platform: "linux", env: {}, hasBin: () => false },
  });
  const session = await createPromptAssembler(options("session"));
  let now = START;
  const run: RunStep[] = [];
  // What the pinned prefix shows, and the changes since (name → the marker it now contains).
  let pinnedFiles = new Set<string>(present);
  let pinnedSkills = new Set<string>();
  const pending = new Map<string, string | undefined>();
  try {
    for (const [index, actions] of [[], ...steps].entries()) {
      let expectReason: string | undefined = index === 0 ? "start" : undefined;
      const expect = (reason: string) => (expectReason ??= reason);
      const before = now;
      let compacted = false;
      const removedPinnedSkills = new Set<string>();
      for (const step of actions) {
        if (step.kind === "edit" || step.kind === "add") {
          if ((step.kind === "add") === present.has(step.file)) continue;
          const marker = `marker-${version + 1}`;
          await writeVersioned(join(workspaceDir, step.file), `# ${step.file}\n${marker}`);
          present.add(step.file);
          pending.set(step.file, marker);
        } else if (step.kind === "remove") {
          if (!present.delete(step.file)) continue;
          await rm(join(workspaceDir, step.file));
          if (pinnedFiles.has(step.file)) pending.set(step.file, undefined);
          else pending.delete(step.file);
        } else if (step.kind === "add-skill") {
          if (skills.has(step.skill)) continue;
          const dir = join(skillsDir, step.skill);
          await mkdir(dir);
          const front = `---\nname: ${step.skill}\ndescription: The ${step.skill} skill.\n---\n`;
          await writeFile(join(dir, "SKILL.md"), `${front}\n# ${step.skill}\n`);
          await touchRoot(skillsDir);
          skills.add(step.skill);
          removedPinnedSkills.delete(step.skill);
          if (!pinnedSkills.has(step.skill)) pending.set(step.skill, undefined);
          else pending.delete(step.skill);
        } else if (step.kind === "remove-skill") {
          if (!skills.delete(step.skill)) continue;
          await rm(join(skillsDir, step.skill), { recursive: true });
          await touchRoot(skillsDir);
          if (pinnedSkills.has(step.skill)) removedPinnedSkills.add(step.skill);
          pending.delete(step.skill);
        } else if (step.kind === "gap") {
          now += step.minutes * 60_000;
        } else if (step.kind === "compact") {
          compacted = true;
          expect("compaction");
        } else {
          session.refreshPrefix();
          expect("explicit");
        }
      }
      if (removedPinnedSkills.size > 0) expect("skill-removed");
      now += 60_000;
      if (index > 0 && now - before > TTL) expect("cold-cache");
      const turn = await session.turn(facts, { now, compacted });
      const fresh = await createPromptAssembler(options("live"));
      const live = await fresh.turn(facts);
      await fresh.close();
      const noted = [...pending].flatMap(([name, marker]) =>
        marker === undefined ? [name] : [name, marker],
      );
      run.push({
        noted,
        ...(expectReason === undefined ? {} : { expectReason }),
        session: turn,
        live,
      });
      if (turn.prefix.refreshed !== undefined) {
        pinnedFiles = new Set(present);
        pinnedSkills = new Set(skills);
        pending.clear();
      }
    }
  } finally {
    await session.close();
  }
  return run;
}

/**
 * Throws when the run breaks the policy: the prefix moved without a refresh, a change since the
 * pin is missing from a turn's note, or a refreshed prefix differs from a fresh live render.
 */
function checkSessionRun(run: readonly RunStep[]): void {
  let pinned: string | undefined;
  for (const [index, step] of run.entries()) {
    const { session, live } = step;
    const reason = session.prefix.refreshed?.reason;
    if (step.expectReason !== undefined && reason === undefined) {
      throw new Error(`turn ${index}: expected a refresh (${step.expectReason}), got none`);
    }
    if (reason !== undefined) {
      if (session.model.stable !== live.model.stable) {
        throw new Error(`turn ${index}: the refreshed prefix differs from a fresh live render`);
      }
      pinned = session.model.stable;
      continue;
    }
    if (session.model.stable !== pinned) {
      throw new Error(`turn ${index}: the prefix moved between refresh points`);
    }
    for (const text of step.noted) {
      if (!session.model.volatile.includes(text)) {
        throw new Error(`turn ${index}: the note lacks "${text}"`);
      }
    }
  }
}

describe("session prefix policy", () => {
  it("keeps the prefix between refresh points, notes every change, refreshes to the live prefix", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(action, { maxLength: 3 }), { minLength: 2, maxLength: 6 }),
        async (steps) => {
          checkSessionRun(await runSession(steps));
        },
      ),
      { numRuns: 12 },
    );
  });

  it("fails on a dropped note or a moved prefix (planted)", async () => {
    const run = await runSession([[{ kind: "edit", file: "MEMORY.md" }], []]);
    expect(() => checkSessionRun(run)).not.toThrow();
    const edited = run[1]!;
    expect(edited.session.prefix.refreshed).toBeUndefined();
    expect(edited.session.prefix.pendingChanges).toEqual([
      expect.objectContaining({ kind: "file", change: "edited" }),
    ]);
    const dropped = {
      ...edited,
      session: { ...edited.session, model: { ...edited.session.model, volatile: "" } },
    };
    expect(() => checkSessionRun([run[0]!, dropped, run[2]!])).toThrow(/the note lacks/);
    const moved = { ...edited, session: { ...edited.session, model: edited.live.model } };
    expect(() => checkSessionRun([run[0]!, moved, run[2]!])).toThrow(/moved between refresh/);
  });
});
