import type { Diagnostic } from "@promptstack/renderer";
import { ESTIMATE_TOKEN_COUNTER } from "./create-token-counter.js";
import { planCacheSegments } from "./plan-cache-segments.js";
import type { CachePlan } from "./plan-cache-segments.js";
import { resolveCacheRules } from "./resolve-cache-rules.js";
import type { CacheProvider } from "./resolve-cache-rules.js";
import { toCanonicalTools } from "./to-canonical-tools.js";
import type { CanonicalTool } from "./to-canonical-tools.js";
import type { Conversation, TokenCounter, ToolSpec } from "./types.js";

/** Options every request builder takes. */
export interface BuildRequestOptions {
  /** Model id, e.g. `claude-sonnet-4-5` or `gpt-5.5`. */
  readonly model: string;
  /** Tool specs; serialized sorted by name with canonical JSON schemas. */
  readonly tools?: readonly ToolSpec[];
  /** Per-turn values a tool description must not contain (dates and times are always checked). */
  readonly volatileValues?: readonly string[];
  /** Counts tokens for the minimum-length check. Default: a labelled chars/4 estimate. */
  readonly countTokens?: TokenCounter;
}

/** A planned request with its canonical tools and diagnostics. */
export interface PreparedRequest {
  readonly plan: CachePlan;
  readonly tools: readonly CanonicalTool[];
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Canonicalizes the tools, plans segments and breakpoints, and warns when the stable prefix
 * (tools + stable system text) is below the provider's minimum cacheable length for the model.
 */
export function prepareRequest(
  conversation: Conversation,
  options: BuildRequestOptions,
  breakpoints: "explicit" | "none",
  provider: CacheProvider | undefined,
): PreparedRequest {
  const canonical = toCanonicalTools(
    options.tools ?? [],
    options.volatileValues === undefined ? {} : { volatileValues: options.volatileValues },
  );
  const plan = planCacheSegments(conversation, { tools: canonical.tools, breakpoints });
  const diagnostics: Diagnostic[] = [...canonical.diagnostics, ...plan.diagnostics];
  if (provider !== undefined) {
    const { rules, diagnostics: ruleDiagnostics } = resolveCacheRules(provider, options.model);
    diagnostics.push(...ruleDiagnostics);
    const counter = options.countTokens ?? ESTIMATE_TOKEN_COUNTER;
    let tokens = 0;
    for (const segment of plan.segments) {
      if (segment.ref.area === "messages") break;
      if (segment.ref.area === "system" && segment.ref.part === "volatile") break;
      tokens += counter.count(segment.text);
    }
    if (tokens < rules.minimumPrefixTokens) {
      diagnostics.push({
        code: "PROVIDERS_PREFIX_BELOW_MINIMUM",
        severity: "warning",
        message: `the stable prefix (tools + system text) is about ${tokens} tokens (${counter.name}); ${provider} caches nothing shorter than ${rules.minimumPrefixTokens} tokens for ${options.model}`,
        hint: "Expect no cache hits until the history makes the prompt long enough; the prefix itself is never cached.",
      });
    }
  }
  return { plan, tools: canonical.tools, diagnostics };
}
