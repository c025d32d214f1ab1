import { homedir } from "node:os";
import type { CliIo } from "../cli-io.js";

/** The user's home folder: `HOME` from the injected environment, else the OS's answer. */
export function resolveHomeDir(io: CliIo): string {
  const home = io.env["HOME"];
  return home !== undefined && home !== "" ? home : homedir();
}
