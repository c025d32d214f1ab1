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
