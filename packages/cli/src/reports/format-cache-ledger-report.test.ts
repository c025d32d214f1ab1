import type { CacheMissCause } from "@promptstack/providers";
import { describe, expect, it } from "vitest";
import { formatCacheMissCause } from "./format-cache-ledger-report.js";

const expired = (elapsedSeconds: number, ttlSeconds: number): CacheMissCause => ({
  kind: "expired",
  elapsedSeconds,
  ttlSeconds,
});

describe("formatCacheMissCause", () => {
  it.each<[CacheMissCause, string]>([
    [{ kind: "none" }, ""],
    [{ kind: "changed", area: "tools", part: "read", offset: 3 }, "changed: tool read"],
    [{ kind: "changed", area: "system", part: "stable", offset: 0 }, "changed: system stable"],
    [
      { kind: "changed", area: "messages", part: 4, block: 2, offset: 9 },
      "changed: message 4 block 2",
    ],
    [{ kind: "changed", area: "messages", part: 1, offset: 0 }, "changed: message 1 block 0"],
    [expired(361, 300), "expired (6m 1s > 5m)"],
    [expired(0.4, 300), "expired (0s > 5m)"],
    [expired(59.4, 30), "expired (59s > 30s)"],
    [expired(59.6, 30), "expired (1m > 30s)"],
    [expired(3661, 3600), "expired (1h 1m 1s > 1h)"],
    [expired(7205, 3600), "expired (2h 5s > 1h)"],
    [
      { kind: "below-minimum", prefixTokens: 1000, minimumTokens: 1024 },
      "below minimum (1,000 < 1,024 tokens)",
    ],
    [{ kind: "unexplained" }, "unexplained (provider side: routing or eviction)"],
  ])("%j reads %j", (cause, text) => {
    expect(formatCacheMissCause(cause)).toBe(text);
  });
});
