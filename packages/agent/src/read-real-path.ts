import { realpath } from "node:fs/promises";

/** The real path of `path`, or undefined when it cannot be resolved. */
export async function readRealPath(path: string): Promise<string | undefined> {
  try {
    return await realpath(path);
  } catch {
    return undefined;
  }
}
