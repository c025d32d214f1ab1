export { thrownBy } from "@promptstack-tools/test-utils";

/** Test helper: the whole `PROVIDERS_INVALID_ARGUMENT` error `throwInvalidArgument` builds. */
export function invalidArgument(fn: string, path: string, expected: string, got: string) {
  return {
    code: "PROVIDERS_INVALID_ARGUMENT",
    message: `${fn}: ${path} must be ${expected}, got ${got}.`,
    path,
    hint: `Pass ${expected} as ${path}.`,
  };
}
