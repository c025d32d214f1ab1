import { spawn } from "node:child_process";

/** A child process that keeps swapping a path between its original and prepared variants. */
export interface PathSwapper {
  /** Resolves with the number of swaps done once the child has stopped. */
  readonly done: Promise<number>;
  /** True while the child is still swapping. */
  running(): boolean;
}

// The child renames `target` aside, renames a variant into its place, then puts both back;
// each rename is atomic, so a reader sees the original, a variant, or nothing.
const SWAPPER = `
const fs = require("node:fs");
const [target, variants, ms] = JSON.parse(process.argv[1]);
const end = Date.now() + ms;
let swaps = 0;
while (Date.now() < end) {
  const variant = variants[swaps % variants.length];
  const park = target + ".park";
  try {
    fs.renameSync(target, park);
    fs.renameSync(variant, target);
    fs.renameSync(target, variant);
    fs.renameSync(park, target);
  } catch {}
  swaps += 1;
}
process.stdout.write(String(swaps));
`;

/**
 * Starts the swapper for `durationMs` (bounded: the child exits on its own). Variants are paths
 * outside the walk (hidden names) holding a symlink, FIFO or folder link to swap in.
 */
export function startPathSwapper(
  target: string,
  variants: readonly string[],
  durationMs: number,
): PathSwapper {
  const child = spawn(
    process.execPath,
    ["-e", SWAPPER, JSON.stringify([target, variants, durationMs])],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let alive = true;
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const done = new Promise<number>((resolve) => {
    child.on("exit", () => {
      alive = false;
      resolve(Number(output));
    });
  });
  return { done, running: () => alive };
}
