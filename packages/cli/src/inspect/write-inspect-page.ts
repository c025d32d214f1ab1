import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";

/** Writes the page to `file`, creating its folder when needed. */
export async function writeInspectPage(file: string, html: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, html, "utf8");
}
