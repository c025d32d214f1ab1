// One row of the section table: its fields, the mode lists, and the frozen row constructor.
import type { SectionRenderContext } from "./create-section-render-context.js";
import type { CacheSide, PromptMode, SectionId } from "./types.js";

/** One row of `SECTION_TABLE`: everything about a section except its prose. */
export interface SectionTableRow {
  /** Stable snake_case id, used in `RenderedSection.id`, tests and diagnostics. */
  readonly id: SectionId;
  /** Heading; rendered as `## <heading>` unless `headingInText` is false. */
  readonly heading: string;
  /** Heading used in `minimal` mode instead of `heading`. */
  readonly minimalHeading?: string;
  /** False for sections whose text carries no heading line (identity, provider text). */
  readonly headingInText: boolean;
  /**
   * Whether the heading line is printed in compact size. Compact wording is written to stand
   * without its heading (each body names its subject); a section whose body is caller text keeps
   * it (workspace files, group context, hints), and so do custom sections.
   */
  readonly compactHeadingInText: boolean;
  /** Cache side: stable sections read only stable input; anything reading `volatile` is volatile. */
  readonly cache: CacheSide;
  /** Modes that keep the section (SPEC §2.4). */
  readonly modes: readonly PromptMode[];
  /** When the section renders, in words (for the README table). */
  readonly gate: string;
  /** Wrap the section in the relocatable runtime-tail marker pair. */
  readonly runtimeTail?: boolean;
  /**
   * The body quotes caller text (group context, names, labels, facts, hint lines, change notes):
   * the render projects it as an inbound message, so no internal-context delimiter, however
   * spelt, survives into any layout. Set on every per-turn row that prints a caller string.
   */
  readonly projectsCallerText?: boolean;
  /** The section body as lines, or `undefined` when its gate is closed. */
  readonly render: (context: SectionRenderContext) => readonly string[] | undefined;
}

export const ALL: readonly PromptMode[] = Object.freeze(["full", "minimal", "none"]);
export const FULL_MINIMAL: readonly PromptMode[] = Object.freeze(["full", "minimal"]);
export const FULL: readonly PromptMode[] = Object.freeze(["full"]);

/**
 * A frozen row with every field present, in one order: every row then shares one hidden class,
 * so the renderer's reads of a row stay monomorphic (rows built by spreading their own field
 * lists had one shape each, which made planning the modes at import cost about a millisecond).
 * The fields are spread over `ROW_DEFAULTS`, which already has every key, so the keys keep its order.
 */
export function freezeSectionRow(
  fields: Omit<SectionTableRow, "headingInText" | "compactHeadingInText"> & {
    headingInText?: boolean;
    compactHeadingInText?: boolean;
  },
): SectionTableRow {
  return Object.freeze({ ...ROW_DEFAULTS, ...fields }) as SectionTableRow;
}

/** Every row field in row order, with the defaults of the optional ones. */
const ROW_DEFAULTS: Readonly<Record<keyof SectionTableRow, unknown>> = Object.freeze({
  id: undefined,
  heading: undefined,
  minimalHeading: undefined,
  headingInText: true,
  compactHeadingInText: false,
  cache: undefined,
  modes: undefined,
  gate: undefined,
  runtimeTail: undefined,
  projectsCallerText: undefined,
  render: undefined,
});
