/** The product's identity, so that the renderer stays product-agnostic. */
export interface ProductProfile {
  /** Display name, e.g. `OpenClaw`. */
  readonly name: string;
  /** Command name used in terminal hints, e.g. `openclaw`. */
  readonly cliName: string;
  /** Public documentation URL. */
  readonly docsUrl: string;
  /** Public source URL (used for package installs). */
  readonly sourceUrl: string;
  /** Skills hub URL. */
  readonly skillsHubUrl: string;
  /** Community link (chat server, forum). */
  readonly communityUrl: string;
  /** Upper-case word inside the internal-context delimiters, e.g. `OPENCLAW`. */
  readonly delimiterWord: string;
  /**
   * The product features that exist. A section or line about a feature the profile does not
   * declare is never rendered. Absent: every feature of the reference product (the behaviour of
   * profiles written before features existed); `NEUTRAL_PRODUCT_PROFILE` declares none.
   */
  readonly features?: ProductFeatures;
  /**
   * Wrap each injected workspace file in a `<file path="...">` tag (headings intact inside), so
   * a file's own headings cannot pass for a prompt section. Default false (the reference layout:
   * one `## <path>` heading per file).
   */
  readonly fenceContextFiles?: boolean;
  /**
   * Execution Bias keeps authority with the owner: an available tool does not authorize an
   * action, and in groups only harmless requests from others are acted on. Default false.
   */
  readonly ownerAuthority?: boolean;
  /**
   * Workspace convention: the bootstrap files the product expects. A missing one is injected as
   * a missing-file marker; every other bootstrap file is optional (injected only when present).
   * The renderer does not read it: `@promptstack/agent` passes it to `@promptstack/bootstrap`.
   * Absent: the reference set (AGENTS.md, SOUL.md, IDENTITY.md, USER.md).
   */
  readonly requiredWorkspaceFiles?: readonly string[];
}

/**
 * Product features a profile declares. Every flag defaults to false once `features` is given;
 * `OPENCLAW_PRODUCT_PROFILE` sets them all.
 */
export interface ProductFeatures {
  /** A `gateway` tool with config operations (`config.get`, `config.schema.lookup`, `update.run`). */
  readonly gatewayTool?: boolean;
  /** A Control UI (embedded runs, portals). */
  readonly controlUi?: boolean;
  /** A product CLI named `cliName` with `status`, `configure`, `channels add`, `update`. */
  readonly productCli?: boolean;
  /** Reply directives the gateway parses (`MEDIA:`, `[[audio_as_voice]]`, `[[reply_to_current]]`). */
  readonly replyDirectives?: boolean;
  /** Public docs, source and community locations (the Documentation section). */
  readonly docs?: boolean;
  /** A skills hub at `skillsHubUrl`. */
  readonly skillsHub?: boolean;
  /** Product-level channel routing (the Messaging section's routing line names the product). */
  readonly channelRouting?: boolean;
  /** The `/approve` chat command for exec approvals (the Exec Approvals section). */
  readonly approvalCommand?: boolean;
  /** The built-in guidance keyed by the reference product's tool names (`cron`, `exec`, ...). */
  readonly referenceToolGuidance?: boolean;
}
