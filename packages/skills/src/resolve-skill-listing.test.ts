import { describe, expect, it } from "vitest";
import type { SkillEntrySettings } from "./resolve-skill-eligibility.js";
import { resolveSkillListing } from "./resolve-skill-listing.js";
import type { Skill, SkillMetadata } from "./types.js";

function skill(name: string, metadata: SkillMetadata = {}): Skill {
  return {
    name,
    description: `${name} skill`,
    userInvocable: true,
    disableModelInvocation: false,
    metadata,
    path: `/skills/${name}/SKILL.md`,
    dir: `/skills/${name}`,
    tier: "workspace",
  };
}

describe("resolveSkillListing", () => {
  it("defaults to a normal listing at priority 0", () => {
    expect(resolveSkillListing(skill("deploy"), undefined)).toEqual({
      listing: "normal",
      priority: 0,
    });
    expect(resolveSkillListing(skill("deploy"), {})).toEqual({ listing: "normal", priority: 0 });
    expect(resolveSkillListing(skill("deploy"), { deploy: undefined })).toEqual({
      listing: "normal",
      priority: 0,
    });
    expect(resolveSkillListing(skill("deploy"), { deploy: { enabled: true } })).toEqual({
      listing: "normal",
      priority: 0,
    });
  });

  it("reads listing and priority from the entry under the skill's name", () => {
    const entries: Record<string, SkillEntrySettings> = {
      deploy: { listing: "pinned", priority: 5 },
      other: { listing: "manual" },
    };
    expect(resolveSkillListing(skill("deploy"), entries)).toEqual({
      listing: "pinned",
      priority: 5,
    });
    expect(resolveSkillListing(skill("deploy"), { deploy: { priority: -2 } })).toEqual({
      listing: "normal",
      priority: -2,
    });
    expect(resolveSkillListing(skill("deploy"), { deploy: { listing: "manual" } })).toEqual({
      listing: "manual",
      priority: 0,
    });
  });

  it("keys the entry by metadata.openclaw.skillKey when set, not by the name", () => {
    const entries: Record<string, SkillEntrySettings> = {
      deploy: { listing: "manual" },
      ship: { listing: "pinned", priority: 1 },
    };
    expect(resolveSkillListing(skill("deploy", { skillKey: "ship" }), entries)).toEqual({
      listing: "pinned",
      priority: 1,
    });
    expect(resolveSkillListing(skill("deploy", { skillKey: "absent" }), entries)).toEqual({
      listing: "normal",
      priority: 0,
    });
  });

  it("ignores inherited keys: only the entries' own keys name skills", () => {
    const inherited = { deploy: { listing: "manual", priority: 9 } } satisfies Record<
      string,
      SkillEntrySettings
    >;
    const entries = Object.create(inherited) as Record<string, SkillEntrySettings>;
    expect(resolveSkillListing(skill("deploy"), entries)).toEqual({
      listing: "normal",
      priority: 0,
    });
    expect(resolveSkillListing(skill("constructor"), {})).toEqual({
      listing: "normal",
      priority: 0,
    });
  });
});
