import { describe, expect, it } from "vitest";
import { renderSectionText } from "../../test/render-section-text.js";
import type { PromptSize } from "../types.js";

type Citations = "on" | "off" | "auto";

const recall = (citations: Citations, names: readonly string[], size: PromptSize = "full") =>
  renderSectionText(
    { size, memoryRecall: { citations }, tools: names.map((name) => ({ name })) },
    "memory_recall",
  );

const SEARCH =
  "Before answering about past work, decisions, people or preferences, search memory with `memory_search`.";
const GET = "Read only the memory lines you need with `memory_get`.";

describe("memory_recall", () => {
  it("in full size: one line per memory tool, then the citation rule", () => {
    expect(recall("on", ["memory_search", "memory_get"])).toBe(
      [
        "## Memory Recall",
        SEARCH,
        GET,
        "Cite each memory you rely on as `Source: <path>#<line>`.",
      ].join("\n"),
    );
    expect(recall("off", ["memory_search"])).toBe(
      ["## Memory Recall", SEARCH, "Do not add memory citations to replies."].join("\n"),
    );
    expect(recall("auto", ["memory_get"])).toBe(
      ["## Memory Recall", GET, "Cite a memory source when it helps the user check it."].join("\n"),
    );
  });

  it("in compact size: the clauses on one line, with no citation clause for `auto`", () => {
    expect(recall("on", ["memory_search", "memory_get"], "compact")).toBe(
      "Past work, decisions, people, preferences: `memory_search` first; `memory_get`: needed lines only; cite as `Source: <path>#<line>`.",
    );
    expect(recall("off", ["memory_search"], "compact")).toBe(
      "Past work, decisions, people, preferences: `memory_search` first; no citations.",
    );
    expect(recall("auto", ["memory_get"], "compact")).toBe("`memory_get`: needed lines only.");
  });

  it("is absent without a memory tool or without a citation mode", () => {
    expect(recall("on", ["read"])).toBeUndefined();
    expect(renderSectionText({ tools: [{ name: "memory_get" }] }, "memory_recall")).toBeUndefined();
  });
});
