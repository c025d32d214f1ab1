/**
 * Strings that name the reference product, its CLI commands, URLs, gateway, Control UI or reply
 * directives. A render under the neutral profile (or a profile built on it) must contain none.
 */
export const REFERENCE_PRODUCT_TOKENS: readonly string[] = Object.freeze([
  "OpenClaw",
  "openclaw",
  "OPENCLAW",
  "clawhub",
  "clawd",
  "docs.openclaw.ai",
  "discord.com",
  "about:blank",
  "gateway",
  "Control UI",
  "Portals",
  "MEDIA:",
  "[[",
  "NO_REPLY",
  "/approve",
  "config.get",
  "config.schema",
  "update.run",
  "`agent ",
  "channels add",
  "configure`",
  "docs/gateway",
]);

/** The reference-product tokens `text` contains. */
export function findReferenceProductTokens(text: string): string[] {
  return REFERENCE_PRODUCT_TOKENS.filter((token) => text.includes(token));
}
