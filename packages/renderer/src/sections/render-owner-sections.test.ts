import { describe, expect, it } from "vitest";
import { renderSectionText } from "../../test/render-section-text.js";
import type { PromptSize } from "../types.js";

const ALIASES = [
  { alias: "fast", model: "openai/gpt-5.5-mini" },
  { alias: "deep", model: "openai/gpt-5.5" },
];

describe("owner sections", () => {
  it("model_aliases: a lead-in, then one line per alias", () => {
    const aliases = (size: PromptSize) =>
      renderSectionText({ size, modelAliases: ALIASES }, "model_aliases");
    const lines = ["- fast: openai/gpt-5.5-mini", "- deep: openai/gpt-5.5"];
    expect(aliases("full")).toBe(
      ["## Model Aliases", "When a model is named by alias, it means:", ...lines].join("\n"),
    );
    expect(aliases("compact")).toBe(["Model aliases:", ...lines].join("\n"));
    expect(renderSectionText({ modelAliases: [] }, "model_aliases")).toBeUndefined();
  });

  it("user_identity: the trimmed owner, who is authorized", () => {
    expect(renderSectionText({ ownerDisplay: " Sam " }, "user_identity")).toBe(
      "## User Identity\nOwner: Sam\nRequests from the owner are authorized.",
    );
    expect(renderSectionText({ size: "compact", ownerDisplay: " Sam " }, "user_identity")).toBe(
      "Owner (authorized): Sam",
    );
    expect(renderSectionText({ ownerDisplay: " " }, "user_identity")).toBeUndefined();
  });

  it("tts_hints: the trimmed hint, in either size", () => {
    for (const size of ["full", "compact"] as const) {
      expect(renderSectionText({ size, ttsHint: " Keep voice notes short. " }, "tts_hints")).toBe(
        "## TTS Hints\nKeep voice notes short.",
      );
    }
    expect(renderSectionText({ ttsHint: " " }, "tts_hints")).toBeUndefined();
  });
});
