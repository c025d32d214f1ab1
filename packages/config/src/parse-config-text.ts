import JSON5 from "json5";
import { ConfigError } from "./config-error.js";

/** Parses JSON or JSON5 text; a syntax error names the file, line and column (`CONFIG_SYNTAX`). */
export function parseConfigText(text: string, path: string): unknown {
  try {
    return JSON5.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    const { lineNumber, columnNumber } = error as { lineNumber?: unknown; columnNumber?: unknown };
    const line = typeof lineNumber === "number" ? lineNumber : 1;
    const column = typeof columnNumber === "number" ? columnNumber : 1;
    const raw = error instanceof Error ? error.message : "unreadable text";
    const reason = raw.replace(/^JSON5: /, "").replace(/ at \d+:\d+$/, "");
    throw new ConfigError(
      "CONFIG_SYNTAX",
      `${path}:${line}:${column}: not valid JSON or JSON5 (${reason})`,
      { path, hint: "Fix the syntax at that line and column.", cause: error },
    );
  }
}
