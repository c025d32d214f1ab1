import { z } from "zod";
import { createProcessIo } from "./create-process-io.js";
import { runCli } from "./run-cli.js";

// A run parses each schema once or twice: compiling zod's fast path of every object schema (one
// `new Function` each) costs more than it saves. Library callers of the schemas keep zod's default.
z.config({ jitless: true });
// No top-level await: the installed command runs this file bundled as CommonJS (load-bin-bundle.ts).
void runCli(process.argv.slice(2), createProcessIo()).then((exitCode) => {
  process.exitCode = exitCode;
});
