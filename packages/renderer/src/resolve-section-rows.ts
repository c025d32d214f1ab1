import type { SectionRenderContext } from "./create-section-render-context.js";
import { RendererError } from "./renderer-error.js";
import { SECTION_TABLE } from "./section-table.js";
import { freezeSectionRow } from "./section-table-row.js";
import type { SectionTableRow } from "./section-table-row.js";
import { findSingleLineViolation } from "./validate-prompt-text-fields.js";
import type {
  AgentSystemPromptInput,
  CustomSection,
  CustomSectionBody,
  PromptMode,
  SectionRegistry,
  StableAgentSystemPromptInput,
  StableSectionContext,
} from "./types.js";

const SECTION_ID = /^[a-z][a-z0-9_]*$/;
const MODES: readonly PromptMode[] = ["full", "minimal", "none"];
const DEFAULT_CUSTOM_MODES: readonly PromptMode[] = Object.freeze(["full", "minimal"]);

function invalid(path: string, message: string, hint: string): never {
  throw new RendererError(
    "RENDERER_INVALID_INPUT",
    `Invalid renderer input at ${path}: ${message}`,
    {
      path,
      hint,
    },
  );
}

function unknownSection(path: string, id: string, known: readonly SectionTableRow[]): never {
  throw new RendererError(
    "RENDERER_UNKNOWN_SECTION",
    `Unknown section id at ${path}: "${id}" is neither a built-in section nor a custom one added before it.`,
    {
      path,
      hint: `Use one of: ${known.map((row) => row.id).join(", ")}.`,
    },
  );
}

