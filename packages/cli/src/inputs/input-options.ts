import { Option } from "commander";
import type { Command } from "commander";
import type { CodexConnectionKind } from "@promptstack/harness-codex";

// A literal list (importing harness-codex's CODEX_CONNECTION_KINDS would load that package at
// start-up); `satisfies` and the check below keep it equal to CodexConnectionKind.
const CONNECTION_CHOICES = [
  "managed-stdio",
  "external",
  "desktop",
] as const satisfies readonly CodexConnectionKind[];
const CONNECTION_CHOICES_COMPLETE: Exclude<
  CodexConnectionKind,
  (typeof CONNECTION_CHOICES)[number]
> extends never
  ? true
  : never = true;
void CONNECTION_CHOICES_COMPLETE;

/** Harness whose prompt surfaces are rendered. */
export type HarnessKind = "embedded" | "codex";

/** The input flags shared by `render`, `context` and `explain-cache`, as commander parses them. */
export interface InputOptions {
  readonly workspace?: string;
  readonly execDir?: string;
  readonly config?: string;
  readonly agent?: string;
  readonly facts?: string;
  readonly mode?: "full" | "minimal" | "none";
  /** Wording of the built-in sections; beats the config's `systemPrompt.size`. */
  readonly size?: "full" | "compact";
  /** Product profile: `openclaw` or `neutral`; beats the config's `profile` (default: it). */
  readonly profile?: "openclaw" | "neutral";
  readonly harness?: HarnessKind;
  readonly connection?: CodexConnectionKind;
  readonly skillsRoot?: readonly string[];
  readonly skillEnv?: string;
  /** `--harness codex` on a cron run: a light cron turn (the facts' `lightContext` does the same). */
  readonly lightContext?: boolean;
  /** Codex model catalog for `--harness codex`; default: the lookup, else the demo catalog. */
  readonly catalog?: string;
  readonly json?: boolean;
}

function collect(value: string, previous: readonly string[] | undefined): readonly string[] {
  return [...(previous ?? []), value];
}

/** Adds the shared input flags to `command`. `withFacts: false` leaves out `--facts`. */
export function addInputOptions(command: Command, { withFacts = true } = {}): Command {
  command
    .option("--workspace <dir>", "agent workspace (default: the demo workspace)")
    .option("--exec-dir <dir>", "execution folder, when the session runs outside the workspace")
    .option(
      "--config <file>",
      "config file, JSON or JSON5 (default: built-in defaults; the demo's config for the demo)",
    )
    .option("--agent <id>", "agent id whose settings apply", "main");
  if (withFacts) {
    command.option("--facts <file>", "run facts JSON (default: the demo's facts.json)");
  }
  return command
    .addOption(
      // No commander default: the session kind decides (minimal for sub-agents), as in a live run.
      new Option(
        "--mode <mode>",
        "prompt mode (default: minimal for sub-agent sessions, else full)",
      ).choices(["full", "minimal", "none"]),
    )
    .addOption(
      // No commander default: the agent's `systemPrompt.size` decides unless this is given.
      new Option(
        "--size <size>",
        "prompt size: compact keeps every rule in fewer words and halves unset budgets (default: the config's, else full)",
      ).choices(["full", "compact"]),
    )
    .addOption(
      new Option(
        "--profile <profile>",
        "product profile; beats the config's profile (default: the config's, else openclaw)",
      ).choices(["openclaw", "neutral"]),
    )
    .addOption(
      new Option("--harness <harness>", "harness")
        .choices(["embedded", "codex"])
        .default("embedded"),
    )
    .addOption(
      // No commander default: an explicit --connection without --harness codex is an error.
      new Option(
        "--connection <kind>",
        "Codex connection kind (with --harness codex; default: managed-stdio)",
      ).choices(CONNECTION_CHOICES),
    )
    .option(
      "--skills-root <tier=dir>",
      "extra skill root, repeatable; tier is extra|bundled|managed|personal|workspace|plugin:<id>",
      collect,
    )
    .option(
      "--skill-env <file>",
      "JSON {platform, bins, env} used for skill gates instead of this machine",
    )
    .option(
      "--light-context",
      "light cron turn (with --harness codex and cron facts): the scheduled prompt is the exact turn input",
    )
    .option(
      "--catalog <file>",
      "Codex models.json or models_cache.json (with --harness codex; default: $CODEX_HOME, ~/.codex, else the demo's placeholder catalog)",
    )
    .option("--json", "print JSON instead of text");
}
