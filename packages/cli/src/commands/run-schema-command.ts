import { lookupConfigSchema } from "@promptstack/config";
import { CliError } from "../cli-error.js";
import type { CliIo } from "../cli-io.js";
import { createStyler } from "../output/create-styler.js";
import { formatSchemaLookup } from "../output/format-schema-lookup.js";
import { printJsonOutput } from "../output/format-json-output.js";

/** Runs `promptstack schema [path]`. */
export function runSchemaCommand(
  path: string | undefined,
  options: { readonly json?: boolean },
  io: CliIo,
): void {
  const lookup = lookupConfigSchema(path ?? "");
  if (lookup === undefined) {
    throw new CliError("CLI_USAGE", `The config schema has no key ${JSON.stringify(path)}.`, {
      path: path ?? "",
      hint: "Run `promptstack schema` to list the top-level keys, then descend one level at a time (use * for map keys).",
    });
  }
  if (options.json === true) {
    printJsonOutput(io, lookup);
    return;
  }
  io.stdout(formatSchemaLookup(lookup, createStyler(io)));
}
