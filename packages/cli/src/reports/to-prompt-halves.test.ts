import { describe, expect, it } from "vitest";
import type { RenderRun } from "../inputs/render-run.js";
import { toPromptHalves } from "./to-prompt-halves.js";

const runOf = (modelText: string, boundary: number): RenderRun =>
  ({ modelText, boundary }) as unknown as RenderRun;

describe("toPromptHalves", () => {
  it("splits the model text at the boundary", () => {
    expect(toPromptHalves(runOf("stable\n\nvolatile", 8))).toEqual({
      stable: "stable\n\n",
      volatile: "volatile",
    });
  });

  it("without a boundary the whole text is stable and nothing is volatile", () => {
    expect(toPromptHalves(runOf("all stable", -1))).toEqual({ stable: "all stable", volatile: "" });
  });
});
