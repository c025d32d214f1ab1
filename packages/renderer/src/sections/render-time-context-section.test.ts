import { describe, expect, it } from "vitest";
import { renderSectionText } from "../../test/render-section-text.js";
import type { PromptSize } from "../types.js";

const timeContext = (size: PromptSize, names: readonly string[], timeZone: string) =>
  renderSectionText(
    {
      size,
      tools: names.map((name) => ({ name })),
      volatile: { time: { date: " 2026-11-30 ", timeZone } },
    },
    "time_context",
  );

describe("time_context", () => {
  it("in full size: the trimmed date and zone, and `session_status` for the exact time", () => {
    expect(timeContext("full", ["session_status"], " Europe/Lisbon ")).toBe(
      [
        "## Time Context",
        "Current date: 2026-11-30",
        "Time zone: Europe/Lisbon",
        "For the exact current time, call `session_status`.",
      ].join("\n"),
    );
    expect(timeContext("full", [], "UTC")).toBe(
      "## Time Context\nCurrent date: 2026-11-30\nTime zone: UTC",
    );
  });

  it("in compact size: the same facts on one line", () => {
    expect(timeContext("compact", ["session_status"], " Europe/Lisbon ")).toBe(
      "## Time Context\nDate: 2026-11-30 (Europe/Lisbon); exact time: `session_status`",
    );
    expect(timeContext("compact", [], "UTC")).toBe("## Time Context\nDate: 2026-11-30 (UTC)");
  });

  it("without a time zone, leaves the zone out in either size", () => {
    const volatile = { time: { date: "2026-11-30", timeZone: " " } };
    expect(renderSectionText({ volatile }, "time_context")).toBe(
      "## Time Context\nCurrent date: 2026-11-30",
    );
    expect(renderSectionText({ volatile, size: "compact" }, "time_context")).toBe(
      "## Time Context\nDate: 2026-11-30",
    );
  });
});
