import { readBootstrapFile } from "@promptstack/bootstrap";

/** Raw files larger than this are not read again just to count their tokens. */
export const MAX_RAW_TOKEN_COUNT_CHARS = 1_000_000;

/**
 * Reads a bootstrap file's whole text again, for the raw token count of `context`. Goes through
 * the bootstrap loader's own reader, so the same rules hold as for injection: nothing outside
 * `rootRealPath` (symlinks resolved), no FIFO or device (never blocks), no binary file. Returns
 * undefined for anything that reader would not inject, and for files too large to count: over
 * `MAX_RAW_TOKEN_COUNT_CHARS` by the loader's `rawChars` (checked before anything is read) or
 * by the text read.
 */
export async function readRawBootstrapText(
  path: string,
  rootRealPath: string | null,
  rawChars: number,
): Promise<string | undefined> {
  if (rootRealPath === null || rawChars > MAX_RAW_TOKEN_COUNT_CHARS) return undefined;
  const result = await readBootstrapFile({
    filePath: path,
    rootRealPath,
    maxChars: MAX_RAW_TOKEN_COUNT_CHARS,
  });
  if (result.kind !== "ok" || result.window !== undefined) return undefined;
  // The file may have grown since the loader measured it.
  return result.content.length > MAX_RAW_TOKEN_COUNT_CHARS ? undefined : result.content;
}
