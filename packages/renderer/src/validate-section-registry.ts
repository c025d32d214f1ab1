import { resolveSectionRows } from "./resolve-section-rows.js";
import { SECTION_TABLE } from "./section-table.js";
import type { CacheSide, SectionId, SectionRegistry } from "./types.js";

/** One built-in section: its id (what a registry names) and its side of the cache boundary. */
export interface BuiltInSection {
  readonly id: SectionId;
  readonly cache: CacheSide;
}

/** The built-in sections in prompt order: the ids a section registry may disable or replace. */
export function listBuiltInSections(): readonly BuiltInSection[] {
  return SECTION_TABLE.map(({ id, cache }) => ({ id, cache }));
}

/**
 * Checks a section registry without rendering: the same check every compile runs. Throws
 * `RendererError` with `RENDERER_UNKNOWN_SECTION` for an id that names no section,
 * `RENDERER_SECTION_CLASH` for a duplicate id, an id both disabled and replaced, or a custom
 * section anchored on the other side of the cache boundary, and `RENDERER_INVALID_INPUT` for a
 * malformed registry (the error's `path` starts with `sections`).
 */
export function validateSectionRegistry(registry: SectionRegistry): void {
  resolveSectionRows(registry);
}
