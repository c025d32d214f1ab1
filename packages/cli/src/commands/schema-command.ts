import type { Command } from "commander";
import { lookupConfigSchema } from "@promptstack/config";
import { CliError } from "../cli-error.js";
import type { CliIo } from "../cli-io.js";
import type { ProgramState } from "../create-program.js";
import { createStyler } from "../output/create-styler.js";
import { formatSchemaLookup } from "../output/format-schema-lookup.js";

/** `promptstack schema [path]`: what a config key means, its type, default and constraints. */
export function registerSchemaCommand(program: Command, io: CliIo, _state: ProgramState): void {
  program
    .command("schema")
    .description("look up a config key: description, type, default, constraints")
    .argument(
      "[path]",
      "dotted config path, e.g. agents.defaults.bootstrapMaxChars (default: the root)",
    )
    .option("--json", "print JSON instead of text")
    .action((path: string | undefined, options: { json?: boolean }) => {
      const lookup = lookupConfigSchema(path ?? "");
      if (lookup === undefined) {
        throw new CliError("CLI_USAGE", `The config schema has no key ${JSON.stringify(path)}.`, {
          path: path ?? "",
          hint: "Run `promptstack schema` to list the top-level keys, then descend one level at a time (use * for map keys).",
        });
      }
      if (options.json === true) {
        io.stdout(`${JSON.stringify(lookup, null, 2)}\n`);
        return;
      }
      io.stdout(formatSchemaLookup(lookup, createStyler(io)));
    });
}
