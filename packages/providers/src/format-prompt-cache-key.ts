import { assertString } from "./assert-argument.js";
import { hashText } from "./hash-text.js";

const MAX_KEY_LENGTH = 64;

/**
 * OpenAI's `prompt_cache_key` for an agent and a model. The rule: one key per agent and model,
 * constant across turns, conversations, per-turn facts and workspace edits (it names who shares
 * a prefix, not what the prefix is), so requests keep routing to the same cache. Readable
 * (`promptstack:<agent>:<model>`) up to 64 characters, else `promptstack:` and a hash.
 */
export function formatPromptCacheKey(agentId: string, model: string): string {
  assertString(agentId, "formatPromptCacheKey", "agentId");
  assertString(model, "formatPromptCacheKey", "model");
  const readable = `promptstack:${agentId}:${model}`;
  if (readable.length <= MAX_KEY_LENGTH) return readable;
  return `promptstack:${hashText(`${agentId}\u0000${model}`)}`;
}
