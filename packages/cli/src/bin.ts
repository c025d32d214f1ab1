#!/usr/bin/env node
import { createProcessIo } from "./create-process-io.js";
import { runCli } from "./run-cli.js";

process.exitCode = await runCli(process.argv.slice(2), createProcessIo());
