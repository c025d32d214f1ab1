import { stat } from "node:fs/promises";

/**
 * A file's identity and version as `stat` reports them: device, inode, size and mtime. Equal
 * stamps mean the assembler may reuse what it read before. `"missing"` when nothing is there.
 */
export async function readFileStamp(path: string): Promise<string> {
  try {
    const info = await stat(path);
    return `${info.dev}:${info.ino}:${info.size}:${info.mtimeMs}`;
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    return typeof code === "string" ? `error:${code}` : "error";
  }
}
