import { NEUTRAL_PRODUCT_PROFILE, OPENCLAW_PRODUCT_PROFILE } from "@promptstack/renderer";
import type { ProductProfile } from "@promptstack/core";
import type { InlineProductProfileConfig, ProductProfileName } from "./config-types.js";

const BUILT_IN_PROFILES: Readonly<Record<ProductProfileName, ProductProfile>> = {
  openclaw: OPENCLAW_PRODUCT_PROFILE,
  neutral: NEUTRAL_PRODUCT_PROFILE,
};

/**
 * Turns a config `profile` value into the renderer's `ProductProfile`: a built-in name gives that
 * profile; an inline profile starts from its `extends` (default `neutral`, so nothing of the
 * reference product appears unless asked for) and overrides the keys it gives, merging
 * `features` flag by flag. Absent: the reference profile. Pure; the value is already validated.
 */
export function resolveProductProfile(
  setting: ProductProfileName | InlineProductProfileConfig | undefined,
): ProductProfile {
  if (setting === undefined) return OPENCLAW_PRODUCT_PROFILE;
  if (typeof setting === "string") return BUILT_IN_PROFILES[setting];
  const { extends: baseName, features, ...overrides } = setting;
  const base = BUILT_IN_PROFILES[baseName ?? "neutral"];
  return {
    ...base,
    ...overrides,
    ...(features === undefined ? {} : { features: { ...base.features, ...features } }),
  };
}
