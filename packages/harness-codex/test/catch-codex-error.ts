import { CodexError } from "../src/codex-error.js";

/** Runs `run` and returns the `CodexError` it throws; fails the test when it throws none. */
export function catchCodexError(run: () => unknown): CodexError {
  try {
    run();
  } catch (error) {
    if (CodexError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected a CodexError");
}
