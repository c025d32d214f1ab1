import type { ProductProfile } from "./types.js";

/** The built-in default profile: OpenClaw, so that defaults match the design documents. */
export const OPENCLAW_PRODUCT_PROFILE: ProductProfile = Object.freeze({
  name: "OpenClaw",
  cliName: "openclaw",
  docsUrl: "https://docs.openclaw.ai",
  sourceUrl: "https://github.com/openclaw/openclaw",
  skillsHubUrl: "https://clawhub.ai",
  communityUrl: "https://discord.com/invite/clawd",
  delimiterWord: "OPENCLAW",
});

/** The BEGIN/END internal-context delimiters for a profile. */
export interface InternalContextDelimiters {
  readonly begin: string;
  readonly end: string;
}

/** Builds `<<<BEGIN_<WORD>_INTERNAL_CONTEXT>>>` / `<<<END_<WORD>_INTERNAL_CONTEXT>>>`. */
export function formatInternalContextDelimiters(
  profile: ProductProfile = OPENCLAW_PRODUCT_PROFILE,
): InternalContextDelimiters {
  return {
    begin: `<<<BEGIN_${profile.delimiterWord}_INTERNAL_CONTEXT>>>`,
    end: `<<<END_${profile.delimiterWord}_INTERNAL_CONTEXT>>>`,
  };
}
