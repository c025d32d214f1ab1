import type { CliIo } from "../cli-io.js";

/** Text styles the CLI uses. Each is the identity function when colour is off. */
export interface Styler {
  readonly enabled: boolean;
  readonly dim: (text: string) => string;
  readonly bold: (text: string) => string;
  readonly green: (text: string) => string;
  readonly yellow: (text: string) => string;
  readonly red: (text: string) => string;
  readonly cyan: (text: string) => string;
}

function wrap(open: number, close: number): (text: string) => string {
  return (text) => `\u001b[${open}m${text}\u001b[${close}m`;
}

const identity = (text: string): string => text;

/**
 * Colour on a TTY unless `NO_COLOR` is set (https://no-color.org); `FORCE_COLOR` (non-empty,
 * not `0`) turns it on even when piped.
 */
export function createStyler(io: Pick<CliIo, "isTTY" | "env">): Styler {
  const force = io.env["FORCE_COLOR"];
  const noColor = io.env["NO_COLOR"];
  const enabled =
    noColor !== undefined && noColor !== ""
      ? false
      : force !== undefined && force !== "" && force !== "0"
        ? true
        : io.isTTY;
  if (!enabled) {
    return {
      enabled,
      dim: identity,
      bold: identity,
      green: identity,
      yellow: identity,
      red: identity,
      cyan: identity,
    };
  }
  return {
    enabled,
    dim: wrap(2, 22),
    bold: wrap(1, 22),
    green: wrap(32, 39),
    yellow: wrap(33, 39),
    red: wrap(31, 39),
    cyan: wrap(36, 39),
  };
}
