const PROMPTSTACK_ERROR_MARKER = Symbol.for("promptstack.error");

/** Options accepted by every promptstack error class. */
export interface PromptstackErrorOptions {
  /** Where the problem is: a dotted field path, a file path, or a config key. */
  readonly path?: string;
  /** How to fix it, in one sentence. */
  readonly hint?: string;
  readonly cause?: unknown;
}

/**
 * Base class of every package's error class. Carries a string `code`, an optional `path` and
 * `hint`, and a `Symbol.for` marker so checks work across duplicate installs of a package.
 */
export class PromptstackError<Code extends string = string> extends Error {
  readonly code: Code;
  readonly path: string | undefined;
  readonly hint: string | undefined;

  constructor(code: Code, message: string, options: PromptstackErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "PromptstackError";
    this.code = code;
    this.path = options.path;
    this.hint = options.hint;
    Object.defineProperty(this, PROMPTSTACK_ERROR_MARKER, { value: true });
  }

  /**
   * True for any promptstack error, even one thrown by another copy of the package. Every
   * subclass has its own `isInstance` (`ConfigError.isInstance`, ...), true only for its kind.
   */
  static isInstance(value: unknown): value is PromptstackError {
    return typeof value === "object" && value !== null && PROMPTSTACK_ERROR_MARKER in value;
  }

  /**
   * Marks this error with a package's own `Symbol.for` marker, so that the package's
   * `isInstance` (through `hasMarker`) recognizes it across duplicate installs. A subclass calls
   * it from its constructor.
   */
  protected mark(marker: symbol): void {
    Object.defineProperty(this, marker, { value: true });
  }

  /** True when `value` carries `marker` (set by `mark`): the body of a subclass's `isInstance`. */
  protected static hasMarker(value: unknown, marker: symbol): boolean {
    return typeof value === "object" && value !== null && marker in value;
  }
}
