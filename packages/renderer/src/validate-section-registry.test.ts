import { describe, expect, it } from "vitest";
import { listBuiltInSections, validateSectionRegistry } from "./validate-section-registry.js";

describe("validateSectionRegistry", () => {
  it("accepts a registry that names built-in sections and anchors a custom one", () => {
    expect(() =>
      validateSectionRegistry({
        disable: ["promised_work"],
        add: [
          { id: "house_rules", heading: "House Rules", cache: "stable", after: "care", text: "x" },
        ],
      }),
    ).not.toThrow();
  });

  it("names the unknown id and the clash", () => {
    expect(() => validateSectionRegistry({ disable: ["pep_talk"] })).toThrow(
      expect.objectContaining({ code: "RENDERER_UNKNOWN_SECTION" }),
    );
    expect(() =>
      validateSectionRegistry({ disable: ["care"], replace: { care: "Be kind." } }),
    ).toThrow(expect.objectContaining({ code: "RENDERER_SECTION_CLASH" }));
  });

  it("lists the built-in sections in prompt order with their cache side", () => {
    const sections = listBuiltInSections();
    expect(sections[0]).toEqual({ id: "identity", cache: "stable" });
    expect(sections.find((section) => section.id === "runtime")?.cache).toBe("volatile");
    expect(new Set(sections.map((section) => section.id)).size).toBe(sections.length);
  });
});
