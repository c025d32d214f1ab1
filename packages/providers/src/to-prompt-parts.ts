import { OPENCLAW_PRODUCT_PROFILE, toModelText } from "@promptstack/renderer";
import type { SectionId } from "@promptstack/renderer";
import type { Diagnostic, ProductProfile } from "@promptstack/core";
import { assertObject, assertString } from "./assert-argument.js";
import type { PromptParts, PromptSource } from "./types.js";

/** Options of `toPromptParts`. */
export interface ToPromptPartsOptions {
  /** Supplies the marker word. Default: the OpenClaw profile. */
  readonly profile?: ProductProfile;
  /**
   * Sections that start the workspace part of the stable text (the second boundary): the first
   * one present splits `stable` into `rules` and `workspace`. Empty (default): no split.
   */
  readonly workspaceBoundary?: readonly SectionId[];
}

/**
 * Quotes anything that spells one of the profile's marker comments (`<!-- WORD_...`), the way
 * the renderer defuses caller text, so no marker can ever reach a provider payload.
 */
export function neutralizeMarkerComments(text: string, profile?: ProductProfile): string {
  const word = (profile ?? OPENCLAW_PRODUCT_PROFILE).delimiterWord;
  const prefix = `<!-- ${word}_`;
  return text.includes(prefix) ? text.split(prefix).join(`<!-- (quoted) ${word}_`) : text;
}

// A scan from both ends: a regex anchored at the end would walk the whole prefix every turn.
function trimNewlines(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) === 10) start++;
  while (end > start && text.charCodeAt(end - 1) === 10) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/**
 * Takes a rendered prompt apart into marker-free `stable` and `volatile` text (and, when asked,
 * `rules` + `workspace`). The cache-boundary marker and the runtime-tail marker lines are
 * removed; any other spelling of a marker is quoted.
 */
export function toPromptParts(
  prompt: PromptSource,
  options: ToPromptPartsOptions = {},
): { readonly parts: PromptParts; readonly diagnostics: readonly Diagnostic[] } {
  assertObject(prompt, "toPromptParts", "prompt");
  assertString(prompt.text, "toPromptParts", "prompt.text");
  const { profile } = options;
  // One model-text function for the whole project: it splits at the boundary and drops every
  // marker line; what is left here is trimming and quoting marker look-alikes.
  const model = toModelText(prompt.text, profile);
  const clean = (text: string): string => neutralizeMarkerComments(trimNewlines(text), profile);
  const stable = clean(model.stable);
  const volatile = clean(model.volatile);
  const diagnostics: Diagnostic[] = [];
  const split = findWorkspaceSplit(prompt, stable, options.workspaceBoundary ?? [], diagnostics);
  return {
    parts: {
      rules: stable.slice(0, split),
      workspace: stable.slice(split),
      stable,
      volatile,
    },
    diagnostics,
  };
}

function findWorkspaceSplit(
  prompt: PromptSource,
  stable: string,
  ids: readonly SectionId[],
  diagnostics: Diagnostic[],
): number {
  if (ids.length === 0) return stable.length;
  const section = (prompt.sections ?? []).find(
    (candidate) => candidate.cache === "stable" && ids.includes(candidate.id),
  );
  if (section === undefined) return stable.length;
  const at = stable.indexOf(`\n\n${section.text}`);
  if (at === -1) {
    diagnostics.push({
      code: "PROVIDERS_WORKSPACE_BOUNDARY_NOT_FOUND",
      severity: "info",
      message: `section "${section.id}" is not in the prompt text (a legacy hook rewrote it?); no workspace boundary this turn`,
      hint: "Drop the beforePromptBuild hook, or turn the workspace boundary off.",
    });
    return stable.length;
  }
  // The blank line belongs to the rules, so `workspace` starts with the section itself.
  return at + 2;
}
