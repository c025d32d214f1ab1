/**
 * The generator of the committed `cache-ledger` fixtures: a 30-request Anthropic conversation
 * with three injected misses, written as the JSONL lines a runtime would log (the request body
 * as sent, the usage as returned, the time, the turn's sections). The usage comes from this
 * file's own model of Anthropic's cache (exact prefix match at each breakpoint, 5-minute entries
 * refreshed by reads, the model's 1024-token minimum), not from the ledger under test.
 */

const MODEL = "claude-sonnet-4-5";

interface Section {
  readonly id: string;
  readonly text: string;
}

/** Deterministic filler text: `words` pseudo-random lower-case words from a seed. */
function filler(seed: number, words: number): string {
  let state = seed >>> 0;
  const out: string[] = [];
  for (let index = 0; index < words; index++) {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    const length = 2 + (state % 7);
    let word = "";
    for (let letter = 0; letter < length; letter++) {
      state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
      word += String.fromCharCode(97 + ((state >>> 16) % 26));
    }
    out.push(word);
  }
  return out.join(" ");
}

function sections(memoryEdited: boolean): Section[] {
  return [
    {
      id: "identity",
      text: `You are a personal assistant running inside OpenClaw. ${filler(1, 40)}`,
    },
    { id: "tooling", text: `## Tooling\n${filler(2, 200)}` },
    { id: "safety", text: `## Safety\n${filler(3, 80)}` },
    { id: "skills", text: `## Skills\n${filler(4, 100)}` },
    {
      id: "workspace_files",
      text: `## Workspace Files\n### MEMORY.md\n${memoryEdited ? "- Prefers metric units.\n" : ""}${filler(5, 350)}`,
    },
  ];
}

function tools(execEdited: boolean) {
  return [
    {
      name: "exec",
      description: execEdited ? "Run a shell command (30 s timeout)." : "Run a shell command.",
    },
    { name: "read", description: "Read a file of the workspace." },
    { name: "web_search", description: "Search the web." },
    { name: "write", description: "Write a file of the workspace." },
  ].map((tool) => ({
    ...tool,
    input_schema: {
      type: "object",
      properties: { [tool.name === "exec" ? "command" : "path"]: { type: "string" } },
    },
  }));
}

/** About four characters a token, plus framing per part (an estimate, like the provider's own). */
function tokensOf(text: string): number {
  return Math.ceil(text.length / 4) + 3;
}

interface Request {
  readonly at: string;
  readonly body: Record<string, unknown>;
  readonly sections: readonly Section[];
  readonly usage: Record<string, unknown>;
  readonly turn: number;
}

const MINIMUM = 1024;
const TTL_MS = 5 * 60 * 1000;

/** Seconds between request starts; request 23 comes 7 minutes after request 22. */
function gapBefore(index: number): number {
  if (index === 23) return 7 * 60;
  return 40 + ((index * 37) % 80);
}

/** The injected misses: the MEMORY.md section from request 9, the exec tool from 16, a pause before 23. */
export const INJECTED_MISSES = [
  { index: 9, kind: "changed", part: "workspace_files" },
  { index: 16, kind: "changed", part: "exec" },
  { index: 23, kind: "expired" },
] as const;

/** The 30 requests of the conversation, in order. */
export function buildThirtyRequestConversation(): Request[] {
  const cache = new Map<string, number>(); // prefix text → last use (ms)
  const history: { role: "user" | "assistant"; text: string }[] = [];
  const requests: Request[] = [];
  let time = Date.parse("2026-12-01T20:00:00Z");
  for (let index = 0; index < 30; index++) {
    if (index > 0) {
      history.push({ role: "assistant", text: `Reply ${index - 1}. ${filler(1000 + index, 25)}` });
      time += gapBefore(index) * 1000;
    }
    history.push({ role: "user", text: `Message ${index}. ${filler(2000 + index, 12)}` });
    const turnSections = sections(index >= 9);
    const turnTools = tools(index >= 16);
    const systemText = turnSections.map((section) => section.text).join("\n\n");
    // Breakpoints: the last tool, the end of the system text, the newest message. Each looks
    // back up to 20 blocks for an earlier entry (the newest message finds the previous one's).
    const toolsText = JSON.stringify(turnTools);
    const toolsTokens = turnTools.reduce((sum, tool) => sum + tokensOf(JSON.stringify(tool)), 0);
    const systemKey = `${toolsText}\u0000${systemText}`;
    const systemTokens = toolsTokens + tokensOf(systemText);
    const blocks: { key: string; tokens: number }[] = [
      { key: toolsText, tokens: toolsTokens },
      { key: systemKey, tokens: systemTokens },
    ];
    let running = systemTokens;
    history.forEach((message, position) => {
      running += tokensOf(message.text) + 4;
      blocks.push({
        key: `${systemKey}\u0000${JSON.stringify(history.slice(0, position + 1))}`,
        tokens: running,
      });
    });
    const total = running;
    const breakpoints = [0, 1, blocks.length - 1];
    let read = 0;
    for (const breakpoint of [...breakpoints].reverse()) {
      for (let position = breakpoint; position >= Math.max(0, breakpoint - 20); position--) {
        const block = blocks[position]!;
        const used = cache.get(block.key);
        if (block.tokens >= MINIMUM && used !== undefined && time - used <= TTL_MS) {
          read = Math.max(read, block.tokens);
          cache.set(block.key, time); // a read refreshes the entry
          break;
        }
      }
      if (read > 0) break;
    }
    for (const breakpoint of breakpoints) {
      const block = blocks[breakpoint]!;
      if (block.tokens >= MINIMUM && block.tokens > read) cache.set(block.key, time);
    }
    const written = total - read;
    const cacheControl = { type: "ephemeral" };
    requests.push({
      at: new Date(time).toISOString(),
      turn: index,
      sections: turnSections,
      body: {
        model: MODEL,
        max_tokens: 4096,
        tools: turnTools.map((tool, position) =>
          position === turnTools.length - 1 ? { ...tool, cache_control: cacheControl } : tool,
        ),
        system: [{ type: "text", text: systemText, cache_control: cacheControl }],
        messages: history.map((message, position) => ({
          role: message.role,
          content: [
            {
              type: "text",
              text: message.text,
              ...(position === history.length - 1 ? { cache_control: cacheControl } : {}),
            },
          ],
        })),
      },
      usage: {
        input_tokens: total - read - written,
        cache_creation_input_tokens: written,
        cache_read_input_tokens: read,
        cache_creation: { ephemeral_5m_input_tokens: written, ephemeral_1h_input_tokens: 0 },
        output_tokens: 250,
        service_tier: "standard",
      },
    });
  }
  return requests;
}

/** The JSONL text: one request a line, with the extra `layout` and `turn` fields a runtime logs. */
export function formatConversationJsonl(requests: readonly Request[]): string {
  return requests
    .map((request) =>
      JSON.stringify({
        provider: "anthropic",
        model: MODEL,
        at: request.at,
        layout: "turn-context",
        turn: request.turn,
        sections: request.sections,
        body: request.body,
        usage: request.usage,
      }),
    )
    .map((line) => `${line}\n`)
    .join("");
}
