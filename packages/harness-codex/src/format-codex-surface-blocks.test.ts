import { describe, expect, it } from "vitest";
import { formatAgentsSnapshot } from "./format-codex-surface-blocks.js";

const agents = (content: string) => ({ name: "AGENTS.md", path: "/ws/AGENTS.md", content });

describe("formatAgentsSnapshot", () => {
  it("never cuts a surrogate pair in half", () => {
    // "ab" then U+1F600 (two UTF-16 units): a cut at 3 would keep only the high surrogate.
    expect(formatAgentsSnapshot(agents("ab\u{1F600}cd"), 3)).toBe(
      "## Workspace AGENTS.md (snapshot of /ws/AGENTS.md)\nab\n[snapshot truncated at 2 of 6 chars; read /ws/AGENTS.md for the rest]",
    );
    // A cut right after the pair keeps it whole.
    expect(formatAgentsSnapshot(agents("ab\u{1F600}cd"), 4)).toBe(
      "## Workspace AGENTS.md (snapshot of /ws/AGENTS.md)\nab\u{1F600}\n[snapshot truncated at 4 of 6 chars; read /ws/AGENTS.md for the rest]",
    );
  });

  it("cuts a lone low surrogate or a character just above the high-surrogate range as is", () => {
    expect(formatAgentsSnapshot(agents("ab\uDC00cd"), 3)).toContain("truncated at 3 of 5");
    expect(formatAgentsSnapshot(agents("ab\uD7FFcd"), 3)).toContain("truncated at 3 of 5");
    expect(formatAgentsSnapshot(agents("ab\uD800cd"), 3)).toContain("truncated at 2 of 5");
    expect(formatAgentsSnapshot(agents("ab\uDBFFcd"), 3)).toContain("truncated at 2 of 5");
  });

  it("trims only trailing white space and keeps content of exactly the limit whole", () => {
    expect(formatAgentsSnapshot(agents("  abc \n\n"), 5)).toBe(
      "## Workspace AGENTS.md (snapshot of /ws/AGENTS.md)\n  abc",
    );
  });
});
