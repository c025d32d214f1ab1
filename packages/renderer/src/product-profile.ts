import type { ProductProfile } from "@promptstack/core";

/** The built-in default profile: OpenClaw, so that defaults match the design documents. */
export const OPENCLAW_PRODUCT_PROFILE: ProductProfile = Object.freeze({
  name: "OpenClaw",
  cliName: "openclaw",
  docsUrl: "https://docs.openclaw.ai",
  sourceUrl: "https://github.com/openclaw/openclaw",
  skillsHubUrl: "https://clawhub.ai",
  communityUrl: "https://discord.com/invite/clawd",
  delimiterWord: "OPENCLAW",
  features: Object.freeze({
    gatewayTool: true,
    controlUi: true,
    productCli: true,
    replyDirectives: true,
    docs: true,
    skillsHub: true,
    channelRouting: true,
    approvalCommand: true,
    referenceToolGuidance: true,
  }),
  requiredWorkspaceFiles: Object.freeze(["AGENTS.md", "SOUL.md", "IDENTITY.md", "USER.md"]),
});

/**
 * A generic chat agent: no gateway, Control UI, product CLI, reply directives, docs, skills hub,
 * product routing, approval command or reference tool guidance. Sections and lines about those
 * never render; only AGENTS.md is a required workspace file; tools bring their own guidance (`tools[].guidance`). The URL fields are required
 * by the profile shape but never rendered, since no feature that prints them is declared.
 */
export const NEUTRAL_PRODUCT_PROFILE: ProductProfile = Object.freeze({
  name: "this chat service",
  cliName: "agent",
  docsUrl: "about:blank",
  sourceUrl: "about:blank",
  skillsHubUrl: "about:blank",
  communityUrl: "about:blank",
  delimiterWord: "AGENT",
  features: Object.freeze({}),
  fenceContextFiles: true,
  ownerAuthority: true,
  // A generic bot keeps its rules in AGENTS.md; persona and user files are optional.
  requiredWorkspaceFiles: Object.freeze(["AGENTS.md"]),
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
