import type { RenderRun } from "../inputs/render-run.js";

/** The model text split at the cache boundary. */
export interface PromptHalves {
  /** The cacheable prefix (the whole text when there is no boundary). */
  readonly stable: string;
  /** The volatile suffix ("" when there is no boundary). */
  readonly volatile: string;
}

/** Splits a run's model text at its cache boundary. */
export function toPromptHalves(run: RenderRun): PromptHalves {
  if (run.boundary === -1) return { stable: run.modelText, volatile: "" };
  return {
    stable: run.modelText.slice(0, run.boundary),
    volatile: run.modelText.slice(run.boundary),
  };
}
