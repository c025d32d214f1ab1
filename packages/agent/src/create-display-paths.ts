import { isAbsolute, join, relative, sep } from "node:path";
import type { Diagnostic } from "@promptstack/core";
import type { DisplayPathMapping } from "./agent-types.js";

/** How the assembler shows real paths, and maps shown ones back. */
export interface DisplayPaths {
  /** A real path as shown: the first mapping that contains it wins. */
  readonly show: (path: string) => string;
  /** A shown path (e.g. a configured `workspace`) back to the real one. */
  readonly toReal: (path: string) => string;
  /** A diagnostic with every real folder in it shown. */
  readonly showDiagnostic: (diagnostic: Diagnostic) => Diagnostic;
}

/** The display mapping of `displayPaths`. Pure: nothing is read. */
export function createDisplayPaths(mappings: readonly DisplayPathMapping[]): DisplayPaths {
  const show = (path: string): string => {
    for (const mapping of mappings) {
      const rel = relative(mapping.real, path);
      if (rel === "") return mapping.shown;
      if (!rel.startsWith("..") && !isAbsolute(rel)) {
        return `${mapping.shown}/${rel.split(sep).join("/")}`;
      }
    }
    return path;
  };
  const toReal = (path: string): string => {
    for (const mapping of mappings) {
      if (path === mapping.shown) return mapping.real;
      if (path.startsWith(`${mapping.shown}/`)) {
        return join(mapping.real, path.slice(mapping.shown.length + 1));
      }
    }
    return path;
  };
  const showText = (text: string): string =>
    mappings.reduce((value, mapping) => value.split(mapping.real).join(mapping.shown), text);
  const showDiagnostic = (diagnostic: Diagnostic): Diagnostic => ({
    ...diagnostic,
    message: showText(diagnostic.message),
    ...(diagnostic.path === undefined ? {} : { path: show(diagnostic.path) }),
    ...(diagnostic.hint === undefined ? {} : { hint: showText(diagnostic.hint) }),
  });
  return { show, toReal, showDiagnostic };
}
