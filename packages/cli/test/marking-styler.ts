import type { Styler } from "../src/output/create-styler.js";

/**
 * A styler that marks each style with tags (`<dim>text</dim>`), so a test reads where a style
 * starts and ends and which one it is.
 */
export const markingStyler: Styler = {
  enabled: true,
  dim: (text) => `<dim>${text}</dim>`,
  bold: (text) => `<bold>${text}</bold>`,
  green: (text) => `<green>${text}</green>`,
  yellow: (text) => `<yellow>${text}</yellow>`,
  red: (text) => `<red>${text}</red>`,
  cyan: (text) => `<cyan>${text}</cyan>`,
};