function clash(path: string, message: string, hint: string): never {
  throw new RendererError("RENDERER_SECTION_CLASH", `Section clash at ${path}: ${message}`, {
    path,
    hint,
  });
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The stable input without its `volatile` key: all a custom stable section ever sees. */
function stableOnly(input: AgentSystemPromptInput): StableAgentSystemPromptInput {
  if (!Object.hasOwn(input, "volatile")) return input;
  const copy = Object.assign({}, input) as Record<string, unknown>;
  delete copy.volatile;
  return copy;
}

/** Turns a custom section's body into lines; throws for anything else. */
function toLines(body: unknown, path: string): readonly string[] | undefined {
  if (body === undefined) return undefined;
  if (typeof body === "string") return body.split("\n");
  if (Array.isArray(body) && body.every((line) => typeof line === "string")) {
    return body.flatMap((line) => line.split("\n"));
  }
  throw new RendererError(
    "RENDERER_SECTION_FAILED",
    `Custom section at ${path} returned something other than a string, string lines or undefined.`,
    { path, hint: "Return the section body as a string or an array of lines." },
  );
}

function callRender(
  render: (context: never) => CustomSectionBody,
  context: StableSectionContext,
  path: string,
): readonly string[] | undefined {
  let body: unknown;
  try {
    body = (render as (context: StableSectionContext) => unknown)(context);
  } catch (cause) {
    throw new RendererError("RENDERER_SECTION_FAILED", `Custom section at ${path} threw.`, {
      path,
      hint: "Fix the section's render function.",
      cause,
    });
  }
  return toLines(body, path);
}

function customRow(section: CustomSection, path: string): SectionTableRow {
  const { id, heading, cache } = section;
  const modes = section.modes ?? DEFAULT_CUSTOM_MODES;
  const staticLines = section.text === undefined ? undefined : section.text.split("\n");
  const render = section.render;
  let renderRow: (context: SectionRenderContext) => readonly string[] | undefined;
  if (render === undefined) {
    renderRow = () => staticLines;
  } else if (cache === "stable") {
    // By construction: the function sees the stable input only, never `volatile`.
    renderRow = (context) =>
      callRender(
        render,
        { mode: context.mode, profile: context.profile, stable: stableOnly(context.input) },
        `${path}.render`,
      );
  } else {
    renderRow = (context) =>
      callRender(
        render,
        {
          mode: context.mode,
          profile: context.profile,
          stable: stableOnly(context.input),
          volatile: context.volatile ?? {},
        } as StableSectionContext,
        `${path}.render`,
      );
  }
  return freezeSectionRow({
    id,
    heading,
    headingInText: true,
    compactHeadingInText: true,
    cache,
    modes,
    gate: "custom section",
    render: renderRow,
  });
}

function checkCustomSection(value: unknown, path: string): asserts value is CustomSection {
  if (!isRecord(value)) invalid(path, "expected an object.", "Pass { id, heading, cache, ... }.");
  if (typeof value.id !== "string" || !SECTION_ID.test(value.id)) {
    invalid(`${path}.id`, "expected a snake_case id.", 'Use an id such as "house_rules".');
  }
  if (
    typeof value.heading !== "string" ||
    value.heading.trim() === "" ||
    findSingleLineViolation(value.heading) !== undefined
  ) {
    invalid(`${path}.heading`, "expected a single-line heading.", "Give the section a heading.");
  }
  if (value.cache !== "stable" && value.cache !== "volatile") {
    invalid(
      `${path}.cache`,
      'expected "stable" or "volatile".',
      "Stable text goes above the boundary.",
    );
  }
  if ((value.after === undefined) === (value.before === undefined)) {
    invalid(
      path,
      "expected exactly one of after and before.",
      "Name the section to insert next to.",
    );
  }
  for (const key of ["after", "before", "text"] as const) {
    if (value[key] !== undefined && typeof value[key] !== "string") {
      invalid(`${path}.${key}`, "expected a string.", `Pass a string at ${key}.`);
    }
  }
  if (value.render !== undefined && typeof value.render !== "function") {
    invalid(`${path}.render`, "expected a function.", "Pass a render function or static text.");
  }
  if (value.render === undefined && value.text === undefined) {
    invalid(path, "expected text or render.", "Give the section static text or a render function.");
  }
  if (
    value.modes !== undefined &&
    (!Array.isArray(value.modes) ||
      !value.modes.every((mode) => MODES.includes(mode as PromptMode)))
  ) {
    invalid(`${path}.modes`, 'expected modes from "full", "minimal", "none".', "Fix the modes.");
  }
}

/**
 * Applies a section registry to `SECTION_TABLE`: the rows one compile renders, in prompt order.
 * Returns the table itself when there is no registry. Throws `RendererError` with
 * `RENDERER_UNKNOWN_SECTION` for an id that names no section, `RENDERER_SECTION_CLASH` for a
 * duplicate id, an id both disabled and replaced, or a custom section anchored on the other side
 * of the cache boundary, and `RENDERER_INVALID_INPUT` for a malformed registry.
 */
export function resolveSectionRows(
  registry: SectionRegistry | undefined,
): readonly SectionTableRow[] {
  if (registry === undefined) return SECTION_TABLE;
  if (!isRecord(registry)) {
    invalid("sections", "expected an object.", "Pass { disable?, replace?, add? }.");
  }
  const rows: SectionTableRow[] = SECTION_TABLE.slice();
  const add = registry.add ?? [];
  if (!Array.isArray(add))
    invalid("sections.add", "expected an array.", "Pass a list of sections.");
  add.forEach((section: unknown, index: number) => {
    const path = `sections.add[${index}]`;
    checkCustomSection(section, path);
    if (rows.some((row) => row.id === section.id)) {
      clash(`${path}.id`, `a section "${section.id}" already exists.`, "Pick another id.");
    }
    const anchor = (section.after ?? section.before) as string;
    const anchorPath = `${path}.${section.after !== undefined ? "after" : "before"}`;
    const at = rows.findIndex((row) => row.id === anchor);
    if (at === -1) unknownSection(anchorPath, anchor, rows);
    const anchorRow = rows[at] as SectionTableRow;
    if (anchorRow.cache !== section.cache) {
      clash(
        anchorPath,
        `"${section.id}" is ${section.cache} but "${anchor}" is ${anchorRow.cache}; a section cannot sit on the other side of the cache boundary.`,
        `Anchor a ${section.cache} section next to another ${section.cache} section.`,
      );
    }
    rows.splice(section.after !== undefined ? at + 1 : at, 0, customRow(section, path));
  });
  const disable = registry.disable ?? [];
  if (!Array.isArray(disable)) invalid("sections.disable", "expected an array.", "Pass ids.");
  const disabled = new Set<string>();
  disable.forEach((id: unknown, index: number) => {
    const path = `sections.disable[${index}]`;
    if (typeof id !== "string") invalid(path, "expected a section id.", "Pass ids as strings.");
    if (!rows.some((row) => row.id === id)) unknownSection(path, id, rows);
    disabled.add(id);
  });
  const replace = registry.replace ?? {};
  if (!isRecord(replace)) invalid("sections.replace", "expected an object.", "Map ids to text.");
  const replacements = new Map<string, readonly string[]>();
  for (const [id, text] of Object.entries(replace)) {
    const path = `sections.replace.${id}`;
    if (typeof text !== "string") invalid(path, "expected a string.", "Pass the new body text.");
    if (!rows.some((row) => row.id === id)) unknownSection(path, id, rows);
    if (disabled.has(id)) {
      clash(path, `"${id}" is both disabled and replaced.`, "Either disable or replace it.");
    }
    replacements.set(id, text === "" ? [] : text.split("\n"));
  }
  const resolved: SectionTableRow[] = [];
  for (const row of rows) {
    if (disabled.has(row.id)) continue;
    const lines = replacements.get(row.id);
    if (lines === undefined) {
      resolved.push(row);
      continue;
    }
    const original = row.render;
    resolved.push(
      freezeSectionRow({
        ...row,
        // The gate stays: the new text renders exactly when the built-in text would have.
        render: (context: SectionRenderContext) =>
          original(context) === undefined ? undefined : lines,
      }),
    );
  }
  return resolved;
}
