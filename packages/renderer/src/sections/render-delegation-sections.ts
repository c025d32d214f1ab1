import { hasTool, isCompact } from "../create-section-render-context.js";
import type { SectionRenderContext } from "../create-section-render-context.js";
/** Whether delegation is preferred: an explicit mode wins, else `prefer` in main sessions only. */
function prefersDelegation(context: SectionRenderContext): boolean {
  const mode = context.input.delegationMode;
  return mode === undefined ? context.input.sessionKind === "main" : mode === "prefer";
}

/** Delegation: with `prefer` and `sessions_spawn`, stay responsive and delegate. */
export function renderDelegationSection(context: SectionRenderContext): string[] | undefined {
  if (!prefersDelegation(context) || !hasTool(context, "sessions_spawn")) {
    return undefined;
  }
  if (isCompact(context)) {
    return [
      "Stay responsive: longer work to sub-agents, hidden for chores, visible side sessions when the user follows.",
    ];
  }
  return [
    "Stay responsive: hand longer work to sub-agents instead of blocking the conversation.",
    "Use hidden sub-agents for internal chores the user does not need to watch.",
    "Use a visible side session for work the user will follow or come back to.",
  ];
}

/** Proactive sub-agent orchestration: at thinking level `ultra` with `sessions_spawn`. */
export function renderProactiveOrchestrationSection(
  context: SectionRenderContext,
): string[] | undefined {
  if (context.volatile?.thinkingLevel !== "ultra" || !hasTool(context, "sessions_spawn")) {
    return undefined;
  }
  if (isCompact(context)) {
    return [
      "Run independent investigation, implementation and verification in parallel sub-agents; keep simple or tightly coupled work local; one bounded goal and deliverable each; synthesize before replying.",
    ];
  }
  return [
    "Run independent investigation, implementation and verification in parallel sub-agents.",
    "Keep simple or tightly coupled work local.",
    "Give each sub-agent one bounded goal and a clear deliverable.",
    "Synthesize their results before you reply.",
  ];
}
