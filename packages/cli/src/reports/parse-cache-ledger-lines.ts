import { parseIsoTimestamp } from "@promptstack/providers";
import type { CacheLedgerRequest, CacheLedgerSection } from "@promptstack/providers";
import { CliError } from "../cli-error.js";

/** One request of a `cache-ledger` file and the line it came from (1-based). */
export interface CacheLedgerLine {
  readonly line: number;
  readonly request: CacheLedgerRequest;
}

const PROVIDERS = ["anthropic", "openai", "openai-responses", "openai-chat", "gemini", "bedrock"];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function toSections(value: unknown): readonly CacheLedgerSection[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const sections = value.filter(
    (item): item is CacheLedgerSection =>
      isRecord(item) && typeof item.id === "string" && typeof item.text === "string",
  );
  return sections.length === value.length ? sections : undefined;
}

/**
 * Parses `cache-ledger` JSONL: one object a line with `provider`, `model`, `at` (ISO 8601 with a
 * zone), `body` and `usage`; optional `lineage` and `sections` (`[{id, text}]`); other fields
 * (`layout`, `turn`, `step`, as `cache-report --requests-out` writes them) are ignored. Blank
 * lines are skipped. A line that is not such an object, or whose `at` is not a time that exists,
 * is a `CLI_LEDGER_INVALID` error naming the line.
 */
export function parseCacheLedgerLines(text: string, displayPath: string): CacheLedgerLine[] {
  const lines: CacheLedgerLine[] = [];
  text.split("\n").forEach((raw, index) => {
    const line = index + 1;
    const where = `${displayPath}:${line}`;
    const fail = (what: string, hint: string, cause?: unknown): never => {
      throw new CliError("CLI_LEDGER_INVALID", `cache-ledger line ${where}: ${what}.`, {
        path: displayPath,
        hint,
        ...(cause === undefined ? {} : { cause }),
      });
    };
    const source = raw.replace(/\r$/, "");
    if (source.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(source);
    } catch (error) {
      fail(
        `is not JSON (${error instanceof Error ? error.message : String(error)})`,
        "Write one JSON object per line.",
        error,
      );
    }
    if (!isRecord(value)) return fail("is not a JSON object", "Write one JSON object per line.");
    const { provider, model, at, body, usage, lineage, sections } = value;
    if (typeof provider !== "string" || !PROVIDERS.includes(provider)) {
      fail(
        `provider ${JSON.stringify(provider)} is not supported`,
        `Use one of ${PROVIDERS.join(", ")}.`,
      );
    }
    if (typeof model !== "string" || model === "") {
      fail("model must be a non-empty string", "Give the model id the request was sent to.");
    }
    if (typeof at !== "string" || parseIsoTimestamp(at) === undefined) {
      fail(
        `at ${JSON.stringify(at)} is not an ISO 8601 time that exists`,
        "Write the time the request started with its zone, e.g. 2026-12-01T21:05:00Z.",
      );
    }
    if (!isRecord(body)) fail("body must be the request body object as sent", "Add the body.");
    if (usage === undefined) {
      fail("usage is missing", "Add the usage object the provider returned, exactly as returned.");
    }
    if (lineage !== undefined && typeof lineage !== "string") {
      fail("lineage must be a string", "Leave it out to group by provider, model and cache key.");
    }
    const parsedSections = sections === undefined ? undefined : toSections(sections);
    if (sections !== undefined && parsedSections === undefined) {
      fail(
        "sections must be an array of {id, text}",
        "Pass the turn's sections or leave them out.",
      );
    }
    lines.push({
      line,
      request: {
        provider: provider as CacheLedgerRequest["provider"],
        model: model as string,
        at: at as string,
        body,
        usage,
        ...(typeof lineage === "string" ? { lineage } : {}),
        ...(parsedSections === undefined ? {} : { sections: parsedSections }),
      },
    });
  });
  return lines;
}
