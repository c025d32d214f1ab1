export {
  CONTAINED_READ_CEILING_BYTES,
  isInsideRoot,
  readContainedFile,
} from "./read-contained-file.js";
export { readBoundedFile } from "./read-bounded-file.js";
export type { BoundedFileRefusal, ReadBoundedFileResult } from "./read-bounded-file.js";
export type {
  ContainedFileRefusal,
  ReadContainedFileOptions,
  ReadContainedFileResult,
} from "./read-contained-file.js";
export {
  discoverWatchTargets,
  WATCH_MAX_DEPTH,
  WATCH_MAX_FOLDERS,
} from "./discover-watch-targets.js";
export type { WatchInputs, WatchTargets } from "./discover-watch-targets.js";
export { watchContainedInputs } from "./watch-contained-inputs.js";
export type {
  ContainedInputsWatcher,
  WatchContainedInputsOptions,
} from "./watch-contained-inputs.js";
