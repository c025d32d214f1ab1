import * as z from "zod/mini";
import { createProcessIo } from "./create-process-io.js";
import { runCli } from "./run-cli.js";

// A run parses each schema once or twice: compiling zod's fast path of every object schema (one
// `new Function` each) costs more than it saves. Library callers of the schemas keep zod's default.
z.config({ jitless: true });
const io = createProcessIo();

/**
 * Exits once what the command wrote has reached stdout and stderr (`io.flush`). Left to drain, the
 * event loop would first wait for V8's background compile jobs of code that will never run again,
 * 5 to 10 ms of a `render --json`. The command is done: `runCli` resolves only after it,
 * `inspect --serve` included (on Ctrl-C).
 */
function exitWhenFlushed(exitCode: number): void {
  process.exitCode = exitCode;
  io.flush(() => process.exit());
}

// No top-level await: the installed command runs this file bundled as CommonJS (load-bin-bundle.ts).
void runCli(process.argv.slice(2), io).then(exitWhenFlushed);
