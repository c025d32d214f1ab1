import { statSync } from "node:fs";

/**
 * A file's identity and version as `stat` reports them: device, inode, size and mtime. Equal
 * stamps mean the assembler may reuse what it read before; `"error:<code>"` when there is
 * nothing to stat. Synchronous on purpose: a stat reads metadata only (it never opens the file,
 * so a FIFO or a huge file cannot block it), and a thread-pool round trip per file would cost
 * more than the whole render on a warm turn.
 */
export async function readFileStamp(path: string): Promise<string> {
  try {
    const info = statSync(path, { throwIfNoEntry: false, bigint: false });
    if (info === undefined) return "error:ENOENT";
    return `${info.dev}:${info.ino}:${info.size}:${info.mtimeMs}`;
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    return typeof code === "string" ? `error:${code}` : "error";
  }
}
