import { describe, expect, it } from "vitest";
import { parseSkillFrontMatter } from "./parse-skill-front-matter.js";

const data = (source: string): unknown => {
  const frontMatter = parseSkillFrontMatter(source);
  return frontMatter.found ? frontMatter.data : "(no front matter)";
};

describe("parseSkillFrontMatter", () => {
  it("reads the YAML between the opening fence and the first line starting with ---", () => {
    expect(data("---\nname: a\ndescription: d\n---\n# Body\n---\nname: b\n")).toEqual({
      name: "a",
      description: "d",
    });
    // A closing line that only starts with `---` still closes the block.
    expect(data("---\nname: a\n----\nname: b\n")).toEqual({ name: "a" });
    expect(data("---\nname: a\n--- trailing\nname: b\n")).toEqual({ name: "a" });
  });

  it("needs an opening line of exactly --- (trailing blanks allowed)", () => {
    expect(data("--- \t\nname: a\n---\n")).toEqual({ name: "a" });
    expect(data("----\nname: a\n---\n")).toBe("(no front matter)");
    expect(data("---js\nname: a\n---\n")).toBe("(no front matter)");
    expect(data("---yaml\nname: a\n---\n")).toBe("(no front matter)");
    expect(data("---")).toBe("(no front matter)");
    expect(data("\n---\nname: a\n---\n")).toBe("(no front matter)");
    expect(data("\uFEFF---\nname: a\n---\n")).toBe("(no front matter)");
  });

  it("reads CRLF files", () => {
    expect(data("---\r\nname: a\r\ndescription: |\r\n  one\r\n  two\r\n---\r\nbody\r\n")).toEqual({
      name: "a",
      description: "one\ntwo\n",
    });
  });

  it("takes the rest of the file when the closing fence is missing", () => {
    expect(data("---\nname: a\ndescription: d\n")).toEqual({ name: "a", description: "d" });
    expect(() => parseSkillFrontMatter("---\nname: a\n\n# Heading\nSome: text: here\n")).toThrow(
      /bad indentation|mapping/,
    );
  });

  it("holds an empty mapping when the block is blank, comments only, or null", () => {
    expect(data("---\n---\n")).toEqual({});
    expect(data("---\n\n   \n---\nbody")).toEqual({});
    expect(data("---\n# just a comment\n  # another\n---\n")).toEqual({});
    expect(data("---\n~\n---\n")).toEqual({});
  });

  it("returns other YAML values as they are, for the caller to reject", () => {
    expect(data("---\n- a\n- b\n---\n")).toEqual(["a", "b"]);
    expect(data("---\nplain\n---\n")).toBe("plain");
  });

  it("throws on invalid YAML with the line counted from the opening fence", () => {
    expect(() => parseSkillFrontMatter("---\nname: a\nname: b\n---\n")).toThrow(
      expect.objectContaining({
        reason: "duplicated mapping key",
        mark: expect.objectContaining({ line: 2 }),
      }),
    );
  });

  it("never builds JavaScript values", () => {
    expect(() => parseSkillFrontMatter("---\nname: !!js/function 'function () {}'\n---\n")).toThrow(
      /unknown tag/,
    );
  });
});
