import type { CacheExplanation } from "./build-cache-explanation.js";
import type { Styler } from "../output/create-styler.js";
import { formatNumber } from "../output/format-number.js";
import { escapeTerminalText } from "../output/escape-terminal-text.js";

// Diff lines quote prompt text (workspace files, facts): escaped before colouring.
function colourDiff(diff: string, styler: Styler): string {
  return escapeTerminalText(diff)
    .split("\n")
    .map((line) =>
      line.startsWith("+++") || line.startsWith("---")
        ? styler.bold(line)
        : line.startsWith("+")
          ? styler.green(line)
          : line.startsWith("-")
            ? styler.red(line)
            : line.startsWith("@@")
              ? styler.cyan(line)
              : line,
    )
    .join("\n");
}

/** The `explain-cache` text view. */
export function formatCacheExplanation(explanation: CacheExplanation, styler: Styler): string {
  const n = formatNumber;
  const lines: string[] = [];
  if (explanation.outcome === "identical") {
    lines.push(
      `${styler.green("Cache prefix identical.")} Both renders share the whole stable prefix: ` +
        `${n(explanation.before.stableTokens)} tokens (${n(explanation.before.stableChars)} chars).`,
    );
  } else {
    const first = explanation.firstDifference;
    const where =
      first === undefined
        ? "the stable prefix"
        : first.position === 0
          ? "the joins between stable sections"
          : `stable section ${first.position} \`${first.sectionId}\`` +
            (first.heading === "" ? "" : ` ("${escapeTerminalText(first.heading)}")`) +
            (first.change === "changed" ? "" : ` (${first.change})`);
    lines.push(`${styler.red("Cache prefix differs")} at ${where}.`);
    lines.push(
      `Reusable prefix: ${n(explanation.sharedPrefix.tokens)} of ${n(explanation.before.stableTokens)} ` +
        `stable tokens (${n(explanation.sharedPrefix.chars)} of ${n(explanation.before.stableChars)} chars); ` +
        `after: ${n(explanation.after.stableTokens)} stable tokens.`,
    );
    if (first !== undefined) lines.push("", colourDiff(first.diff, styler));
  }
  lines.push(
    "",
    explanation.volatileChanges.length === 0
      ? "No volatile section changed."
      : `Volatile sections that changed (below the boundary, never a cache miss): ${escapeTerminalText(explanation.volatileChanges.join(", "))}.`,
  );
  return `${lines.join("\n")}\n`;
}
